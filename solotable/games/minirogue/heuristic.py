"""A sensible Mini Rogue (2020) player: the ``heuristic`` bot. It plays whichever seat
``to_move`` names, so two copies (or one) play a co-op game.

- Routes: move towards the revealed room worth most now (rest and shop when hurt, fight when
  strong enough, avoid traps); unknown rooms count as average.
- Combat: reroll open 6s unless the dice already kill; feats on misses paid with spare XP, HP
  only when healthy, free feats always; skills when they kill or against bosses; Fire when it
  kills or against a boss, Frost when the coming hit would hurt badly, Healing when low.
- Rooms: the best row or option by a rough value in HP-equivalents; the shop buys health when
  hurt, food when short, then armor and potions.

Everything it reads is on the table (the state holds no hidden card, ruling MR-P1), and it reads
the state, never the events (they are off in simulations).
"""

from __future__ import annotations

import functools
import math
import random
import re
from typing import Any

from solotable.core.protocol import Action, State

from .data import ROOM_CARDS, ROOM_TYPE, Effect
from .rules import (
    ATTACK,
    CHECK,
    FORESEE,
    ITEM,
    MOVE,
    OFFER,
    OPTION,
    POTION_DROP,
    POTION_KIND,
    PRE_ROLL,
    SHIFT,
    SHOP,
    SHRINE,
    TAKE,
    WINDOW,
)
from .state import EXIT, GHOST, MONSTER, Hero, MiniRogueState

POTION_VALUE = {"healing": 4.0, "fire": 3.5, "frost": 2.5, "holy": 2.0, "perception": 1.2, "poison": 2.0}
DIE_MEAN = 3.9  # a white die with its 6s rerolled once, roughly


def fx_value(s: MiniRogueState, h: Hero, effects: tuple[Effect, ...]) -> float:
    v = 0.0
    cap = s.data.caps
    for e in effects:
        kind = e.kind
        arg = e.arg
        if kind == "stat":
            n = e.amount * s.floor if e.per_floor else e.amount
            if arg == "hp":
                room = cap.hp - h.hp
                v += min(n, room) * (1.3 if h.hp < 8 else 0.8) if n > 0 else n * (2.0 if h.hp + n <= 3 else 1.0)
            elif arg == "xp":
                v += n * 0.9
            elif arg == "gold":
                v += (min(n, cap.gold - h.gold) if n > 0 else max(n, -h.gold) - (1 if h.gold < -n else 0)) * 0.4
            elif arg == "food":
                v += n * (3.5 if h.food == 0 else 1.5 if h.food == 1 else 0.6) if n > 0 else -1.2 * min(-n, h.food + 1)
            else:  # armor
                v += n * (2.0 if h.armor < cap.armor or n < 0 else 0)
        elif kind == "potion":
            if arg == "any":
                v += 3.0 if len(h.potions) < cap.potions else 1.0
            elif arg not in h.potions:
                v += POTION_VALUE[arg] * (1.0 if len(h.potions) < cap.potions else 0.3)
        elif kind == "status":
            v -= 0.0 if h.has(arg) else {"poison": 2.0, "curse": 2.0, "blind": 0.5}[arg]  # type: ignore[arg-type]
        elif kind == "bless":
            v += 2.0 * len(h.statuses())
        elif kind == "ghost":
            v -= 6.0 if h.hp > 8 else 10.0
        elif kind == "fall":
            v += 0.5
    return v


def room_value(s: MiniRogueState, h: Hero, card: int) -> float:
    if card < 0:
        return 0.5
    kind = ROOM_TYPE[card]
    dice = s.dice_count(h)
    if kind == "monster":
        foe = s.data.monsters[ROOM_CARDS[card]][s.floor - 1]
        rounds = max(1, math.ceil(foe.hp / (dice * DIE_MEAN)))
        loss = (rounds - 1) * max(0, foe.damage - h.armor) * 0.7
        return fx_value(s, h, foe.reward) + 1.0 - loss * (2.0 if loss >= h.hp - 2 else 1.0)
    if kind == "trap":
        return -1.5
    if kind == "campfire":
        return 1.5 + (2.0 if h.hp < 8 else 0) + (1.0 if h.food < 2 else 0)
    if kind == "merchant":
        return 0.5 + min(h.gold, 6) * 0.4
    if kind == "treasure":
        return 2.0
    if kind == "shrine":
        return 0.5 + (1.5 if h.statuses() else 0)
    if kind == "item":
        return 1.0
    return 0.0  # graveyard


