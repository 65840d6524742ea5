"""Small helpers so the Mini Rogue v1 rule tests read like the rulebook.

Every helper drives the real state machine with chosen chance outcomes (``d6:3``,
``roll:1,5,6``, ``reveal:monster``) written in the game's own action notation. Scenario set-up
that play cannot reach cheaply (the area, a stat value) is done by setting the state's fields,
as the brief allows; everything after that is played.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

import solotable
from solotable.core.chance import dice_table
from solotable.core.engine import RUNNING
from solotable.core.protocol import Action, State
from solotable.games.minirogue_v1.rules import areas, dungeon

G = solotable.load("minirogue-v1")

# Values from the rules reference (shared/rules/minirogue_v1.md), written out here on purpose:
# the tests compare the engine against the rulebook, not against cards.toml.
LEVEL_OF_AREA = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 3, 8: 4, 9: 4, 10: 4, 11: 5, 12: 5, 13: 5, 14: 5}
BOSS_AREAS = (2, 4, 7, 10, 14)
MONSTER_DAMAGE = {1: 2, 2: 4, 3: 6, 4: 8, 5: 10}  # §5.1
MONSTER_XP = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3}  # §5.1
BOSS = {  # §5.2: level -> (HP, damage, gold, XP)
    1: (10, 3, 2, 2),
    2: (15, 5, 2, 3),
    3: (20, 7, 3, 4),
    4: (25, 9, 3, 5),
    5: (30, 12, 0, 0),
}
XP_TO_NEXT = {1: 6, 2: 12, 3: 18}  # §3.2
PIT = {1: 3, 2: 4, 3: 5, 4: 6, 5: 8, 6: 9, 7: 10, 8: 11, 9: 12, 10: 13}  # §5.7, R24
START = {  # §2: armor, hp, gold, food, score bonus
    "casual": (1, 5, 5, 6, 0),
    "normal": (0, 5, 3, 6, 2),
    "hard": (0, 4, 2, 5, 4),
    "impossible": (0, 3, 1, 3, 6),
}
SPELL_NAMES = ("fire", "ice", "poison", "heal")


def new(difficulty: str = "normal", keys: bool = False, area: int = 1, seed: int | None = None, **fields: Any) -> Any:
    """A fresh game, moved to the start of ``area`` (a fresh layout, §4.1), with ``fields`` set."""
    s = G.new_state(seed=seed, difficulty=difficulty, keys=keys)
    if area != 1:
        s.area = area
        s.stack.clear()  # the Preparation phase of that area (face-up boss in a boss area)
        s.table = None
        s.phase = RUNNING
        areas.new_area(s)
        dungeon.next_column(s)
    for name, value in fields.items():
        setattr(s, name, value)
    return s


def play(s: State, *notations: str) -> State:
    """Apply each notation (decision or chosen chance outcome) in turn."""
    for text in notations:
        s.apply(G.parse_action(s, text))
    return s


def legal(s: State) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def phase(s: State) -> str:
    return s.observation()["phase"]


def keys_of(s: State) -> list[str]:
    """The message ids of the last step's events, without the ``mr1.`` prefix."""
    return [e.key.removeprefix("mr1.") for e in s.events]


def to_combat(area: int = 1, face: int = 1, foe_hp: int | None = None, damage: int | None = None, **fields: Any) -> Any:
    """Turn up a Monster card in column 1 of ``area``; its HP roll shows ``face``.

    ``foe_hp``/``damage`` override the monster's numbers for a scenario; ``fields`` are set on
    the state before the card is turned up (so a held Heal stops at the start of the room).
    """
    s = new(area=area, **fields)
    play(s, "reveal:monster")
    if phase(s) == "pre_room":
        play(s, "enter")
    play(s, f"d6:{face}")
    assert phase(s) == "attack_roll"
    if foe_hp is not None:
        s.foe_hp = s.foe_max_hp = foe_hp
    if damage is not None:
        s.foe_damage = damage
    return s


def through_area_to_boss(s: State) -> State:
    """Play columns 1-4 of the current area quietly (Resting, Merchant, Event 1, Trap check ok)."""
    play(
        s,
        "reveal:resting",
        "rest:food",
        "reveal:merchant,treasure",
        "take:merchant",
        "leave",
        "reveal:event",
        "d6:1",
        "accept",
        "take:trap",
        "d6:4",
        "d6:1",
    )
    return s


