"""What a player sees of Mini Rogue v1.2.1: the observation, a typed dictionary that the boards, the line
player's text (:mod:`.view`) and the learning agents' features read."""

from __future__ import annotations

from typing import TypedDict

from .data import data
from .rules import CHOOSE, MONSTER_HP
from .state import CARD_NAMES, FOE_BOSS, FOE_EVENT, MISS, NO_FOE, STATUS_NAMES, MiniRogueState

D = data()
SLOTS_PER_COLUMN = (1, 2, 1, 2)


class CardView(TypedDict):
    card: str | None
    """The card's id (``monster``, ``boss``...), or None while it is face down."""
    face_up: bool
    chosen: bool
    reachable: bool


class ColumnView(TypedDict):
    column: int
    """1 to 4, and 5 for the boss."""
    cards: list[CardView]
    current: bool


class CharacterView(TypedDict):
    hp: int
    hp_max: int
    armor: int
    armor_max: int
    gold: int
    gold_max: int
    food: int
    food_max: int
    rank: int
    xp: int
    xp_to_next: int | None
    combat_dice: int
    spells: list[str]
    key: bool | None
    """Whether a key is held, in the Labyrinth keys variant (None without the variant)."""


class DungeonView(TypedDict):
    area: int
    level: int
    boss_area: bool
    final_area: int
    bosses_slain: int
    monster_defeated_here: bool


class DieView(TypedDict):
    die: int
    value: int
    status: str
    """``hit``, ``open`` (a 6 that may be rerolled) or ``miss``."""
    feat_used: bool


class CombatView(TypedDict):
    foe: str
    """``monster.N``, ``boss.N`` (N the level) or ``event_monster``."""
    hp: int | None
    """None before a monster's HP roll."""
    max_hp: int | None
    damage: int
    poison: int
    ice: bool
    dice: list[DieView]
    damage_now: int


class Observation(TypedDict):
    """Everything on the table of Mini Rogue v1.2.1 (what ``observation()`` returns)."""

    game: str
    difficulty: str
    keys_variant: bool
    phase: str
    """The phase's name: a decision (``merchant``, ``crit``...), a draw (``attack_roll``...) or
    ``over``."""
    character: CharacterView
    dungeon: DungeonView
    layout: list[ColumnView]
    unrevealed: list[str]
    combat: CombatView | None
    event_roll: int | None
    trap: str | None
    pending_spell: str | None
    rerolling: int | None
    """The die (1-based) whose critical or feat reroll is being drawn."""
    score: int
    over: bool
    won: bool
    cause: str | None
    """How the game ended (``win``, ``monster``, ``boss``, ``trap``, ``starvation``, ``no_key``)."""


def observation(s: MiniRogueState) -> Observation:
    """Everything on the table; face-down cards appear as ``None``."""
    boss_area = s.area in D.last_area_of_level
    layout: list[ColumnView] = []
    over = s.over
    phase = s.phase
    n_cols = 5 if boss_area else 4
    for c in range(n_cols):
        slots = 1 if c == 4 else SLOTS_PER_COLUMN[c]
        shown = s.revealed[c]
        cards: list[CardView] = []
        for k in range(slots):
            card = CARD_NAMES[shown[k]] if k < len(shown) else None
            chosen = k < len(shown) and s.chosen[c] == shown[k]
            if over:
                reachable = False
            elif c > s.col:
                reachable = True
            elif c == s.col:
                reachable = chosen or phase is CHOOSE or card is None
            else:
                reachable = False
            cards.append({"card": card, "face_up": card is not None, "chosen": chosen, "reachable": reachable})
        layout.append({"column": c + 1, "cards": cards, "current": c == s.col and not over})
    combat: CombatView | None = None
    if s.foe != NO_FOE:
        rolling_hp = phase is MONSTER_HP  # HP = area + 1d6, not rolled yet
        combat = {
            "foe": _foe_id(s),
            "hp": None if rolling_hp else s.foe_hp,
            "max_hp": None if rolling_hp else s.foe_max_hp,
            "damage": s.foe_damage,
            "poison": s.poison + s.poison_new,
            "ice": s.ice,
            "dice": [
                {"die": i + 1, "value": v, "status": STATUS_NAMES[st], "feat_used": f}
                for i, (v, st, f) in enumerate(zip(s.dice, s.dstat, s.dfeat, strict=True))
            ],
            "damage_now": sum(v for v, st in zip(s.dice, s.dstat, strict=True) if st != MISS),
        }
    unrevealed = [CARD_NAMES[i] for i in range(6) if s.remaining >> i & 1]
    return {
        "game": "minirogue-v1",
        "difficulty": s.difficulty,
        "keys_variant": s.keys,
        "phase": phase.name,
        "character": {
            "hp": s.hp, "hp_max": D.cap_hp,
            "armor": s.armor, "armor_max": D.cap_armor,
            "gold": s.gold, "gold_max": D.cap_gold,
            "food": s.food, "food_max": D.cap_food,
            "rank": s.rank, "xp": s.xp,
            "xp_to_next": D.xp_to_next[s.rank - 1] if s.rank < D.cap_rank else None,
            "combat_dice": s.rank,
            "spells": list(s.spells),
            "key": s.key_held if s.keys else None,
        },
        "dungeon": {
            "area": s.area,
            "level": s.level,
            "boss_area": boss_area,
            "final_area": D.final_area,
            "bosses_slain": s.bosses,
            "monster_defeated_here": s.monster_defeated,
        },
        "layout": layout,
        "unrevealed": unrevealed,
        "combat": combat,
        "event_roll": (s.event_roll or None) if phase.name.startswith("event") else None,
        "trap": D.trap_results[s.trap - 1] if phase.name.startswith("trap") and s.trap else None,
        "pending_spell": s.pending_spell or None,
        "rerolling": s.rerolling + 1 if phase.name in ("crit_roll", "feat_roll") else None,
        "score": s.score(),
        "over": over,
        "won": s.won,
        "cause": s.cause or None,
    }  # fmt: skip


def _foe_id(s: MiniRogueState) -> str:
    if s.foe == FOE_BOSS:
        return f"boss.{s.level}"
    if s.foe == FOE_EVENT:
        return "event_monster"
    return f"monster.{s.level}"
