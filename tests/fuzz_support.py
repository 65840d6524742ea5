"""What the fuzz tests throw at solotable, and what they check (issue 12): shared by the bounded
fuzz tests of the suite (``tests/test_fuzz.py``) and the larger campaign run by hand
(``tests/fuzz/campaign.py``).

Each ``check_*`` feeds one input to one way in and raises ``AssertionError`` if anything but the
project's own error escapes, if a refusal changed the state, or if an error message runs over
one line or echoes a huge value. It returns what happened (``"refused"``, ``"accepted"``), and
:data:`TRIED` counts the inputs per kind.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

from hypothesis import strategies as st
from untrusted_support import fingerprint, offered, play_randomly, positions

from solotable.core.i18n import LocalizedError
from solotable.core.protocol import Action, IllegalAction, State
from solotable.core.record import Record, RecordError, checksum, parse_record
from solotable.core.untrusted import UntrustedError, parse_json, parse_toml
from solotable.ui.cli import LinePlayer

TRIED: Counter[str] = Counter()
"""Inputs tried per kind (``record-bytes``, ``typed-line:jongrogue`` ...)."""
OUTCOMES: Counter[tuple[str, str]] = Counter()
"""``(kind, outcome)`` counts."""

MESSAGE_LIMIT = 2500
"""The longest error message allowed (legal lists of a game with many choices are long; a 2 MB
echo is not)."""


def _count(kind: str, outcome: str) -> str:
    TRIED[kind] += 1
    OUTCOMES[(kind, outcome)] += 1
    return outcome


def _short(exc: BaseException) -> None:
    message = str(exc)
    assert "\n" not in message, message[:300]
    assert len(message) <= MESSAGE_LIMIT, message[:300]


# -- inputs --------------------------------------------------------------------------------------

JSON_LEAF = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30)
)
JSON = st.recursive(
    JSON_LEAF,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=12), inner, max_size=5)),
    max_leaves=20,
)
"""Any JSON value (small)."""

RECORD_KEYS = ["format", "format_version", "game", "rules_version", "options", "seed", "physical_dice", "actions",
               "checksum"]  # fmt: skip

TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="0123456789 ,:+-pcx中發白東萬筒索@\n\t", max_size=20),
    st.builds(lambda n, c: c * n, st.integers(1, 6000), st.sampled_from(["9", "[", "{", "x", " ", "中"])),
)
"""Lines as a person (or a script) might type them: anything, dice-and-tile soup, and huge runs."""


FULL_WIDTH = str.maketrans("0123456789:,", "０１２３４５６７８９：，")


@st.composite
def notation_variants(draw: st.DrawFn, notations: list[str]) -> str:
    """One of ``notations`` typed loosely or wrongly: other case, spaces, full-width digits,
    separators swapped, cut short, doubled, with something added."""
    text = draw(st.sampled_from(notations or ["x"]))
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["upper", "spaces", "wide", "swap", "cut", "double", "add", "keep"]))
        if how == "upper":
            text = text.upper()
        elif how == "spaces":
            text = text.replace(":", " : ").replace(",", " , ")
        elif how == "wide":
            text = text.translate(FULL_WIDTH)
        elif how == "swap":
            text = text.replace(",", " ").replace(":", " ", 1)
        elif how == "cut" and text:
            text = text[: draw(st.integers(0, len(text) - 1))]
        elif how == "double":
            text = text + "," + text.split(":")[-1]
        elif how == "add":
            text = text + draw(TEXT)
    return text


@cache
def base_records(game: str) -> tuple[str, ...]:
    """Records of whole or long games of ``game`` (both modes), to mutate."""
    out = []
    for seed in range(3):
        for physical in (False, True):
            out.append(play_randomly(game, 100 + seed, physical=physical, steps=200).record.dumps())
    return tuple(out)


@st.composite
def mutated_bytes(draw: st.DrawFn, game: str) -> bytes:
    """A real record of ``game`` with a few bytes flipped, inserted or deleted."""
    data = bytearray(draw(st.sampled_from(base_records(game))).encode())
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(data) - 1))
        how = draw(st.sampled_from(["flip", "insert", "delete", "digit"]))
        if how == "flip":
            data[where] ^= 1 << draw(st.integers(0, 7))
        elif how == "insert":
            data[where:where] = draw(st.binary(min_size=1, max_size=4))
        elif how == "delete":
            del data[where : where + draw(st.integers(1, 8))]
        else:
            data[where:where] = b"9" * draw(st.integers(1, 5000))
    return bytes(data)


@st.composite
def mutated_fields(draw: st.DrawFn, game: str) -> str:
    """A real record of ``game`` with fields changed at the JSON level, and signed again (so that
    the change reaches the replay, not only the checksum)."""
    data: dict[str, Any] = json.loads(draw(st.sampled_from(base_records(game))))
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["value", "drop", "action", "option", "swap", "truncate"]))
        if how == "value":
            data[draw(st.sampled_from(RECORD_KEYS))] = draw(JSON)
        elif how == "drop":
            data.pop(draw(st.sampled_from(RECORD_KEYS)), None)
        elif how == "action" and isinstance(data.get("actions"), list) and data["actions"]:
            index = draw(st.integers(0, len(data["actions"]) - 1))
            data["actions"][index] = draw(st.one_of(TEXT, JSON, st.sampled_from(data["actions"])))
        elif how == "option" and isinstance(data.get("options"), dict):
            data["options"][draw(st.one_of(st.sampled_from([*data["options"], "seed", "cards"]), st.text()))] = draw(
                st.one_of(JSON, TEXT)
            )
        elif how == "swap" and isinstance(data.get("actions"), list) and len(data["actions"]) > 1:
            i = draw(st.integers(0, len(data["actions"]) - 2))
            data["actions"][i], data["actions"][i + 1] = data["actions"][i + 1], data["actions"][i]
        elif how == "truncate" and isinstance(data.get("actions"), list):
            del data["actions"][draw(st.integers(0, len(data["actions"]))) :]
    if draw(st.booleans()):
        content = {k: v for k, v in data.items() if k != "checksum"}
        data["checksum"] = checksum(content)
    return json.dumps(data, ensure_ascii=draw(st.booleans()))


@st.composite
def spoofed_actions(draw: st.DrawFn, legal: list[Action]) -> Action:
    """An action with a name and arguments like the legal ones, or quite unlike them."""
    names = [a.name for a in legal] or ["x"]
    values: list[Any] = [x for a in legal for x in a.args]
    arg = st.one_of(
        st.integers(), st.text(max_size=8), st.sampled_from(values or [0]),
        st.sampled_from([str(v) for v in values] or ["0"]), st.floats(allow_nan=False), st.booleans(),
    )  # fmt: skip
    name = draw(st.one_of(st.sampled_from(names), st.text(max_size=10)))
    return Action(name, *draw(st.lists(arg, max_size=4)))


# -- checks --------------------------------------------------------------------------------------


def check_record(kind: str, data: str | bytes) -> str:
    """A record from outside: a whole, checked record, or a one-line RecordError."""
    try:
        record = parse_record(data, source="fuzzed.json")
    except RecordError as exc:
        _short(exc)
        return _count(kind, "refused")
    assert isinstance(record, Record)
    record.replay()  # accepted: it plays again, whole
    return _count(kind, "accepted")


def check_untrusted_text(kind: str, text: str) -> str:
    """Text through the loader's JSON and TOML parsers: a value, or a one-line UntrustedError
    (counted as ``KIND-json`` and ``KIND-toml``)."""
    for name, parse in (("json", parse_json), ("toml", parse_toml)):
        try:
            parse(text, "fuzzed")
        except UntrustedError as exc:
            _short(exc)
            _count(f"{kind}-{name}", "refused")
        else:
            _count(f"{kind}-{name}", "accepted")
    return "done"


def check_typed_line(game: str, physical: bool, index: int, line: str) -> str:
    """A typed line read at one of the positions of ``game``: one of the offered actions, or a
    one-line IllegalAction, and the position unchanged."""
    kind = f"typed-line:{game}:{'physical' if physical else 'rolled'}"
    sessions = positions(game, physical=physical)
    session = sessions[index % len(sessions)]
    state = session.state
    before = fingerprint(state)
    try:
        action = session.game.parse_action(state, line)
    except IllegalAction as exc:
        _short(exc)
        outcome = "refused"
    else:
        assert action in offered(state)
        outcome = "read"
    assert fingerprint(state) == before
    return _count(kind, outcome)


COMMAND_HEADS = ("save", "hint", "q", "quit", "exit", "help", "?")
"""Line-mode commands the line-mode fuzz leaves out: they write files, think for seconds, quit
or print pages (none reads the line as a move)."""


def check_line_mode(game: str, seed: int, line: str) -> str:
    """A line typed in line mode: it plays a move, or is answered in one line (or a few, for the
    table shown again), and a refusal changes nothing."""
    kind = f"line-mode:{game}"
    folded = line.strip().lower()
    if not folded or folded.split()[0] in COMMAND_HEADS:
        return _count(kind, "skipped")
    session = play_randomly(game, seed, physical=seed % 2 == 1, steps=seed)
    if session.state.is_terminal():
        return _count(kind, "skipped")
    before = fingerprint(session.state)
    length = len(session.record.actions)
    out: list[str] = []
    player = LinePlayer(session, "en", lambda prompt: "n", out.append)
    player.handle(line)
    if len(session.record.actions) == length:
        assert fingerprint(session.state) == before
        for text in out:
            assert len(text) <= MESSAGE_LIMIT or "\n" in text, text[:300]
        return _count(kind, "refused")
    return _count(kind, "played")


def check_action(game: str, physical: bool, index: int, action: Action) -> str:
    """An action object handed to ``apply`` (the Python API): played if it is one of the
    offered actions, else a one-line IllegalAction and the state unchanged."""
    kind = f"action:{game}"
    sessions = positions(game, physical=physical)
    state: State = sessions[index % len(sessions)].state.clone()
    legal = offered(state)
    before = fingerprint(state)
    try:
        state.apply(action)
    except IllegalAction as exc:
        _short(exc)
        assert fingerprint(state) == before
        return _count(kind, "refused")
    except LocalizedError as exc:  # the project's own, but not the kind apply promises
        raise AssertionError(f"{type(exc).__name__} from apply: {exc}") from exc
    assert action in legal, f"{action!r} was played but not offered"
    return _count(kind, "played")

