"""Mini Rogue (2020) in words: the label of every decision and chance outcome, every argument named
(no codes), from the catalogue and the state."""

from __future__ import annotations

from solotable.core.i18n import Catalogue
from solotable.core.protocol import Action, Event

from .rules import OFFER
from .state import MiniRogueState, faces_text
from .view import effects_text


def describe(cat: Catalogue, s: MiniRogueState, action: Action, lang: str) -> str:
    """A decision or a chance outcome in words (every argument named: no codes)."""
    t = cat.text
    name = action.name
    a = action.args
    key = f"mr.act.{name}"
    if name == "card":
        return t(key, lang, card=f"@mr.card.{a[0]}")
    if name == "boss":
        return t(key, lang, boss=f"@mr.name.{a[0]}")
    if name in ("drink", "potion", "drop", "conjure"):
        return t(key, lang, potion=f"@mr.potion.{a[0]}")
    if name in ("give", "sell"):
        return t(key, lang, what=f"@mr.give.{a[0]}")
    if name == "trade":
        return t(key, lang, what=f"@mr.give.{a[0]}", got=f"@mr.give.{a[1]}")
    if name == "share":  # D32, MR-P11
        return t(f"mr.act.share_{a[0]}", lang)
    if name in ("accept", "decline") and s.phase is OFFER:
        return t("mr.act.accept_offer" if name == "accept" else "mr.act.decline", lang)
    if name == "buy":
        ware = next((w for w in s.data.merchants[s.c_card].wares if w.key == a[0]), None) if s.c_card else None
        price = ware.cost(s.floor) if ware is not None else 0
        return t("mr.act.buy_price", lang, ware=f"@mr.ware.{a[0]}", price=price)
    if name == "move":
        return t(f"mr.act.move_{a[0]}", lang)
    if name == "feat":
        return t(key, lang, die=a[0], cost=f"@mr.cost.{a[1]}")
    if name == "confirm" and a:
        return t("mr.act.confirm_n", lang, a0=a[0])
    if name == "bless":
        if len(a) > 1:
            return t("mr.act.bless_status", lang, seat=a[0], status=f"@mr.status.{a[1]}")
        return t(key, lang, seat=a[0])
    if name == "opt" and s.opts_list:
        return t(key, lang, n=a[0], effects=effects_text(cat, s.opts_list[int(a[0]) - 1], lang))
    if name in ("keep", "up", "down") and s.c_card in s.data.graveyards:
        face = s.c_black + (1 if name == "up" else -1 if name == "down" else 0)
        row = s.data.graveyards[s.c_card][face - 1]
        return t(key, lang, face=face, row=f"@mr.name.{row.name}")
    if name in ("roll", "check") and a:
        extra = [str(x) for x in a[2:]]
        one = "mr.act.dice_one" if len(str(a[0])) == 1 else "mr.act.dice"  # one white die: "White die"
        parts = [t(one, lang, white=faces_text(str(a[0]), t("mr.ui.list", lang)), black=a[1])]
        parts.extend(t(f"mr.act.die_{x}", lang) for x in extra)
        return t("mr.ui.list", lang).join(parts)
    if name == "white":
        return t(key, lang, a0="×" if a[0] == "x" else a[0])
    if a:
        return t(key, lang, **{f"a{i}": v for i, v in enumerate(a)})
    return t(key, lang)


def event_words(cat: Catalogue, event: Event, lang: str) -> str:
    """An event in words: the white faces of a roll (``white``, recorded as codes, ``x56``) read
    as a list of the language (``×, 5, 6``; ``×、5、6``)."""
    white = event.params.get("white")
    if isinstance(white, str):
        return cat.text(event.key, lang, **{**event.params, "white": faces_text(white, cat.text("mr.ui.list", lang))})
    return cat.render(event, lang)
