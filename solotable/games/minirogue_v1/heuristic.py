"""A sensible Mini Rogue v1.2.1 player: the ``heuristic`` bot, and an evaluation for search.

It plays the way a careful player does:
- criticals: reroll an open 6 unless the monster is already dead on the dice, or a 1 would lose
  more than a counter-attack costs;
- feats: pay 2 HP (or spare XP) to reroll a miss only when that likely finishes the monster and
  saves a painful counter-attack;
- rooms: weigh each card of a pair by what it is worth now (rest when hurt, fight when strong
  enough, avoid traps, go for the Trap when the Labyrinth key is needed);
- the Merchant: health first when hurt, food when short, then Armor, then a spell;
- spells: Fire or Ice when a counter-attack would kill, Fire when it kills, Poison on big foes,
  Heal when low.

The bot reads only what is on the table: the lazily dealt layout means the state holds no
hidden card (project ruling P1), so every field it reads is public.
"""

from __future__ import annotations

import functools
import math
import random
from typing import Any

from solotable.core.protocol import Action, State

from . import actions as A
from .data import data
from .rules import CHOOSE, CRIT, EVENT_CHECK, EVENT_SHIFT, FEAT, MERCHANT_SHOP, PRE_ROOM, REST, SPELL, SPELL_DISCARD
from .state import BOSS_CARD, EVENT, FOE_BOSS, MERCHANT, MISS, MONSTER, OPEN, RESTING, TRAP, TREASURE, MiniRogueState

D = data()
# Expected damage of one attack die when every 6 is rerolled once: (0+2+3+4+5 + E[6 chain]) / 6.
DIE_MEAN = 3.6
SPELL_VALUE = {"heal": 4.0, "fire": 3.5, "ice": 3.0, "poison": 2.5}


def expected_fight_loss(s: MiniRogueState, foe_hp: float, foe_damage: int, dice: int | None = None) -> float:
    """HP the adventurer expects to lose killing a foe (it strikes back after each of our
    attack phases but the last)."""
    n = dice if dice is not None else s.rank
    rounds = max(1, math.ceil(foe_hp / (n * DIE_MEAN)))
    return (rounds - 1) * max(0, foe_damage - s.armor)


def card_value(s: MiniRogueState, card: int) -> float:
    """How good resolving ``card`` now looks, in rough HP-equivalents."""
    level = D.levels[s.level - 1]
    hp = s.hp
    if card == MONSTER:
        loss = expected_fight_loss(s, s.area + 3.5, level.monster_damage)
        if loss >= hp - 1:
            return -20.0
        xp_value = 1.2 * level.monster_xp if s.rank < 4 else 1.0
        return xp_value - 1.3 * loss + (0.5 if not s.monster_defeated else 0.0)
    if card == TREASURE:
        return 1.5 + (0.5 if s.monster_defeated else 0.0)
    if card == MERCHANT:
        if s.gold == 0:
            return -0.5
        useful = (hp < 14) + (s.food < 3) + (s.gold >= D.wares["armor"].price and s.armor < D.cap_armor)
        return 0.5 + 1.5 * useful + (2.0 if hp <= 6 and s.gold >= 3 else 0.0)
    if card == RESTING:
        return 1.5 + (3.0 if hp <= 8 else 0.0) + (2.0 if s.food <= 1 else 0.0)
    if card == EVENT:
        return 1.6
    # Trap: fail chance × about 1.7 HP-equivalents, worse at low HP (the Pit costs 2 HP)
    fail = 1 - s.rank / 6
    risk = fail * (1.7 + (4.0 if hp <= 2 else 0.0))
    if s.keys and not s.key_held and s.level < len(D.levels):
        risk -= 6.0 if s.area in D.last_area_of_level else 1.5  # the key is needed (R33)
    return -risk


