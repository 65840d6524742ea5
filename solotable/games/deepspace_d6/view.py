"""Deep Space D-6 in line mode: the ship board as plain text, from the observation."""

from __future__ import annotations

from solotable.core.i18n import Catalogue, pad_to

from .observation import observation
from .rules.threats import THREAT
from .state import DeepSpaceState


def render_text(s: DeepSpaceState, cat: Catalogue, lang: str) -> str:
    """The ship board as plain text: trackers, dice by place, threats in play, the deck."""
    o = observation(s)
    t = cat.text
    lines: list[str] = []
    lines.append(t("ds6.view.head", lang, round=o["round"], difficulty=f"@ds6.difficulty.{o['difficulty']}",
                   dont_panic=o["dont_panic"], length=f"@ds6.length.{o['length']}"))  # fmt: skip
    shields = t("ds6.view.offline", lang) if o["shields_offline"] else f"{o['shields']}/{o['shields_max']}"
    lines.append(t("ds6.view.ship", lang, hull=o["hull"], hull_max=o["hull_max"], shields=shields))
    lines.append(t("ds6.view.deck", lang, left=o["deck_left"], discard=len(o["discard"])))
    groups: dict[str, list[str]] = {}
    for d in o["dice"]:
        face = t(f"ds6.face.{d['face']}", lang) if d["face"] else "-"
        label = f"#{d['die']}:{face}"
        if d["station"]:
            key = "ds6.station." + d["station"]
        elif d["card"]:
            key = "ds6.where." + d["where"]
            label += "→" + d["card"]
        else:
            key = "ds6.where." + d["where"]
        groups.setdefault(key, []).append(label)
    for key, labels in groups.items():
        lines.append("  " + pad_to(t(key, lang), 14) + " " + "  ".join(labels))
    if o["threats"]:
        lines.append(t("ds6.view.threats", lang))
        for th in o["threats"]:
            name = t(f"ds6.card.{th['id']}", lang)
            bits = [f"{th['card']} {name}"]
            if th["health"] is not None:
                bits.append(t("ds6.view.health", lang, health=th["health"], max=th["max_health"]))
            acts = ",".join(str(v) for v in th["activation"]) or "-"
            bits.append(t("ds6.view.activation", lang, values=acts))
            bits.append(t(f"ds6.text.{th['id']}", lang))
            if th["mission"]:
                need = " + ".join("/".join(t(f"ds6.face.{f}", lang) for f in slot) for slot in th["mission"])
                bits.append(t("ds6.view.mission", lang, need=need, placed=len(th["mission_dice"])))
            if th["in_stasis"]:
                bits.append(t("ds6.view.stasis", lang))
            kind = "▲" if th["kind"] == "external" else "■"
            lines.append(f"  {kind} " + " | ".join(bits))
    else:
        lines.append(t("ds6.view.no_threats", lang))
    if o["threat_die"] and s.phase is not THREAT:
        lines.append(t("ds6.view.threat_die", lang, face=o["threat_die"]))
    if o["volley_left"] is not None:
        lines.append(t("ds6.view.volley", lang, points=o["volley_left"]))
    if o["over"]:
        lines.append(t("ds6.view.over_won" if o["won"] else "ds6.view.over_lost", lang))
    return "\n".join(lines)
