"""What the players see of a Mini Rogue (2020) table: the observation, typed.

Everything on the table and nothing else (face-down cards are not dealt yet, ruling MR-P1). The
full-screen board reads these keys; mypy checks it against :class:`Observation`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from solotable.core.engine import OVER

from .data import ROOM_CARDS
from .state import FACE, FOE_KINDS

if TYPE_CHECKING:
    from .state import MiniRogueState


class HeroView(TypedDict):
    seat: int
    character: str
    hp: int
    armor: int
    shield: int
    gold: int
    food: int
    xp: int
    dice: int
    potions: list[str]
    item: str
    statuses: list[str]
    skill_up: bool
    pos: list[int]
    """Row and column, from 1."""
    resolved: bool
    evade: bool
    poison_effect: int


class CombatView(TypedDict):
    foe: str
    kind: str
    hp: int
    max_hp: int
    damage: int
    icons: list[str]
    round: int
    fighters: list[int]
    attacker: int
    frozen: bool
    dice: list[str]
    values: list[int]
    removed: list[bool]
    cursed: bool
    backstab: bool
    black: list[int]


class CheckView(TypedDict):
    kind: str
    white: str
    black: int
    auto: bool


Offer = TypedDict("Offer", {"from": int, "give": str, "get": str | None})


class Observation(TypedDict):
    game: str
    phase: str
    to_move: int | None
    area: int
    floor: int
    difficulty: str
    players: int
    leader: int
    grid: list[str | None]
    """The 8 room cards, row by row (the exit is not a card); None while face down."""
    boss: str | None
    heroes: list[HeroView]
    combat: CombatView | None
    check: CheckView | None
    free_feats: int
    offer: Offer | None
    bosses_beaten: int
    over: bool
    won: bool
    overrides: bool
    actor: int
    """The seat (from 1) whose decision, roll or room it is."""
    window: str | None
    """Which decision window is open: ``start``, ``before``, ``between``, ``after``, ``boss``,
    ``exit`` (rules.windows), or None."""
    reveal: list[int] | None
    """The room (row, column) whose card is being turned up, during that draw."""
    die: int
    """The white die (from 1) being rerolled, during a critical or feat reroll."""
    cause: str
    """Why the game ended (``monster``, ``starvation``, ``win``...), or ``""``."""


def observation(s: MiniRogueState) -> Observation:
    heroes: list[HeroView] = []
    for seat, h in enumerate(s.heroes):
        heroes.append(
            {
                "seat": seat + 1,
                "character": h.char,
                "hp": h.hp,
                "armor": h.armor,
                "shield": h.shield,
                "gold": h.gold,
                "food": h.food,
                "xp": h.xp,
                "dice": s.dice_count(h),
                "potions": list(h.potions),
                "item": h.item,
                "statuses": list(h.statuses()),
                "skill_up": h.skill_up,
                "pos": [h.pos // 3 + 1, h.pos % 3 + 1],
                "resolved": h.resolved,
                "evade": h.evade,
                "poison_effect": h.poison_fx,
            }
        )
    combat: CombatView | None = None
    if s.foe is not None:
        combat = {
            "foe": s.foe.name,
            "kind": FOE_KINDS[s.foe_kind],
            "hp": s.foe_hp,
            "max_hp": s.foe_max,
            "damage": s.foe.damage,
            "icons": list(s.foe.icons),
            "round": s.round,
            "fighters": [f + 1 for f in s.fighters],
            "attacker": s.fighters[s.att] + 1 if s.fighters else 0,
            "frozen": s.frozen,
            "dice": [FACE[d - 1] for d in s.dice],
            "values": [s.die_value(i) for i in range(len(s.dice))],
            "removed": list(s.removed),
            "cursed": s.cursed_now,
            "backstab": s.backstab,
            "black": [h.black for h in s.heroes],
        }
    check: CheckView | None = None
    if s.c_white and s.foe is None:
        check = {"kind": s.c_kind, "white": "".join(FACE[d - 1] for d in s.c_white), "black": s.c_black, "auto": s.c_ok}
    offer: Offer | None = None
    if s.offer is not None:
        offer = {"from": s.offer.giver + 1, "give": s.offer.give, "get": s.offer.get or None}
    return {
        "game": "minirogue",
        "phase": s.phase.name,
        "to_move": s.to_move,
        "area": s.area,
        "floor": s.floor,
        "difficulty": s.difficulty,
        "players": s.n,
        "leader": s.leader + 1,
        "grid": [ROOM_CARDS[c] if c >= 0 else None for c in s.grid[:8]],
        "boss": s.boss or None,
        "heroes": heroes,
        "combat": combat,
        "check": check,
        "free_feats": s.free_feats,
        "offer": offer,
        "bosses_beaten": s.bosses_beaten,
        "over": s.phase is OVER,
        "won": s.won,
        "overrides": bool(s.cards_data),
        "actor": s.actor + 1,
        "window": s.win_when or None,
        "reveal": [s.rpos // 3 + 1, s.rpos % 3 + 1] if s.phase.name == "reveal" else None,
        "die": s.die + 1,
        "cause": s.cause,
    }