def event_value(s: MiniRogueState, face: int) -> float:
    result = D.event_results[face - 1]
    if result == "ration":
        return 1.0 + (2.0 if s.food <= 1 else 0.0) if s.food < D.cap_food else 0.0
    if result == "potion":
        return 2.0 + (2.0 if s.hp <= 6 else 0.0) if s.hp < D.cap_hp else 0.0
    if result == "loot":
        return 1.0 if s.gold < D.cap_gold else 0.0
    if result == "whetstone":
        return 2.5 if s.rank < 4 else 1.0
    if result == "shield":
        return 3.0 if s.armor < D.cap_armor else 0.0
    loss = expected_fight_loss(s, s.area + 3.5, D.levels[s.level - 1].monster_damage)
    return -20.0 if loss >= s.hp - 1 else 1.5 - 1.3 * loss


class MiniRogueHeuristic:
    """The ``heuristic`` agent for minirogue-v1."""

    name = "heuristic"

    def choose(self, state: State, rng: random.Random) -> Action:
        assert isinstance(state, MiniRogueState)
        s = state
        phase = s.phase
        if phase is CHOOSE:
            cards = s.revealed[s.col]
            best = max(cards, key=lambda c: card_value(s, c))
            return A.TAKE[best]
        if phase is PRE_ROOM:
            upcoming = s.card
            danger = upcoming in (MONSTER, BOSS_CARD, TRAP)
            if s.hp <= 4 or (danger and s.hp <= 10):
                return A.CAST["heal"]
            return A.ENTER
        if phase is CRIT:
            return self._crit(s)
        if phase is FEAT:
            return self._feat(s, s.legal_actions())
        if phase is SPELL:
            return self._spell(s)
        if phase is MERCHANT_SHOP:
            return self._merchant(s, s.legal_actions())
        if phase is REST:
            if s.hp <= 10:
                return A.REST["hp"]
            if s.food <= 2:
                return A.REST["food"]
            return A.REST["xp"] if s.rank < 4 else A.REST["hp"]
        if phase is EVENT_CHECK:
            best_now = event_value(s, s.event_roll)
            neighbours = [f for f in (s.event_roll - 1, s.event_roll + 1) if 1 <= f <= 6]
            return A.CHECK if any(event_value(s, f) > best_now for f in neighbours) else A.ACCEPT
        if phase is EVENT_SHIFT:
            options = {A.KEEP: s.event_roll, A.UP: s.event_roll + 1, A.DOWN: s.event_roll - 1}
            choices = [a for a in s.legal_actions() if a in options]
            return max(choices, key=lambda a: event_value(s, options[a]))
        if phase is SPELL_DISCARD:
            held = [*s.spells, s.pending_spell]
            worst = min(held, key=lambda sp: SPELL_VALUE[sp])
            return A.DISCARD[worst]
        return s.legal_actions()[0]

    # -- combat ---------------------------------------------------------------------------

    def _total(self, s: MiniRogueState) -> int:
        return sum(v for v, st in zip(s.dice, s.dstat, strict=True) if st != MISS)

    def _counter(self, s: MiniRogueState) -> int:
        return max(0, s.foe_damage - s.armor)

    def _crit(self, s: MiniRogueState) -> Action:
        total = self._total(s)
        if total >= s.foe_hp:
            return A.STOP  # already a kill: a 1 could only spoil it
        opens = [i for i, st in enumerate(s.dstat) if st == OPEN]
        if s.feat_chain >= 0:
            opens = [s.feat_chain]
        # Reroll the smallest open die: it risks least and gains as much.
        i = min(opens, key=lambda k: s.dice[k])
        if s.dice[i] >= 18:
            return A.STOP  # a 1 would lose more than a reroll is worth (5/6·4 < 1/6·v)
        return A.CRIT[i]

    def _feat(self, s: MiniRogueState, legal: list[Action]) -> Action:
        total = self._total(s)
        short = s.foe_hp - total
        counter = self._counter(s)
        if short <= 0 or counter < 3 or short > 5:
            return A.DONE
        if "ice" in s.spells or ("fire" in s.spells and short <= D.fire_damage):
            return A.DONE  # a spell can finish or stop it for free
        # the die worth least: a miss, or the smallest value
        candidates = [i for i, used in enumerate(s.dfeat) if not used]
        if not candidates:
            return A.DONE
        i = min(candidates, key=lambda k: s.dice[k] if s.dstat[k] != MISS else -1)
        if s.dstat[i] != MISS and s.dice[i] > 2:
            return A.DONE
        if s.hp - 2 > counter + 2 and A.FEAT_HP[i] in legal:
            return A.FEAT_HP[i]
        if s.xp >= 1 and s.rank < 4 and A.FEAT_XP[i] in legal:
            return A.FEAT_XP[i]
        return A.DONE

    def _spell(self, s: MiniRogueState) -> Action:
        counter = self._counter(s)
        spells = s.spells
        deadly = counter >= s.hp and not (s.poison and s.poison * D.poison_damage >= s.foe_hp)
        if "fire" in spells and s.foe_hp <= D.fire_damage and (counter >= 2 or deadly):
            return A.CAST["fire"]
        if deadly:
            if "ice" in spells:
                return A.CAST["ice"]
            if "heal" in spells and s.hp + D.heal_hp > counter:
                return A.CAST["heal"]
            if "fire" in spells:
                return A.CAST["fire"]
            if "poison" in spells:
                return A.CAST["poison"]
        if "poison" in spells and s.foe_hp >= 15:
            return A.CAST["poison"]
        if s.foe == FOE_BOSS and counter >= 6:
            if "fire" in spells:
                return A.CAST["fire"]
            if "ice" in spells:
                return A.CAST["ice"]
        if "heal" in spells and s.hp <= 4 and s.hp + D.heal_hp <= D.cap_hp + 2:
            return A.CAST["heal"]
        return A.NOSPELL

    # -- the Merchant ---------------------------------------------------------------------

    def _merchant(self, s: MiniRogueState, legal: list[Action]) -> Action:
        want: list[Action] = []
        if s.hp <= 14:
            want.append(A.BUY["bigpotion"] if s.hp <= 16 and s.gold >= 3 else A.BUY["potion"])
        if s.food <= 2:
            want.append(A.BUY["ration"])
        if s.armor < D.cap_armor:
            want.append(A.BUY["armor"])
        if len(s.spells) < D.cap_spells:
            want.append(A.BUY["heal"] if "heal" not in s.spells else A.BUY["fire"])
        if s.hp <= 18:
            want.append(A.BUY["potion"])
        for action in want:
            if action in legal:
                return action
        return A.LEAVE