_ACTIONS: dict[tuple[str | int, ...], Action] = {}


def _act(name: str, *args: str | int) -> Action:
    """``Action(name, *args)``, built once and kept: the policy names the same few moves at every
    decision of every rollout, and building an Action costs more than looking one up (speed only:
    an Action is immutable and compares by its text)."""
    key = (name, *args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(name, *args)
    return found


class Heuristic:
    """The ``heuristic`` bot for ``minirogue`` (either seat)."""

    name = "heuristic"

    def choose(self, state: State, rng: random.Random) -> Action:
        assert isinstance(state, MiniRogueState)
        s = state
        legal = [a for a in s.legal_actions() if a.name != "share"]  # MR-P11: the bot never asks for windows
        if len(legal) == 1:
            return legal[0]
        h = s.heroes[s.actor]
        phase = s.phase
        if phase is ATTACK:
            return self._attack(s, h, legal)
        if phase is PRE_ROLL:
            return self._pre_roll(s, h, legal)
        if phase is WINDOW:
            return self._window(s, h, legal)
        if phase is MOVE:
            return max(legal, key=lambda a: room_value(s, h, s.grid[h.pos + (1 if a.args[0] == "right" else 3)])
                       if h.pos + (1 if a.args[0] == "right" else 3) != EXIT else 0)  # fmt: skip
        if phase is CHECK:
            return self._check(s, h, legal)
        if phase is SHIFT:

            def shift_value(a: Action) -> float:
                face = s.c_black + {"keep": 0, "up": 1, "down": -1}[a.name]
                return max(fx_value(s, h, o) for o in s.data.graveyards[s.c_card][face - 1].options)

            return max(legal, key=shift_value)
        if phase is OPTION:
            return max(legal, key=lambda a: fx_value(s, h, s.opts_list[int(a.args[0]) - 1]))
        if phase is POTION_KIND:
            return max(legal, key=lambda a: POTION_VALUE[str(a.args[0])])
        if phase is POTION_DROP:
            return min(legal, key=lambda a: POTION_VALUE[str(a.args[0])])
        if phase is SHOP:
            return self._shop(s, h, legal)
        if phase is SHRINE:
            return _act("offer") if _act("offer") in legal else _act("roll")
        if phase is ITEM or phase is TAKE:
            for name in ("take", "try"):
                if _act(name) in legal and not h.item:
                    return _act(name)
            return _act("leave")
        if phase is OFFER:
            return _act("accept")  # co-operative: a partner's gift or trade is welcome
        if phase is FORESEE:
            sees = [a for a in legal if a.name == "see"]
            if not sees:
                return _act("stop")
            return min(sees, key=lambda a: abs(int(a.args[0]) - h.pos // 3 - 1) + abs(int(a.args[1]) - h.pos % 3 - 1))
        return legal[0]

    # -- windows ------------------------------------------------------------------------------

    def _window(self, s: MiniRogueState, h: Hero, legal: list[Action]) -> Action:
        cap = s.data.caps
        names = {a.name for a in legal}
        for a in legal:
            if a.name == "drink":
                p = a.args[0]
                if p == "healing" and h.hp <= cap.hp - 6 and h.hp <= 7:
                    return a
                if p == "holy" and (h.poison or h.curse):
                    return a
                if p == "perception" and h.blind and len(h.potions) == 2:
                    return a
            if a.name == "bless":
                target = s.heroes[int(a.args[0]) - 1]
                if len(a.args) > 1 and a.args[1] in ("poison", "curse"):
                    return a
                if target.hp <= 6 and len(a.args) == 1:
                    return a
        if "evade" in names:
            ahead = [s.grid[h.pos]] if not h.resolved else []
            if ahead and ahead[0] >= 0 and room_value(s, h, ahead[0]) < -1:
                return _act("evade")
        if "shield" in names and not h.resolved and s.grid[h.pos] >= 0 and ROOM_TYPE[s.grid[h.pos]] == "monster":
            return _act("shield")
        if "shield" in names and ((h.resolved and h.pos in (5, 7)) or h.pos == EXIT) and s.boss:
            return _act("shield")  # D23: the boss fight counts as the next room
        if "foresee" in names and h.pos == 0:
            return _act("foresee")
        if s.n == 2 and not s.declined:  # no offer twice
            other = s.heroes[1 - s.actor]
            if _act("give", "food") in legal and other.food == 0 and h.food >= 2:
                return _act("give", "food")
            if _act("give", "healing") in legal and other.hp <= 5 and h.hp > 10:
                return _act("give", "healing")
        return _act("pass")

    # -- combat -------------------------------------------------------------------------------

    def _incoming(self, s: MiniRogueState, h: Hero) -> int:
        foe = s.foe
        assert foe is not None
        return foe.damage if foe.ignore_armor else max(0, foe.damage - h.armor - h.shield)

    def _pre_roll(self, s: MiniRogueState, h: Hero, legal: list[Action]) -> Action:
        inc = self._incoming(s, h)
        for a in legal:
            if a.name == "drink":
                p = a.args[0]
                if p == "healing" and h.hp <= max(inc + 1, 6):
                    return a
                if p == "holy" and (h.curse or (h.poison and h.hp <= 4)):
                    return a
        return _act("roll")

    def _attack(self, s: MiniRogueState, h: Hero, legal: list[Action]) -> Action:
        foe = s.foe
        assert foe is not None
        total = sum(s.die_value(i) for i in range(len(s.dice))) + (s.data.poison_bonus if h.poison_fx else 0)
        if s.backstab:
            total += max(s.die_value(i) for i in range(len(s.dice)))
        left = s.foe_hp
        big = s.foe_kind not in (MONSTER, GHOST)
        inc = self._incoming(s, h)
        kills = total >= left
        if not kills:
            crits = [a for a in legal if a.name == "crit"]
            if crits:
                return crits[0]
            feats = [a for a in legal if a.name == "feat"]
            if feats:
                pick = self._pick_feat(s, h, feats, inc)
                if pick is not None:
                    return pick
        for a in legal:
            if a.name == "drink":
                p = a.args[0]
                if p == "fire" and not kills and (total + s.data.fire_damage >= left or big):
                    return a
                if p == "frost" and not kills and inc >= h.hp - 1:
                    return a
                if p == "healing" and h.hp <= max(inc + 1, 5):
                    return a
                if p == "holy" and h.curse and s.cursed_now:
                    return a
                if p == "poison" and big and not kills:
                    return a
        if h.skill_up and not kills:
            if _act("backstab") in legal and (big or total * 2 >= left or left > 8):
                return _act("backstab")
            if _act("stun") in legal and h.armor + h.shield > 0 and (big or total + 2 * (h.armor + h.shield) >= left):
                return _act("stun")
            tributes = [a for a in legal if a.name == "tribute"]
            if tributes:
                need = math.ceil((left - total) / s.data.tribute_per_hp)
                if need <= h.hp - max(inc + 2, 4) and (big or need <= 3):
                    return _act("tribute", need)
            if _act("conjure", "fire") in legal and (big or total + s.data.fire_damage >= left):
                return _act("conjure", "fire")
            if _act("conjure", "frost") in legal and inc >= h.hp - 1:
                return _act("conjure", "frost")
        confirms = [a for a in legal if a.name == "confirm"]
        if len(confirms) > 1:
            return max(confirms, key=lambda a: s.die_value(int(a.args[0]) - 1))
        return confirms[0]

    def _pick_feat(self, s: MiniRogueState, h: Hero, feats: list[Action], inc: int) -> Action | None:
        def low(a: Action) -> int:
            return s.die_value(int(a.args[0]) - 1)

        free = [a for a in feats if a.args[1] == "free" and low(a) <= 3]
        if free:
            return min(free, key=low)
        thresholds = s.data.die_thresholds
        spare_xp = h.xp >= 1 and h.xp - 1 not in [t - 1 for t in thresholds] and h.xp not in thresholds
        for a in sorted(feats, key=low):
            if low(a) > 2:
                break
            if a.args[1] == "xp" and spare_xp and inc >= 2:
                return a
            if a.args[1] == "hp" and h.hp >= 12 and inc >= 3:
                return a
        return None

    # -- rooms --------------------------------------------------------------------------------

    def _check(self, s: MiniRogueState, h: Hero, legal: list[Action]) -> Action:
        ok = s.c_ok or any(f >= 5 for f in s.c_white)
        if ok:
            return _act("accept")
        stake = 1.0
        if s.c_kind == "trap":
            row = s.data.traps[s.c_card][s.c_black - 1]
            stake = fx_value(s, h, row.success) - fx_value(s, h, row.fail)
        elif s.c_kind == "treasure":
            stake = 2.5
        for a in legal:
            if a.name == "feat" and a.args[1] == "free":
                return a
        if stake >= 3 and _act("drink", "perception") in legal:
            return _act("drink", "perception")
        feats = [a for a in legal if a.name == "feat" and a.args[1] == "xp"]
        if feats and stake >= 2.5 and h.xp not in s.data.die_thresholds:
            return feats[0]
        return _act("accept")

    def _shop(self, s: MiniRogueState, h: Hero, legal: list[Action]) -> Action:
        cap = s.data.caps
        want: list[str] = []
        if h.hp <= cap.hp - 4 and h.hp < 12:
            want.append("hp4")
        if h.food < 2:
            want.append("food")
        if h.statuses():
            want.append("bless")  # MR-P15: a Blessing cures every status
        if h.armor < cap.armor:
            want.append("armor")
        if len(h.potions) < cap.potions:
            want.append("potion")
        if h.hp <= cap.hp - 1 and h.hp < 10:
            want.append("hp1")
        for w in want:
            if _act("buy", w) in legal:
                return _act("buy", w)
        return _act("leave")


def make_agent() -> Heuristic:
    return Heuristic()


# -- the evaluation for the review ----------------------------------------------------------------

GROUPS: tuple[str, ...] = (
    "area", "floor", "difficulty", "two players", "bosses beaten",
    *(f"{p} {n}" for p in ("me", "partner") for n in (
        "present", "character", "hp", "armor", "shield", "gold", "food", "xp", "dice", "potions", "item",
        "statuses", "skill ready", "poison effect")),
)  # fmt: skip
"""What :func:`evaluate` weighs: these groups of the game's own observation vector
(``features.encode``, written by ``features.write`` from seat 1's side: "me" is the first seat,
"partner" the second), everything on the table between two areas: the heroes' cards, the area and
floor, the difficulty and the bosses beaten."""


def _columns() -> tuple[list[int], list[str]]:
    """The observation vector's columns of :data:`GROUPS`, and a name for each."""
    import numpy as np

    from solotable.core.features import group_starts

    from . import GAME
    from .features import encode

    starts = group_starts(encode, GAME.new_state(seed=0, partner="mage").observation(0), np.zeros(4096, np.float32))
    order = sorted(starts.values())
    cols: list[int] = []
    names: list[str] = []
    for group in GROUPS:
        start = starts[group]
        size = order[order.index(start) + 1] - start
        cols.extend(range(start, start + size))
        names.extend([group] if size == 1 else [f"{group} {k}" for k in range(size)])
    return cols, names


_COLS, FEATURES = _columns()
_WIDTH = max(_COLS) + 64


def features(s: MiniRogueState) -> list[float]:
    """The numbers :func:`evaluate` weighs (``1.0``, the bias, then :data:`FEATURES`)."""
    import numpy as np

    from .features import write

    out = np.zeros(_WIDTH, np.float32)
    write(s, 0, out)
    return [1.0, *(float(out[c]) for c in _COLS)]


COOP_GROUPS: tuple[str, ...] = ("area", "floor", "difficulty", "bosses beaten")
"""The co-op fit's table-wide groups; then which characters play, the party's holdings and the
weaker hero's HP (:func:`coop_features`)."""
HERO_GROUPS: tuple[str, ...] = (
    "hp", "armor", "shield", "gold", "food", "xp", "dice", "potions", "item", "statuses", "skill ready",
    "poison effect")  # fmt: skip


def _coop_columns() -> tuple[list[int], tuple[list[int], list[int]], list[str]]:
    """The co-op fit's columns: the table's (:data:`COOP_GROUPS`), and each seat's hero columns
    (:data:`HERO_GROUPS`, "me" for the first seat and "partner" for the second); and the names of
    the features: the table's, each character's presence, the party's sum of each hero column
    and the weaker hero's HP."""
    from .names import CHARACTERS

    table_names = [n for n in FEATURES if n.split(" ")[0] in ("area", "floor", "difficulty") or n == "bosses beaten"]
    table = [c for c, n in zip(_COLS, FEATURES, strict=True) if n in table_names]
    seats: list[list[int]] = []
    hero_names: list[str] = []
    for side in ("me", "partner"):
        cols: list[int] = []
        for group in HERO_GROUPS:
            for c, n in zip(_COLS, FEATURES, strict=True):
                if n == f"{side} {group}" or re.fullmatch(rf"{side} {group} \d+", n):
                    cols.append(c)
                    if side == "me":
                        hero_names.append(n[len("me ") :])
        seats.append(cols)
    names = [*table_names, *(f"{ch} present" for ch in CHARACTERS), *(f"party {n}" for n in hero_names), "weaker hp"]
    return table, (seats[0], seats[1]), names


_TABLE_COLS, _SEAT_COLS, COOP_FEATURES = _coop_columns()
_HP = FEATURES.index("me hp")


def coop_features(s: MiniRogueState) -> list[float]:
    """The numbers the co-op fit weighs (``1.0``, the bias, then :data:`COOP_FEATURES`): the
    table's columns, which characters play, the party's holdings (each hero column summed over the
    two heroes) and the weaker hero's HP (a co-op game is lost when either hero falls). The
    party's, not each seat's: which hero holds a potion, an item, Gold, Food or Armor is worth
    about nothing to the end (``benchmarks/minirogue_coop_prices.py``), while a seat's weights
    (pooled over every character) or each character's priced a gift or trade between the two
    heroes at 2 to 4 points, which the review flagged as losses (issue 24)."""
    import numpy as np

    from .features import write
    from .names import CHARACTERS

    out = np.zeros(_WIDTH, np.float32)
    write(s, 0, out)
    present = [0.0] * len(CHARACTERS)
    for hero in s.heroes:
        present[CHARACTERS.index(hero.char)] = 1.0
    me, partner = out[_SEAT_COLS[0]], out[_SEAT_COLS[1]]
    weaker = min(float(out[_COLS[_HP]]), float(out[_COLS[FEATURES.index("partner hp")]]))
    return [1.0, *(float(out[c]) for c in _TABLE_COLS), *present, *(float(v) for v in me + partner), weaker]


@functools.cache
def _weights() -> dict[bool, tuple[float, Any]]:
    """``value.toml``'s two fits, solo (``weights``, over :data:`FEATURES`) and co-op
    (``coop_weights``, over :data:`COOP_FEATURES`), by "two players": each its bias, and its
    weights (solo: laid over the observation vector's columns; co-op: over :func:`coop_features`
    without its bias)."""
    import tomllib
    from importlib.resources import files

    import numpy as np

    table = tomllib.loads(files(__package__).joinpath("value.toml").read_text(encoding="utf-8"))
    if tuple(table["features"]) != ("bias", *FEATURES) or tuple(table["coop_features"]) != ("bias", *COOP_FEATURES):
        raise ValueError("value.toml was fitted on other features: refit it (benchmarks/fit_minirogue_value.py)")
    solo = [float(w) for w in table["weights"]]
    full = np.zeros(_WIDTH, np.float64)
    full[_COLS] = solo[1:]
    coop = [float(w) for w in table["coop_weights"]]
    return {False: (solo[0], full), True: (coop[0], np.array(coop[1:], np.float64))}


def evaluate(state: State) -> float:
    """The chance that the ``heuristic`` bot (both seats in co-op) wins from ``state``, by a
    logistic regression fitted to heuristic games at the start of each area (``value.toml``, one
    fit for solo games on :func:`features` and one for co-op on :func:`coop_features`: one pooled
    fit was overconfident in co-op and underconfident solo; refit with
    ``benchmarks/fit_minirogue_value.py``): the review's rollouts stop :data:`REVIEW_HORIZON`
    areas ahead and score the position there by it."""
    import numpy as np

    from .features import write

    assert isinstance(state, MiniRogueState)
    if state.is_terminal():
        return 1.0 if state.won else 0.0
    if len(state.heroes) > 1:
        bias, weights = _weights()[True]
        z = bias + float(np.dot(coop_features(state)[1:], weights))
    else:
        bias, full = _weights()[False]
        out = np.zeros(_WIDTH, np.float32)
        write(state, 0, out)
        z = bias + float(out @ full)
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def stage(state: State) -> int:
    """The area (a Fall skips some): the review's rollouts stop at the start of a later one."""
    assert isinstance(state, MiniRogueState)
    return state.area


REVIEW_HORIZON = 1
"""The review's rollouts stop this many areas ahead (at the start of the next area) and are scored
by :func:`evaluate`; the search bots still play to the end (their figures were measured so)."""
