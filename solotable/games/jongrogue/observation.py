"""What the player sees (rules reference §7.2 Observation), as a typed dictionary.

Face-down tiles are ``"?"`` (an Invisible monster too, marked ``unseen``), a disguised xeroc on
mN looks like the item sN (D61), unrevealed links and unknown ring kinds and equipment states are
``None`` or left out; under Clairvoyance every encounter tile shows (§7.16). The full-screen board
and line mode read this and nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from .notation import LAB_NAMES, SIDES, TILE_NAMES, number
from .state import (
    CLAIR,
    DOOR,
    K_DOWN,
    K_GONE,
    K_MON,
    K_TRAP,
    KIND_NAMES,
    M_DISGUISED,
    M_INVIS,
    MON_STATUS_NAMES,
    PASSAGE,
    PC_STATUS_NAMES,
    POS_NAMES,
    POTIONS,
    SCROLLS,
    neighbour,
)

if TYPE_CHECKING:
    from .state import JongRogueState, Slot

PHASE_NAMES = ("start", "play", "threat", "ranged", "melee", "turn_end", "death", "over", "carry", "identify")
"""Every value of ``observation["phase"]`` but ``"chance"`` (a draw is awaited)."""


class SlotView(TypedDict):
    slot: int
    tile: str
    kind: NotRequired[str]
    unseen: NotRequired[bool]
    monster: NotRequired[str]
    hp: NotRequired[int]
    status: NotRequired[list[str]]
    trap: NotRequired[int]


class RoomView(TypedDict):
    room: int
    lab: list[str] | None
    found: list[str]
    processed: bool
    slots: list[SlotView]


class Sheet(TypedDict):
    level: int
    xp: int
    hp: int
    max_hp: int
    strength: int
    """Strength in force: with a worn Ring of Add Strength (§7.22; issue 25)."""
    max_strength: int
    status: list[str]
    gold: int
    food: int
    floor: int
    deepest: int
    stairs: str


class WeaponView(TypedDict):
    kind: str
    enchant: int | None
    cursed: bool | None
    equipped: bool


class ArmourView(TypedDict):
    kind: str
    enchant: int | None
    cursed: bool | None
    protected: bool
    worn: bool


class RingView(TypedDict):
    kind: str | None
    cursed: bool | None
    hand: int


class Equipment(TypedDict):
    weapons: list[WeaponView]
    bow: bool
    missiles: dict[str, bool]
    armours: list[ArmourView]
    rings: list[RingView]
    amulet: bool


class Pack(TypedDict):
    potions: dict[str, int]
    scrolls: dict[str, int]


class Identified(TypedDict):
    potions: dict[str, str]
    scrolls: dict[str, str]


Position = TypedDict(
    "Position",
    {"at": str, "room": NotRequired[int], "side": NotRequired[str], "from": NotRequired[int], "to": NotRequired[int]},
)


class PassageMonster(TypedDict):
    monster: str
    hp: int
    status: list[str]


class DrawView(TypedDict):
    """Tiles drawn from the pile for one thing (a check, an attack, damage, an encounter...)."""

    purpose: str
    """What they were drawn for: the draw's name (``melee_hit``, ``sleep_check``; the catalogue's
    ``jr.draw.<purpose>`` words it)."""
    tiles: list[str]
    """The tiles in the order drawn (``m3``, ``p5``)."""


class ResultView(TypedDict):
    won: bool
    score: int
    cause: str
    killer: NotRequired[str]
    """The monster that killed the PC (cause ``monster``), §4.8."""


class Observation(TypedDict):
    phase: str
    draw: str | None
    """At a draw, what it is for: the chance phase's name (``time_tile``, ``trap_check``...)."""
    options: dict[str, Any]
    sheet: Sheet
    equipment: Equipment
    pack: Pack
    identified: Identified
    position: Position
    map: list[RoomView]
    passage_monster: PassageMonster | None
    pile: int
    discard: int
    discard_tiles: dict[str, int]
    drawn: list[DrawView]
    """The tiles drawn from the pile since the last decision, face up beside it until the next one,
    grouped by what they were drawn for (recorded with the events: none when they are off)."""
    drawn_after: int
    """How many decisions were made before these draws (tells one step's draws from the next)."""
    turn: int
    continues: int
    result: ResultView | None


def _statuses(flags: int) -> list[str]:
    return [n for i, n in enumerate(MON_STATUS_NAMES) if flags >> i & 1]