def make_agent() -> MiniRogueHeuristic:
    return MiniRogueHeuristic()


def evaluate(s: MiniRogueState) -> float:
    """A rough value of a position in [0, 1] for search bots: progress and resources."""
    if s.is_terminal():
        return 1.0 if s.won else 0.0
    progress = (s.area - 1) / D.final_area
    strength = 0.02 * s.hp + 0.04 * s.armor + 0.05 * s.rank + 0.01 * s.food + 0.02 * len(s.spells)
    return max(0.0, min(0.99, 0.5 * progress + 0.5 * min(1.0, strength)))


def progress(s: MiniRogueState) -> float:
    """How far a finished run got, in [0, 1]: the area reached, 1 being the last area (MCTS
    gives a lost rollout partial credit for it; see ``solotable.agents.search``)."""
    return (s.area - 1) / (D.final_area - 1)


# -- the evaluation for the review ----------------------------------------------------------------

GROUPS: tuple[str, ...] = (
    "difficulty", "keys variant", "key held", "hp", "armor", "gold", "food", "rank", "xp", "xp to next rank",
    "spells", "area", "level", "boss area", "bosses slain",
)  # fmt: skip
"""What :func:`review_evaluate` weighs: these groups of the game's own observation vector
(``features.encode``), everything on the table between two areas: the character card (HP,
Armor, Gold, Food, rank and XP, spells, the key), the area and level, the difficulty and the
bosses slain. (The layout, the combat and the rolls shown are empty or spent where an area
begins.)"""


