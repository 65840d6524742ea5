"""Fuzz tests of every way in for untrusted input (issue 12), bounded in time: random and
mutated records of every game, text through the loader's parsers, typed lines in every game and
mode (parsed, and in line mode), and actions handed to the Python API's ``apply``. The only
exceptions that escape are the project's own, one line each, and a refusal changes nothing.

The inputs are fixed (``derandomize``) so that the suite is the same at every run; the larger
campaign with fresh inputs is ``tests/fuzz/campaign.py`` (see its docstring)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fuzz_support import (
    JSON,
    TEXT,
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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from untrusted_support import GAMES, offered, positions

from solotable.core.record import FORMAT

BOUNDED = settings(
    max_examples=300,
    deadline=timedelta(seconds=10),  # per input; generous, for a busy machine
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)


@BOUNDED
@given(st.binary(max_size=3000))
def test_random_bytes_as_a_record(data: bytes) -> None:
    check_record("record-bytes", data)


@BOUNDED
@given(st.fixed_dictionaries({"format": st.just(FORMAT), "format_version": st.just(1)}, optional={
    key: JSON for key in ("game", "rules_version", "options", "seed", "physical_dice", "actions", "checksum")}))
def test_random_record_shaped_json(data: dict[str, object]) -> None:
    import json

    check_record("record-json", json.dumps(data))


@BOUNDED
@given(TEXT)
def test_random_text_through_the_loader(text: str) -> None:
    check_untrusted_text("loader-text", text)


@pytest.mark.parametrize("game", GAMES)
@BOUNDED
@given(data=st.data())
def test_mutated_records(game: str, data: st.DataObject) -> None:
    check_record(f"record-bytes:{game}", data.draw(mutated_bytes(game)))
    check_record(f"record-fields:{game}", data.draw(mutated_fields(game)))


@pytest.mark.parametrize("physical", [False, True], ids=["rolled", "physical"])
@pytest.mark.parametrize("game", GAMES)
@BOUNDED
@given(data=st.data())
def test_typed_lines(game: str, physical: bool, data: st.DataObject) -> None:
    index = data.draw(st.integers(0, 5))
    notations = [str(a) for a in offered(positions(game, physical=physical)[index].state)]
    check_typed_line(game, physical, index, data.draw(st.one_of(TEXT, notation_variants(notations))))


@pytest.mark.parametrize("game", GAMES)
@settings(BOUNDED, max_examples=60)
@given(seed=st.integers(0, 12), line=TEXT)
def test_line_mode(game: str, seed: int, line: str) -> None:
    check_line_mode(game, seed, line)


@pytest.mark.parametrize("game", GAMES)
@BOUNDED
@given(data=st.data())
def test_actions_through_apply(game: str, data: st.DataObject) -> None:
    physical = data.draw(st.booleans())
    index = data.draw(st.integers(0, 5))
    legal = offered(positions(game, physical=physical)[index].state)
    check_action(game, physical, index, data.draw(spoofed_actions(legal)))
