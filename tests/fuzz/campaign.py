"""A large fuzz campaign over every way in for untrusted input, run by hand (not by the suite).

The same inputs and checks as ``tests/test_fuzz.py`` (``tests/fuzz_support.py``), with fresh
random inputs and many more of them. It prints how many inputs of each kind were tried and what
happened to them, and stops at the first input that lets anything but the project's own error
out (hypothesis then shrinks it and prints it)::

    . /work/venv/bin/activate && export PYTHONPATH=$PWD
    nice -n 10 python tests/fuzz/campaign.py --examples 5000 --seed 1

``--examples`` is per test and game (and mode, for typed lines); ``--seed`` makes a run
repeatable; ``--only`` runs the kinds whose name contains the word given.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

from fuzz_support import (  # noqa: E402
    JSON,
    OUTCOMES,
    TEXT,
    TRIED,
    check_action,
    check_line_mode,
    check_record,
    check_typed_line,
    check_untrusted_text,
    mutated_bytes,
    mutated_fields,
    notation_variants,
    spoofed_actions,
)
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from untrusted_support import GAMES, offered, positions  # noqa: E402

from solotable.core.record import FORMAT  # noqa: E402


def campaign(examples: int, run_seed: int) -> dict[str, Callable[[], None]]:
    """The runs of the campaign by name, each a hypothesis test of ``examples`` inputs."""
    common = settings(
        max_examples=examples,
        deadline=timedelta(seconds=30),
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    runs: dict[str, Callable[[], None]] = {}

    def add(name: str, test: Callable[..., None]) -> None:
        runs[name] = seed(run_seed)(common(test))

    @given(st.binary(max_size=5000))
    def record_bytes(data: bytes) -> None:
        check_record("record-bytes", data)

    add("record-bytes", record_bytes)

    @given(st.fixed_dictionaries({"format": st.just(FORMAT), "format_version": st.just(1)}, optional={
        key: JSON for key in ("game", "rules_version", "options", "seed", "physical_dice", "actions", "checksum")}))
    def record_json(data: dict[str, Any]) -> None:
        check_record("record-json", json.dumps(data))

    add("record-json", record_json)

    @given(TEXT)
    def loader_text(text: str) -> None:
        check_untrusted_text("loader-text", text)

    add("loader-text", loader_text)

    for game in GAMES:
        add(f"records:{game}", _mutated(game))
        for physical in (False, True):
            add(f"typed-line:{game}:{'physical' if physical else 'rolled'}", _typed(game, physical))
        add(f"line-mode:{game}", _line_mode(game))
        add(f"action:{game}", _actions(game))
    return runs


def _mutated(game: str) -> Callable[..., None]:
    @given(st.data())
    def mutated(data: st.DataObject) -> None:
        check_record(f"record-bytes:{game}", data.draw(mutated_bytes(game)))
        check_record(f"record-fields:{game}", data.draw(mutated_fields(game)))

    return mutated


def _typed(game: str, physical: bool) -> Callable[..., None]:
    @given(st.data())
    def typed(data: st.DataObject) -> None:
        index = data.draw(st.integers(0, 5))
        notations = [str(a) for a in offered(positions(game, physical=physical)[index].state)]
        check_typed_line(game, physical, index, data.draw(st.one_of(TEXT, notation_variants(notations))))

    return typed


def _line_mode(game: str) -> Callable[..., None]:
    @given(st.integers(0, 30), TEXT)
    def line_mode(play_seed: int, line: str) -> None:
        check_line_mode(game, play_seed, line)

    return line_mode


def _actions(game: str) -> Callable[..., None]:
    @given(st.data())
    def actions(data: st.DataObject) -> None:
        physical = data.draw(st.booleans())
        index = data.draw(st.integers(0, 5))
        legal = offered(positions(game, physical=physical)[index].state)
        check_action(game, physical, index, data.draw(spoofed_actions(legal)))

    return actions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--examples", type=int, default=2000, help="inputs per run (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="the campaign's random seed (default 0)")
    parser.add_argument("--only", default="", help="run only the kinds whose name contains this")
    args = parser.parse_args()
    runs = campaign(args.examples, args.seed)
    start = time.process_time()
    failed = ""
    for name, run in runs.items():
        if args.only and args.only not in name:
            continue
        began = time.process_time()
        try:
            run()
        except Exception as exc:  # hypothesis has printed the shrunk input
            failed = f"{name}: {type(exc).__name__}: {str(exc)[:500]}"
            print(f"FAILED {failed}", flush=True)
            break
        print(f"{name:<36} {time.process_time() - began:8.1f} s CPU", flush=True)
    print()
    print(f"{'kind':<36} {'tried':>9}  outcomes")
    for kind in sorted(TRIED):
        outcomes = ", ".join(f"{o} {n:,}" for (k, o), n in sorted(OUTCOMES.items()) if k == kind)
        print(f"{kind:<36} {TRIED[kind]:>9,}  {outcomes}")
    print(f"{'total':<36} {sum(TRIED.values()):>9,}")
    print(f"CPU: {time.process_time() - start:.0f} s; result: {'FAILED ' + failed if failed else 'no escape'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
