"""Reading what players type for Mini Rogue (2020), physical dice above all (ruling MR-P3).

A combat roll or a skill check is typed as the white dice in any order (``x`` or ``1`` for the
×, 2-6), then the black die (1-6), then, for a combat roll, the poison die and the curse die when
the fighter holds them: ``p`` / ``c`` (or ``+``) when they show their icon, ``-`` when blank.
Spaces, commas and the ``roll:`` prefix are optional: ``x 5 6 3 p``, ``x56 3 p``, ``roll:x56,3,p1``.
Anything else is refused with what a roll is here (how many white dice, which extra dice) and an
example, never with a traceback (issue 12: ``-1``, ``p 5`` and ``+`` crashed the old reader).
"""

from __future__ import annotations

import re
import unicodedata

from solotable.core.i18n import message
from solotable.core.protocol import Action, IllegalAction

from .names import CARD_INDEX, ROOM_TYPE
from .state import FACE

MAX_TYPED = 40
"""The longest roll text read (a roll is at most a dozen characters)."""
_TOKEN = re.compile(r"p[01]|c[01]|[x1-6pc+\-]")
_SEPARATORS = re.compile(r"[\s,:;]+")


def roll_shape(table_action: Action) -> tuple[str, int, bool, bool]:
    """What the roll outcomes of a table look like: the kind (``roll`` or ``check``), the number of
    white dice, and whether the poison and the curse dice are rolled."""
    white = str(table_action.args[0])
    extra = table_action.args[2:]
    return (
        table_action.name,
        len(white),
        any(str(x).startswith("p") for x in extra),
        any(str(x).startswith("c") for x in extra),
    )


def _refuse(kind: str, n: int, poison: bool, curse: bool, text: str) -> IllegalAction:
    example = " ".join(["x", "5", "6"][:n] + ["3"] + (["p"] if poison else []) + (["-"] if curse else []))
    shown = "".join(ch if ch.isprintable() else "\ufffd" for ch in " ".join(text.split()))
    return IllegalAction(
        "mr.err.roll_one" if n == 1 else "mr.err.roll_many",
        typed=shown[:MAX_TYPED] + ("…" if len(shown) > MAX_TYPED else ""),
        n=n,
        poison="@mr.err.roll_poison" if poison and kind == "roll" else "",
        curse="@mr.err.roll_curse" if curse and kind == "roll" else "",
        example=example,
    )


def read_roll(text: str, shape: tuple[str, int, bool, bool]) -> str:
    """The notation of a typed roll (``roll:x56,3,p1,c0``), or :class:`IllegalAction` saying what a
    roll is here."""
    kind, n, poison, curse = shape
    raw = text.strip().lower()
    if len(raw) > MAX_TYPED:
        raise _refuse(kind, n, poison, curse, text)
    body = raw.split(":", 1)[1] if raw.startswith(("roll:", "check:")) else raw
    squeezed = _SEPARATORS.sub("", body)
    tokens = _TOKEN.findall(squeezed)
    if "".join(tokens) != squeezed:  # something that is no die and no flag
        raise _refuse(kind, n, poison, curse, text)
    dice = [t for t in tokens if t in FACE or t == "1"]
    flags = tokens[len(dice) :]
    if len(dice) != n + 1 or tokens[: n + 1] != dice or dice[n] == "x":
        raise _refuse(kind, n, poison, curse, text)
    white = "".join(sorted(("x" if t in ("x", "1") else t for t in dice[:n]), key=FACE.index))
    out = [f"{kind}:{white}", dice[n]]
    if kind == "check":
        if flags:
            raise _refuse(kind, n, poison, curse, text)
        return ",".join(out)
    wanted = [w for w, held in (("p", poison), ("c", curse)) if held]
    if len(flags) != len(wanted):
        raise _refuse(kind, n, poison, curse, text)
    for which, flag in zip(wanted, flags, strict=True):
        if flag in ("+", which, which + "1"):
            out.append(which + "1")
        elif flag in ("-", which + "0"):
            out.append(which + "0")
        else:  # a poison flag in the curse die's place, or the other way round
            raise _refuse(kind, n, poison, curse, text)
    return ",".join(out)


# -- cards and bosses by the names printed on them (issue 20 item 2) ----------------------------

NAME_LANGS = ("en", "ja")
"""A card may be typed by its title in either language, whatever the game's language."""
SHOWN_NAMES = 4
"""A refusal names at most this many of the cards that may be turned up."""


def _squeeze(text: str) -> str:
    """A name as compared: NFKC, lower case, without spaces, dots and punctuation."""
    folded = unicodedata.normalize("NFKC", text).lower()
    return "".join(ch for ch in folded if ch.isalnum())


def card_names(action: Action) -> list[str]:
    """The names a player may type for a card or boss outcome: its title in every language as the
    catalogue writes it (``mr.card.GRV-3`` "Corridor" / "回廊"), an item card's item alone, its
    type and mark as the rules reference names the card (``Monster A``, ``Trap 1``, in either
    language: ``モンスターA``) and its code (``GRV-3``)."""
    kind, ident = action.name, str(action.args[0])
    keys = [f"mr.card.{ident}", f"mr.item.{ident}"] if kind == "card" else [f"mr.name.{ident}"]
    names = [ident]
    if kind == "card" and ident in CARD_INDEX:  # its type and mark, as the reference names it: Monster A
        kind_of, mark = ROOM_TYPE[CARD_INDEX[ident]], ident.partition("-")[2]
        names.append(kind_of + mark)
        for lang in NAME_LANGS:  # and in each language's word for the type: モンスターA
            names.append(message(f"mr.info.type.{kind_of}", lang) + mark)
    for key in keys:
        for lang in NAME_LANGS:
            text = message(key, lang)
            if text != key:
                names.append(text)
    return names


def _title_key(action: Action) -> str:
    return f"@mr.card.{action.args[0]}" if action.name == "card" else f"@mr.name.{action.args[0]}"


def read_card(text: str, actions: tuple[Action, ...] | list[Action]) -> str:
    """The notation of the card (or boss) named by ``text`` among ``actions``; :class:`IllegalAction`
    naming two of them (never a list of codes) when it names none."""
    raw = text.strip()
    typed = _squeeze(raw.split(":", 1)[1] if raw.lower().startswith(("card:", "boss:")) else raw)
    for action in actions:
        if any(_squeeze(name) == typed for name in card_names(action)):
            return str(action)
    clipped = "".join(ch if ch.isprintable() else "\ufffd" for ch in " ".join(raw.split()))
    shown = clipped[:MAX_TYPED] + ("…" if len(clipped) > MAX_TYPED else "")
    if len(actions) == 1:
        return _refused("mr.err.card_name_one", typed=shown, a=_title_key(actions[0]))
    return _refused("mr.err.card_name", typed=shown, a=_title_key(actions[0]), b=_title_key(actions[-1]),
                    n=len(actions))  # fmt: skip


def _refused(key: str, **params: str | int) -> str:
    raise IllegalAction(key, **params)