def slot_view(s: JongRogueState, k: int, slot: Slot) -> SlotView | None:
    """What slot ``k`` (0-based) shows, or None for a tile gone from the map."""
    if slot.kind == K_GONE:
        return None
    clair = s.status & CLAIR
    if slot.kind == K_DOWN or (not slot.up and not clair):
        return {"slot": k + 1, "tile": "?"}
    if slot.kind == K_MON and slot.flags & M_INVIS and not clair:
        return {"slot": k + 1, "tile": "?", "unseen": True}
    if slot.kind == K_MON and slot.flags & M_DISGUISED and not clair:
        return {"slot": k + 1, "tile": "s" + str(number(slot.tile)), "kind": "item"}  # D61: mN looks like sN
    shown: SlotView = {"slot": k + 1, "tile": TILE_NAMES[slot.tile], "kind": KIND_NAMES[slot.kind]}
    if slot.kind == K_MON:
        shown["monster"] = slot.mon.id
        shown["hp"] = slot.hp
        shown["status"] = _statuses(slot.flags)
    elif slot.kind == K_TRAP:
        shown["trap"] = number(slot.tile)
    return shown


def _result(s: JongRogueState) -> ResultView | None:
    if not s.ended:
        return None
    out: ResultView = {"won": s.won, "score": s.score, "cause": s.cause}
    if s.killer:
        out["killer"] = s.killer
    return out


def observation(s: JongRogueState) -> Observation:
    rooms: list[RoomView] = []
    for r in range(9):
        pair = s.lab[r]
        rooms.append({
            "room": r + 1,
            "lab": [LAB_NAMES[t] for t in pair] if pair is not None else None,
            "found": [SIDES[sd] for sd in range(4) if s.found[r] >> sd & 1],
            "processed": bool(s.processed[r]),
            "slots": [v for k, slot in enumerate(s.slots[r]) if (v := slot_view(s, k, slot)) is not None],
        })  # fmt: skip
    pmon: PassageMonster | None = None
    if s.pmon is not None:
        pmon = {"monster": s.pmon.mon.id, "hp": s.pmon.hp, "status": _statuses(s.pmon.flags)}
    pos: Position = {"at": POS_NAMES[s.pos], "room": s.room + 1}
    if s.pos == DOOR:
        pos["side"] = SIDES[s.side]
    if s.pos == PASSAGE:
        pos = {"at": "passage", "from": s.pfrom + 1, "to": neighbour(s.pfrom, s.side) + 1}
    if s.table is not None:
        phase = "chance"
    elif s.ended:
        phase = "over"
    else:
        phase = s.mode.name
    return {
        "phase": phase,
        "draw": s.phase.name if s.table is not None else None,
        "options": s.options(),
        "sheet": {
            "level": s.level, "xp": s.xp, "hp": s.hp, "max_hp": s.maxhp, "strength": s.eff_strength(),
            "max_strength": s.max_str,
            "status": [n for i, n in enumerate(PC_STATUS_NAMES) if s.status >> i & 1]
            + (["hungry"] if s.food == 0 else []),  # a warning only (§7.16, D43)
            "gold": s.gold, "food": s.food, "floor": s.floor, "deepest": s.deepest,
            "stairs": "S" if s.amulet else "T",  # the plate (D8)
        },
        "equipment": {
            "weapons": [{"kind": w.kind, "enchant": w.enchant if w.known else None,
                         "cursed": w.cursed if w.known else None, "equipped": i == s.weapon_eq}
                        for i, w in enumerate(s.weapons)],
            "bow": s.bow,
            "missiles": {m: bool(s.missiles[i]) for i, m in enumerate(("arrows", "darts", "shuriken"))},
            "armours": [{"kind": a.kind, "enchant": a.enchant if a.known else None,
                         "cursed": a.cursed if a.known else None, "protected": a.protected,
                         "worn": i == s.armour_eq} for i, a in enumerate(s.armours)],
            "rings": [{"kind": r.kind, "cursed": r.cursed if r.kind is not None else None, "hand": r.hand}
                      for r in s.rings],
            "amulet": s.amulet,
        },
        "pack": {
            "potions": {TILE_NAMES[18 + i]: n for i, n in enumerate(s.potions) if n},
            "scrolls": {TILE_NAMES[i]: n for i, n in enumerate(s.scrolls) if n},
        },
        "identified": {
            "potions": {TILE_NAMES[18 + i]: POTIONS[r] for i, r in enumerate(s.pot_row) if r >= 0},
            "scrolls": {TILE_NAMES[i]: SCROLLS[r] for i, r in enumerate(s.scr_row) if r >= 0},
        },
        "position": pos,
        "map": rooms,
        "passage_monster": pmon,
        "pile": s.pile_n,
        "discard": s.discard_n,
        "discard_tiles": {TILE_NAMES[t]: n for t, n in enumerate(s.discard) if n},
        "drawn": [{"purpose": what, "tiles": [TILE_NAMES[t] for t in tiles]} for what, tiles in s.drawn]
        if s.drawn_at == s.decisions else [],
        "drawn_after": s.decisions,
        "turn": s.turn,
        "continues": s.continues,
        "result": _result(s),
    }  # fmt: skip
