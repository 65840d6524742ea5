"""How the rules name things in events: message ids by count, and lists of faces.

English says "1 die" but "2 dice": a message with a count has a form for 1 (id ``…_1``), for
some a form for 0 (``…_0``), and the plain id for any other count. Japanese needs no plural, but
each form has its Japanese text. A list of crew faces travels in an event as their codes
(``faces="com,tac"``) and is written in words, in the reader's language, by the game's
``event_text``."""

from __future__ import annotations

from collections.abc import Iterable

from solotable.core.engine import EventKind

from .data import FACES


def counted(key: str, n: int, zero: bool = False) -> str:
    """The message id of ``key``'s form for the count ``n``."""
    if n == 1:
        return key + "_1"
    if n == 0 and zero:
        return key + "_0"
    return key


def counted_kinds(key: str, *names: str) -> dict[str, EventKind]:
    """The event kinds of ``key``'s forms for counts (:func:`counted`'s message ids), each with the
    parameters ``names``: ``state.record(KINDS[counted(key, n)], ...)``."""
    return {k: EventKind(k, *names) for k in (key, key + "_1", key + "_0")}


def faces_param(faces: Iterable[int]) -> str:
    """Crew faces for an event's ``faces`` parameter (written in words by ``event_text``)."""
    return ",".join(map(FACES.__getitem__, faces))