@functools.cache
def _columns() -> tuple[tuple[int, ...], tuple[str, ...], int]:
    """The observation vector's columns of :data:`GROUPS`, a name for each, and the vector's
    width (built on first use: the bot alone needs no observation vector)."""
    import numpy as np

    from solotable.core.features import group_starts

    from . import GAME
    from .features import encode

    blank = np.zeros(4096, np.float32)
    starts = group_starts(encode, GAME.new_state(seed=0, keys=True).observation(0), blank)
    order = sorted(starts.values())
    width = order[-1] + 64
    cols: list[int] = []
    names: list[str] = []
    for group in GROUPS:
        start = starts[group]
        size = order[order.index(start) + 1] - start
        cols.extend(range(start, start + size))
        names.extend([group] if size == 1 else [f"{group} {k}" for k in range(size)])
    return tuple(cols), tuple(names), width


def feature_names() -> tuple[str, ...]:
    """The names of the numbers :func:`features` gives after the bias: each column of
    :data:`GROUPS`, then the product of every pair of them (each with itself too)."""
    names = _columns()[1]
    pairs = [f"{a} * {b}" for i, a in enumerate(names) for b in names[i:]]
    return (*names, *pairs)


def _base(s: MiniRogueState) -> Any:
    """The columns of :data:`GROUPS` of ``s``'s observation vector (``features.write``)."""
    import numpy as np

    from .features import write

    cols, _, width = _columns()
    out = np.zeros(width, np.float32)
    write(s, 0, out)
    return out[list(cols)].astype(np.float64)


def features(s: MiniRogueState) -> list[float]:
    """The numbers :func:`review_evaluate` weighs (``1.0``, the bias, then :func:`feature_names`):
    the columns of :data:`GROUPS` and their pairwise products (a logistic regression on these is
    quadratic in the columns: the worth of a Heal spell depends on the HP, of Food on the area)."""
    b = _base(s)
    n = len(b)
    return [1.0, *map(float, b), *(float(b[i] * b[j]) for i in range(n) for j in range(i, n))]


@functools.cache
def _weights() -> tuple[float, Any, Any]:
    """``value.toml``'s bias, its weights of the columns, and of their products as an upper
    triangular matrix (``z = bias + w @ b + b @ W @ b``)."""
    import tomllib
    from importlib.resources import files

    import numpy as np

    table = tomllib.loads(files(__package__).joinpath("value.toml").read_text(encoding="utf-8"))
    if tuple(table["features"]) != ("bias", *feature_names()):
        raise ValueError("value.toml was fitted on other features: refit it (benchmarks/fit_minirogue_v1_value.py)")
    weights = [float(w) for w in table["weights"]]
    n = len(_columns()[0])
    linear = np.array(weights[1 : n + 1])
    square = np.zeros((n, n))
    square[np.triu_indices(n)] = weights[n + 1 :]
    return weights[0], linear, square


def review_evaluate(state: State) -> float:
    """The chance that the ``heuristic`` bot wins from ``state``, by a logistic regression on
    :func:`features` fitted to heuristic games at the start of each area after the first
    (``value.toml``; refit with ``benchmarks/fit_minirogue_v1_value.py``): the review's rollouts
    stop :data:`REVIEW_HORIZON` areas ahead and score the position there by it. (The search bots
    keep :func:`evaluate` and play to the end: their measured strength is unchanged.)"""
    assert isinstance(state, MiniRogueState)
    if state.is_terminal():
        return 1.0 if state.won else 0.0
    bias, linear, square = _weights()
    b = _base(state)
    z = bias + float(linear @ b) + float(b @ square @ b)
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def stage(state: State) -> int:
    """The area (a pit skips to the area below): the review's rollouts stop at a later one."""
    assert isinstance(state, MiniRogueState)
    return state.area


REVIEW_HORIZON = 1
"""The review's rollouts stop this many areas ahead (at the start of the next area) and are scored
by :func:`review_evaluate`."""

REVIEW_LUCK_ONLY = True
"""The review values its chance nodes (the luck) by rollouts to :data:`REVIEW_HORIZON` scored by
:func:`review_evaluate`, and searches its decisions by rollouts to the end (declared as
``BotHooks.review_luck_only``, read by ``review.luck_only``):
at that horizon the evaluation misjudged trades the heuristic makes later (a Heal spell kept or
cast now, a Food or a Potion bought), and those errors, the same in every paired round, were
flagged as losses that a search to the end did not find (``docs/review.md``)."""
