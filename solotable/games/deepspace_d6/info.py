"""Everything a player of Deep Space D-6 could read at the table (``Game.info_entries``, the ``i`` key
and ``info``): every threat card in play with its text, the discard pile, the deck and the cards not
seen yet, the stations printed on the ship board and the dice converter card."""

from __future__ import annotations

from solotable.core.i18n import Catalogue
from solotable.core.protocol import InfoEntry

from .data import FACES
from .observation import observation
from .state import CARDS, STATION_NAMES, DeepSpaceState
from .view import slots_text, values


def info_entries(s: DeepSpaceState, cat: Catalogue, lang: str) -> list[InfoEntry]:
    """What a player reads at the table: every threat card in play, the discard pile, the deck
    (its count, and the cards not seen yet, which a player can work out), the stations printed
    on the ship board and the dice converter card."""
    o = observation(s)
    t = cat.text
    entries: list[InfoEntry] = []
    total = len(o["threats"])
    for th in o["threats"]:
        lines = [t(f"ds6.info.kind.{th['kind']}", lang, order=th["order"], total=total)]
        if th["health"] is not None:
            lines.append(t("ds6.info.health", lang, health=th["health"], max=th["max_health"]))
        if th["activation"]:
            lines.append(t("ds6.info.activation", lang, values=values(cat, th["activation"], lang)))
        else:
            lines.append(t("ds6.info.never", lang))
        lines.append(t("ds6.info.text", lang, text=f"@ds6.text.{th['id']}"))
        if th["mission"]:
            placed = [t(f"ds6.face.{o['dice'][n - 1]['face']}", lang) for n in th["mission_dice"]]
            dice = t("ds6.sep.list", lang).join(placed) or t("ds6.info.nothing", lang)
            lines.append(t("ds6.info.mission", lang, slots=slots_text(cat, th, lang), dice=dice))
        if th["in_stasis"]:
            lines.append(t("ds6.info.stasis", lang))
        entries.append(InfoEntry(f"threat:{th['card']}", t(f"ds6.name.{th['card']}", lang), "\n".join(lines)))
    discard = [t(f"ds6.threat.{INST_NAME_OF_CARD[c]}", lang) for c in o["discard"]]
    entries.append(InfoEntry("discard", t("ds6.info.discard", lang), "\n".join(discard) or t("ds6.info.nothing", lang)))
    unseen = [
        t("ds6.info.copies", lang, card=f"@ds6.threat.{INST_NAME_OF_CARD[c.id]}", count=n) if n > 1
        else t(f"ds6.threat.{INST_NAME_OF_CARD[c.id]}", lang)
        for c, n in zip(CARDS, s.unseen, strict=True) if n
    ]  # fmt: skip
    deck = [t("ds6.info.deck", lang, left=o["deck_left"], removed=o["removed_unseen"]), t("ds6.info.unseen", lang)]
    entries.append(InfoEntry("deck", t("ds6.info.deck_title", lang), "\n".join(deck + unseen)))
    stations = [t(f"ds6.info.station.{name}", lang) for name in STATION_NAMES]
    entries.append(InfoEntry("stations", t("ds6.info.stations", lang), "\n".join(stations)))
    faces = [f"{pip} {t(f'ds6.face.{face}', lang)}" for pip, face in enumerate(FACES, start=1)]
    converter = t("ds6.info.converter_text", lang, faces=t("ds6.sep.list", lang).join(faces))
    entries.append(InfoEntry("converter", t("ds6.info.converter", lang), converter))
    return entries


INST_NAME_OF_CARD = {c.id: c.id + ("a" if c.copies > 1 else "") for c in CARDS}
"""The first copy's instance name of each card: the card as such (in the discard pile, the deck)."""
