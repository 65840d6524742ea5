"""What a player sees of Deep Space D-6: the observation, and its plain-text rendering."""

from __future__ import annotations

from typing import Any

from solotable.core.i18n import Catalogue, pad_to

from .actions import INST_NAMES
from .cards import FACES, data
from .rules import (
    ALLOCATE,
    CARDS,
    LOC_NAMES,
    MISSION,
    OVER,
    PHASE_NAMES,
    ST_COM,
    ST_ENG,
    STASIS,
    STATION_NAMES,
    THREAT,
    DeepSpaceState,
)

D = data()


def observation(s: DeepSpaceState) -> dict[str, Any]:
    """Everything on the table: nothing here is hidden (the deck order is not in the state)."""
    dice: list[dict[str, Any]] = []
    for d in range(6):
        where = s.loc[d]
        dice.append({
            "die": d + 1,
            "face": FACES[s.face[d]] if s.face[d] >= 0 else None,
            "where": LOC_NAMES[where],
            "station": STATION_NAMES[where - ST_COM] if ST_COM <= where <= ST_ENG else None,
            "card": INST_NAMES[s.on[d]] if s.on[d] >= 0 else None,
        })  # fmt: skip
    threats: list[dict[str, Any]] = []
    for order, i in enumerate(s.in_play):
        c = CARDS[i // 2]
        mission_dice = [d + 1 for d in range(6) if s.loc[d] == MISSION and s.on[d] == i]
        threats.append({
            "card": INST_NAMES[i],
            "id": c.id,
            "kind": c.kind,
            "order": order + 1,
            "health": s.health[i] if c.external and c.health else None,
            "max_health": c.health if c.external and c.health else None,
            "activation": list(c.activation),
            "damage": c.damage,
            "ignores_shields": c.ignores_shields,
            "in_stasis": bool(s.stasis >> i & 1),
            "stasis_die": next((d + 1 for d in range(6) if s.loc[d] == STASIS and s.on[d] == i), None),
            "mission": [sorted(FACES[f] for f in slot) for slot in c.mission],
            "mission_dice": mission_dice,
            "open_slots": [sorted(FACES[f] for f in slot) for slot in s.open_slots(i)],
        })  # fmt: skip
    counts = {name: 0 for name in ("pool", "unassigned", "scanners", "station", "stasis", "mission",
                                   "distracted", "returned", "infirmary")}  # fmt: skip
    for where in s.loc:
        counts[LOC_NAMES[where]] += 1
    return {
        "game": "deepspace-d6",
        "difficulty": s.difficulty,
        "dont_panic": s.dont_panic,
        "length": s.length,
        "phase": PHASE_NAMES[s.phase],
        "round": s.round,
        "hull": s.hull,
        "hull_max": D.hull,
        "shields": s.shields,
        "shields_max": D.shields,
        "shields_offline": s.nebula(),
        "dice": dice,
        "dice_count": counts,
        "threats": threats,
        "deck_left": s.deck,
        "deck_empty": s.deck == 0,
        "removed_unseen": s.removed,
        "discard": [CARDS[c].id for c in s.discard],
        "threat_die": s.roll or None,
        "volley_left": s.points if s.phase == ALLOCATE else None,
        "pending": INST_NAMES[s.pending] if s.pending >= 0 else None,
        "lost_this_round": s.lost,
        "destroyed": s.destroyed,
        "over": s.phase == OVER,
        "won": s.won,
    }




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
    if o["threat_die"] and s.phase != THREAT:
        lines.append(t("ds6.view.threat_die", lang, face=o["threat_die"]))
    if o["volley_left"] is not None:
        lines.append(t("ds6.view.volley", lang, points=o["volley_left"]))
    if o["over"]:
        lines.append(t("ds6.view.over_won" if o["won"] else "ds6.view.over_lost", lang))
    return "\n".join(lines)
