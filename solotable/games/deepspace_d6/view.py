"""Deep Space D-6 for people: every threat named with its card's text, and the ship board as plain
text (line mode); what a player could read at the table is :mod:`.info`.

A threat in play is named by its card's name; the second copy of a card printed twice is "the
2nd" (the two Raiders E18 ...); cards that share a name are told apart by their activation
values, which every reference shows. All of it is built from the catalogue's words."""

from __future__ import annotations

from solotable.core.i18n import LANGS, Catalogue, LocalizedError, pad_to

from .actions import INST_OF
from .data import data
from .observation import ThreatView, observation
from .rules.threats import THREAT
from .state import CARDS, DeepSpaceState

D = data()


def card_messages(cat: Catalogue) -> dict[str, dict[str, str]]:
    """For every instance of every card (``e18a``, ``e18b`` ...): ``ds6.name.<inst>``, its name
    ("Raiders (2nd)"), and ``ds6.threat.<inst>``, its name with its card's activation values and
    text ("Raiders (2nd) [on 4, 6: −2 Hull, ignores shields]")."""
    out: dict[str, dict[str, str]] = {}
    for inst, key in INST_OF.items():
        card = CARDS[key // 2]
        names: dict[str, str] = {}
        full: dict[str, str] = {}
        for lang in LANGS:
            name = cat.text(f"ds6.card.{card.id}", lang)
            if key % 2:  # DS-P7: the copy that arrived second
                name = cat.text("ds6.ref.second", lang, name=name)
            effect = cat.text(f"ds6.text.{card.id}", lang)
            if card.activation:
                effect = cat.text("ds6.ref.on", lang, values=values(cat, card.activation, lang), text=effect)
            names[lang] = name
            full[lang] = cat.text("ds6.ref.full", lang, name=name, effect=effect)
        out[f"ds6.name.{inst}"] = names
        out[f"ds6.threat.{inst}"] = full
    return out


def message_list(keys: list[str]) -> object:
    """Message ids (``@ds6.threat.e4``) as one parameter of a message, written in the reader's
    language and joined as it writes lists: a chain of ``ds6.list.more``, which the catalogue
    renders like any other localized parameter."""
    out: object = keys[-1] if keys else ""
    for key in reversed(keys[:-1]):
        out = LocalizedError("ds6.list.more", first=key, rest=out)
    return out


def values(cat: Catalogue, numbers: list[int] | tuple[int, ...], lang: str) -> str:
    """Threat-die values as people write them: ``4, 6`` (``4・6``)."""
    return cat.text("ds6.sep.values", lang).join(str(v) for v in numbers)


def render_text(s: DeepSpaceState, cat: Catalogue, lang: str) -> str:
    """The ship board as plain text: trackers, dice by place, threats in play, the deck."""
    o = observation(s)
    t = cat.text
    lines: list[str] = []
    lines.append(t("ds6.view.head", lang, round=o["round"], difficulty=f"@ds6.level.{o['difficulty']}",
                   dont_panic=o["dont_panic"], length=f"@ds6.length.{o['length']}"))  # fmt: skip
    shields = t("ds6.view.offline", lang) if o["shields_offline"] else f"{o['shields']}/{o['shields_max']}"
    lines.append(t("ds6.view.ship", lang, hull=o["hull"], hull_max=o["hull_max"], shields=shields))
    lines.append(t("ds6.view.deck", lang, left=o["deck_left"], discard=len(o["discard"])))
    groups: dict[str, list[str]] = {}
    for d in o["dice"]:
        label = t("ds6.view.die", lang, die=d["die"], face=f"@ds6.face.{d['face']}") if d["face"] else f"#{d['die']}"
        if d["station"]:
            key = "ds6.station." + d["station"]
        elif d["card"]:
            key = "ds6.where." + d["where"]
            label += "→" + t(f"ds6.name.{d['card']}", lang)
        else:
            key = "ds6.where." + d["where"]
        groups.setdefault(key, []).append(label)
    for key, labels in groups.items():
        lines.append("  " + pad_to(t(key, lang), 14) + " " + "  ".join(labels))
    if o["threats"]:
        lines.append(t("ds6.view.threats", lang))
        for th in o["threats"]:
            bits = [t(f"ds6.name.{th['card']}", lang)]
            if th["health"] is not None:
                bits.append(t("ds6.view.health", lang, health=th["health"], max=th["max_health"]))
            if th["activation"]:
                bits.append(t("ds6.view.activation", lang, values=values(cat, th["activation"], lang)))
            else:
                bits.append(t("ds6.view.never", lang))
            bits.append(t(f"ds6.text.{th['id']}", lang))
            if th["mission"]:
                bits.append(t("ds6.view.mission", lang, need=slots_text(cat, th, lang), placed=len(th["mission_dice"])))
            if th["in_stasis"]:
                bits.append(t("ds6.view.stasis", lang))
            kind = "▲" if th["kind"] == "external" else "■"
            lines.append(f"  {kind} " + " | ".join(bits))
    else:
        lines.append(t("ds6.view.no_threats", lang))
    if o["pending"]:
        lines.append(t("ds6.view.pending", lang, card=f"@ds6.threat.{o['pending']}"))
    if o["threat_die"] and s.phase is not THREAT:
        lines.append(t("ds6.view.threat_die", lang, face=o["threat_die"]))
    if o["volley_left"] is not None:
        lines.append(t("ds6.view.volley", lang, points=o["volley_left"]))
    if o["over"]:
        lines.append(t("ds6.view.over_won" if o["won"] else "ds6.view.over_lost", lang))
    return "\n".join(lines)


def slots_text(cat: Catalogue, th: ThreatView, lang: str) -> str:
    """An away mission's slots in words: ``Science + Commander``, ``Science/Medical``."""
    t = cat.text
    return " + ".join(t("ds6.view.either", lang).join(t(f"ds6.face.{f}", lang) for f in slot) for slot in th["mission"])