def to_boss(area: int, keys: bool = False, difficulty: str = "normal", **fields: Any) -> Any:
    """Play a boss area up to the start of the boss fight, then set ``fields``."""
    assert area in BOSS_AREAS
    s = new(difficulty=difficulty, keys=keys, area=area)
    through_area_to_boss(s)
    assert phase(s) == "attack_roll" and s.observation()["combat"]["foe"] == f"boss.{LEVEL_OF_AREA[area]}"
    for name, value in fields.items():
        setattr(s, name, value)
    return retable(s)


def retable(s: Any) -> Any:
    """After a scenario set the Rank by hand at the attack roll: roll that many dice (the table
    of a draw is made when the draw is asked for)."""
    if phase(s) == "attack_roll":
        s.table = dice_table(s.rank, "roll")
    return s


def attack(s: State, roll: Iterable[int], *after: str) -> State:
    """One attack roll with the given faces, then the listed decisions/outcomes."""
    faces = sorted(roll)
    retable(s)
    return play(s, "roll:" + ",".join(map(str, faces)), *after)


def foe_hp(s: State) -> int:
    combat = s.observation()["combat"]
    assert combat is not None
    return combat["hp"]


def stats(s: State) -> dict[str, Any]:
    c = s.observation()["character"]
    return {k: c[k] for k in ("hp", "armor", "gold", "food", "rank", "xp", "spells")}


def random_game(
    seed: int,
    difficulty: str = "normal",
    keys: bool = False,
) -> tuple[Any, list[Action]]:
    """A whole game with uniform random decisions and sampled chance (``random.Random(seed)``)."""
    rng = random.Random(seed)
    s = G.new_state(seed=seed, difficulty=difficulty, keys=keys)
    actions: list[Action] = []
    while not s.is_terminal():
        a = s.chance_table().sample(rng) if s.is_chance() else rng.choice(s.legal_actions())
        s.apply(a)
        actions.append(a)
    return s, actions


def obs_json(s: State) -> str:
    return json.dumps(s.observation(), sort_keys=True, ensure_ascii=False)


# A fixed, harmless way through a room, used where a test only needs "the rest of the column".
_QUIET_CHANCE = {
    "monster_hp": "d6:1", "treasure_gate": "d6:1", "item_roll": "d6:1", "event_roll": "d6:1",
    "event_skill": "d6:1", "trap_roll": "d6:1", "trap_skill": "d6:1", "crit_roll": "d6:5",
    "feat_roll": "d6:5",
}  # fmt: skip
_QUIET_DECISION = {
    "pre_room": "enter", "merchant": "leave", "rest": "rest:hp", "event_check": "accept",
    "event_shift": "keep", "crit": "stop", "feat": "done", "spell": "nospell",
}  # fmt: skip


def quiet_step(s: Any) -> None:
    """One harmless step: HP rolls of 1, all-5 attack rolls, Trap 1 avoided, Event 1, leave."""
    ph = phase(s)
    if ph == "attack_roll":
        play(s, "roll:" + ",".join(["5"] * s.rank))
    elif ph in _QUIET_CHANCE:
        play(s, _QUIET_CHANCE[ph])
    elif ph in _QUIET_DECISION:
        play(s, _QUIET_DECISION[ph])
    elif ph == "choose":
        s.apply(s.legal_actions()[0])
    elif ph == "spell_discard":
        s.apply(s.legal_actions()[-1])
    else:
        raise AssertionError(f"quiet_step cannot handle phase {ph}")


def quiet_until_reveal(s: Any) -> Any:
    """Resolve quietly until the next chance reveal, a pair choice, or the end of the area."""
    area = s.area
    while not s.is_terminal() and s.area == area and phase(s) not in ("reveal", "choose"):
        quiet_step(s)
    return s


PATIENT = [
    "rest:hp",
    "cast:heal",
    "buy:bigpotion",
    "buy:potion",
    "take:resting",
    "take:merchant",
    "take:treasure",
    "take:event",
    "take:monster",
    "cast:fire",
    "cast:poison",
    "cast:ice",
    "leave",
]


def patient(s: Any, rng: random.Random) -> Action:
    """A player who goes deep: always the quiet option (Resting HP, Heal, potions, no Trap when a
    pair allows, spells in combat), else a uniform choice (never a free discard)."""
    acts = s.legal_actions()
    names = [str(x) for x in acts]
    for p in PATIENT:
        if p in names:
            return acts[names.index(p)]
    return rng.choice([x for x in acts if x.name != "discard"] or acts)
