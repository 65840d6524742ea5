"""A sensible JongRogue player: the ``heuristic`` bot.

It plays the classic Rogue way, reading only what is on the table (public fields: the sheet,
the face-up tiles, the labyrinth tiles turned up, the identified rows; never a face-down tile
or a hidden link):
- fight at a door rather than inside a room (one monster at a time, D23), shoot first;
- quaff a healing potion when a hit could kill, rest back to health out of combat;
- pick up every item in a room but leave gold (it only scores, and each pile costs two tiles
  of the food clock), wield and wear the best known kit, use good known potions and scrolls at
  once, try rings and unknown potions and scrolls when safe and healthy;
- explore the nearest unprocessed room, search walls when boxed in, take the stairs down once
  the floor is explored (a new floor costs 36 tiles of the food clock); with the Amulet, make
  for the stairs and go up;
- weigh each threat by the expected HP a fight costs (``fight_cost``, from the monster's
  printed stats and the PC's known kit): flee or take the stairs from a fight that would cost
  most of the HP left, and steer clear of the rooms fled from;
- in danger (the next hits could kill): a known healing potion, a known scroll that stops the
  monster or takes the PC away (teleport, hold monster, scare monster);
- rest off Held and Confused (they make moves and searches fail).

``evaluate`` scores a position for the search bots (``expectimax``, ``mcts``). Both read only
what the PL sees (tests/jongrogue/test_bots.py checks it against ``resample_hidden``).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from collections import deque

from solotable.core.protocol import Action, State

from .data import rules_data
from .notation import SIDES, TILE_INDEX
from .rules.combat import WEAPON_DMG
from .rules.turns import CARRY, DEATH, IDENTIFY, MELEE, PLAY, RANGED, THREAT, TURN_END
from .state import (
    ARMOUR_VALUE,
    ASLEEP,
    BLIND,
    CLAIR,
    CONFUSED,
    DOOR,
    FROZEN,
    HELD,
    K_ITEM,
    K_MON,
    LEVIT,
    M_ASLEEP,
    M_DEEP,
    M_DISGUISED,
    M_HASTE,
    M_INVIS,
    M_SLOW,
    PASSAGE,
    POTIONS,
    ROOM,
    SCROLLS,
    JongRogueState,
    Slot,
    neighbour,
    opposite,
)

R = rules_data()
C = R.combat

GOOD_POTIONS = {"gain_strength", "restore_strength", "raise_level"}
HELPFUL_ONE_MONSTER = {"teleport_monster", "slow_monster", "cancellation", "confuse_monster"}
ESCAPE_SCROLLS = {"teleport", "hold_monster", "scare_monster"}
GOOD_SCROLLS = {"enchant_weapon", "enchant_armour", "protect_armour", "remove_curse", "magic_mapping", "identify"}


# 2d9: the number of ways to roll each total (81 in all)
_WAYS = {t: 9 - abs(t - 10) for t in range(2, 19)}
_UNSEEN = (20, 4, 7)  # an unseen Invisible monster: assumed a phantom-like foe (hp, damage, attack)


def _p_at_least(t: int) -> float:
    return sum(w for v, w in _WAYS.items() if v >= t) / 81


def _pc_damage_per_turn(s: JongRogueState, invisible: bool) -> float:
    """Expected melee damage of one PC attack (§7.11.4), with only what the PL knows."""
    w = s.weapon()
    ench = w.enchant if w and w.known else 0
    base = WEAPON_DMG[w.kind] if w else WEAPON_DMG["bare"]
    target = C.pc_melee_base.value - s.level // C.hit_level_div.value - ench
    if invisible:
        target += C.invisible_penalty.value
    target = min(18, max(C.pc_target_min.value, target))
    fumble = C.fumble_max.value
    out = 0.0
    for v, n in _WAYS.items():
        if v > fumble and v >= target:
            out += n / 81 * max(1, base + ench + s.eff_strength() + (v - target) // C.margin_div.value)
    return out


def _monster_profile(s: JongRogueState, m: Slot) -> tuple[int, float]:
    """(HP left, expected damage per combat turn) of a visible monster; an unseen one is guessed."""
    if m.flags & M_INVIS and not s.status & CLAIR:
        hp, dmg, attack = _UNSEEN
    else:
        mon = m.mon
        hp, dmg, attack = m.hp, mon.dmg, mon.attack
        if dmg < 0:  # the flytrap's counter
            dmg = 3
    need = min(18, attack + s.defence())
    per = _p_at_least(need) * dmg
    if m.flags & M_HASTE:
        per *= 2
    if m.flags & M_SLOW:
        per /= 2
    return hp, per


def _worst_hit(s: JongRogueState) -> int:
    """The most damage the engaged monsters can deal in one combat turn, as far as the PL knows."""
    worst = 0
    for m in s.engaged():
        if m.flags & M_INVIS and not s.status & CLAIR:
            dmg = _UNSEEN[1]
        else:
            dmg = m.mon.dmg
            dmg = 3 if dmg < 0 else dmg
        worst += dmg * (2 if m.flags & M_HASTE else 1)
    return worst


def fight_cost(s: JongRogueState, foes: list[Slot]) -> float:
    """Expected HP the PC loses killing ``foes`` one after another in melee (all attack at once
    inside a room, one at a door or in a passage)."""
    if not foes:
        return 0.0
    profiles = [_monster_profile(s, m) for m in foes]
    together = s.pos == ROOM
    lost = 0.0
    pending = sum(p for _h, p in profiles)
    for (hp, per), m in zip(profiles, foes, strict=True):
        dpt = max(0.3, _pc_damage_per_turn(s, bool(m.flags & M_INVIS)))
        turns = hp / dpt
        lost += turns * (pending if together else per)
        pending -= per
    return lost


def _visit(s: JongRogueState) -> tuple[int, int, bool]:
    """This visit of this floor (a floor met again on the ascent is a new map)."""
    return (s.floor, s.deepest, s.amulet)


Visit = tuple[int, int, bool]
Memory = tuple[tuple[int, int], int, frozenset[tuple[Visit, int]], dict[Visit, int]]


class HeuristicAgent:
    """The heuristic bot. It remembers a little of its game: the rooms it fled from on this visit
    of a floor (it steers clear of them), how often it fled (after a few, it fights it out), and
    whether its last moves cost no tile (round in a circle: it shakes it up). That memory is kept
    by decision number: a call at decision ``d`` starts from what the call at the latest decision
    before ``d`` left, and forgets what came after. In a game played decision by decision this is
    plain memory; a search bot that calls the same agent on simulated futures (rollouts) cannot
    spoil the memory of the real game, which is always earlier than the futures, and a new game
    (decision 0) starts afresh."""

    name = "heuristic"

    def __init__(self) -> None:
        self._clock = (-1, -1)
        self._idle = 0
        self._avoid: set[tuple[Visit, int]] = set()  # (floor visit, room) fled from
        self._flees: dict[Visit, int] = {}  # flees per floor: after a few, fight it out
        self._memory: dict[int, Memory] = {}  # by decision number: what the call there left
        self._keys: list[int] = []  # the decision numbers of ``_memory``, in order

    def _done(self, s: JongRogueState) -> bool:
        """The floor holds nothing more worth the time: every room reached is processed."""
        return sum(s.processed) >= 9 or self._target_room(s) is None

    def choose(self, state: State, rng: random.Random) -> Action:
        assert isinstance(state, JongRogueState)
        d = state.decisions
        keys, memory = self._keys, self._memory
        i = bisect_left(keys, d)
        for k in keys[i:]:  # what came after this decision (a simulated future) is forgotten
            del memory[k]
        del keys[i:]
        if not i:  # a new game (one agent plays a batch of games)
            self._clock, self._idle, self._avoid, self._flees = (-1, -1), 0, set(), {}
        else:
            clock, idle, avoid, flees = memory[keys[i - 1]]
            self._clock, self._idle, self._avoid, self._flees = clock, idle, set(avoid), dict(flees)
        action = self._choose(state, rng)
        keys.append(d)
        memory[d] = (self._clock, self._idle, frozenset(self._avoid), dict(self._flees))
        return action

    def _choose(self, state: JongRogueState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        phase = state.phase
        clock = (state.pile_n, state.discard_n)
        self._idle = self._idle + 1 if clock == self._clock else 0
        self._clock = clock
        if self._idle > 24:  # moves that cost no tile went round in a circle: shake it up
            self._idle = 0
            return rng.choice([a for a in legal if a.name != "forced-end"])
        byname: dict[str, list[Action]] = {}
        for a in legal:
            byname.setdefault(a.name, []).append(a)
        s = state
        if phase is DEATH:
            return byname.get("continue", byname["gameover"])[0]
        heal = self._healing(s, byname)
        danger = s.hp <= max(2, s.maxhp // 3) or (phase in (MELEE, THREAT) and s.hp <= _worst_hit(s))
        if phase is THREAT:
            foes = s.threats()
            cost = fight_cost(s, foes)
            for a in byname.get("stairs", []):  # stairs under a threat, before the fight (D54)
                if (a.args[0] == "up") == s.amulet and (s.amulet or cost > 0.5 * s.hp or self._done(s)):
                    return a
            if (cost >= 0.6 * s.hp and "flee" in byname and not s.status & HELD
                    and self._flees.get(_visit(s), 0) < 4):
                self._flees[_visit(s)] = self._flees.get(_visit(s), 0) + 1
                self._avoid.add((_visit(s), s.room if s.pos != PASSAGE else -1))
                if s.pos == PASSAGE:
                    return Action("flee", "back") if Action("flee", "back") in byname["flee"] else byname["flee"][0]
                return byname["flee"][0]
            if (danger or cost >= s.hp) and heal is not None:
                return heal
            return byname["fight"][0]
        if phase is RANGED:
            if "shoot" in byname:
                return max(byname["shoot"], key=lambda a: ("shuriken", "arrows", "darts").index(str(a.args[1])) * -1)
            return byname["skip"][0]
        if phase is MELEE:
            if danger and heal is not None:
                return heal
            if danger:  # a known scroll that stops the engaged monster, naming it (D63)
                eng = s.engaged()
                for a in byname.get("read", []):
                    row = s.scr_row[TILE_INDEX[str(a.args[0])]]
                    if (len(a.args) > 1 and row >= 0 and SCROLLS[row] in HELPFUL_ONE_MONSTER and eng
                            and (s.pmon is eng[0] if s.pos == PASSAGE
                                 else s.slots[s.room][int(a.args[1]) - 1] is eng[0])):
                        return a
                for a in byname.get("read", []):  # or one that takes the PC out of the fight
                    row = s.scr_row[TILE_INDEX[str(a.args[0])]]
                    if len(a.args) == 1 and row >= 0 and SCROLLS[row] in ESCAPE_SCROLLS:
                        return a
            if "hit" in byname:
                return min(byname["hit"], key=lambda a: s.slots[s.room][int(a.args[0]) - 1].hp
                           if s.pos != PASSAGE else 0)
            return byname.get("wait", legal)[0]
        if phase is TURN_END:
            if ("flee" in byname and heal is None and fight_cost(s, s.threats()) >= 1.0 * s.hp
                    and self._flees.get(_visit(s), 0) < 4):
                self._flees[_visit(s)] = self._flees.get(_visit(s), 0) + 1
                self._avoid.add((_visit(s), s.room if s.pos != PASSAGE else -1))
                return byname["flee"][0]
            return byname["keep"][0]
        if phase is CARRY:
            return self._discard(s, byname["discard"])
        if phase is IDENTIFY:
            return self._identify(s, byname["identify"])
        assert phase is PLAY
        if s.status & (ASLEEP | HELD | CONFUSED) and "rest" in byname:
            return byname["rest"][0]  # rest clears them (rows 2); a held or confused PC wastes moves
        return self._explore(s, byname, rng)

    def _discard(self, s: JongRogueState, acts: list[Action]) -> Action:
        """Over the carry limits (§7.25): let the least useful item go."""
        from .notation import TILE_INDEX

        def cost(a: Action) -> tuple[int, int]:
            what = str(a.args[0])
            if what == "w":
                i = int(a.args[1]) - 1
                w = s.weapons[i]
                return (int(i == s.weapon_eq), int(WEAPON_DMG[w.kind] + (w.enchant if w.known else 0)))
            if what == "a":
                i = int(a.args[1]) - 1
                x = s.armours[i]
                return (int(i == s.armour_eq), int(ARMOUR_VALUE[x.kind] + (x.enchant if x.known else 0)))
            if what == "r":
                r = s.rings[int(a.args[1]) - 1]
                return (int(bool(r.hand)), 0 if r.cursed else 1)
            t = TILE_INDEX[what]
            row = s.pot_row[t - 18] if t >= 18 else s.scr_row[t]
            if row < 0:
                return (0, 1)  # unknown: keep known good things first
            good = POTIONS[row] in GOOD_POTIONS | {"healing", "extra_healing"} if t >= 18 else (
                SCROLLS[row] in GOOD_SCROLLS | {"teleport", "hold_monster", "scare_monster"})
            return (0, 2 if good else 0)

        return min(acts, key=cost)

    def _identify(self, s: JongRogueState, acts: list[Action]) -> Action:
        """Identify scroll (§7.21 row 1): the equipped kit first (a curse matters), then the
        appearance carried most often, then rings."""
        from .notation import TILE_INDEX

        def worth(a: Action) -> int:
            what = str(a.args[0])
            if what == "w":
                return 30 if int(a.args[1]) - 1 == s.weapon_eq else 5
            if what == "a":
                return 30 if int(a.args[1]) - 1 == s.armour_eq else 5
            if what == "r":
                return 15
            t = TILE_INDEX[what]
            return 10 + (s.potions[t - 18] if t >= 18 else s.scrolls[t])

        return max(acts, key=worth)

    def _healing(self, s: JongRogueState, byname: dict[str, list[Action]]) -> Action | None:
        for a in byname.get("quaff", []):
            i = int(str(a.args[0])[1:]) - 1
            row = s.pot_row[i]
            if row >= 0 and POTIONS[row] in ("healing", "extra_healing"):
                return a
        return None

    def _explore(self, s: JongRogueState, byname: dict[str, list[Action]], rng: random.Random) -> Action:
        # use good known items
        for a in byname.get("quaff", []):
            row = s.pot_row[int(str(a.args[0])[1:]) - 1]
            if row >= 0 and POTIONS[row] in GOOD_POTIONS:
                return a
        for a in byname.get("read", []):
            from .notation import TILE_INDEX

            row = s.scr_row[TILE_INDEX[str(a.args[0])]]
            if row >= 0 and SCROLLS[row] in GOOD_SCROLLS:
                return a
        limit = (3 * s.maxhp) // 4 if s.food >= 2 else s.maxhp // 2 if s.food >= 1 else s.maxhp // 3
        if s.hp < s.maxhp and s.hp <= max(1, limit) and "rest" in byname:
            return byname["rest"][0]
        if s.pos == ROOM and not s.status & LEVIT:
            for a in byname.get("pick", []):
                slot = s.slots[s.room][int(a.args[0]) - 1]
                if slot.up and slot.kind in (K_ITEM, K_MON):
                    return a
        # kit: the best weapon and armour
        cur = s.weapon()
        def w_value(i: int) -> int:
            w = s.weapons[i]
            return int(WEAPON_DMG[w.kind] + (w.enchant if w.known else 0))

        def a_value(i: int) -> int:
            a = s.armours[i]
            return int(ARMOUR_VALUE[a.kind] + (a.enchant if a.known else 0))

        best_w = -1 if not s.weapons else max(range(len(s.weapons)), key=w_value)
        if best_w >= 0 and (cur is None or best_w != s.weapon_eq):
            act = Action("wield", best_w + 1)
            if act in byname.get("wield", []):
                return act
        if s.armours:
            best_a = max(range(len(s.armours)), key=a_value)
            act = Action("wear", best_a + 1)
            if best_a != s.armour_eq and act in byname.get("wear", []):
                return act
        # rings: try each ring on (its kind shows when worn, D34); take off the useless known ones
        for a in byname.get("remove", []):
            r = s.rings[int(a.args[0]) - 1]
            if r.kind is not None and r.kind in ("adornment", "teleportation"):
                return a
        for a in byname.get("puton", []):
            r = s.rings[int(a.args[0]) - 1]
            if r.kind is None or r.kind not in ("adornment", "teleportation"):
                return a
        # unknown potions and scrolls: try them when healthy and safe
        if s.hp == s.maxhp:
            for a in byname.get("quaff", []):
                if s.pot_row[int(str(a.args[0])[1:]) - 1] < 0:
                    return a
            for a in byname.get("read", []):
                from .notation import TILE_INDEX

                if s.scr_row[TILE_INDEX[str(a.args[0])]] < 0:
                    return a
        # stairs
        if "stairs" in byname:
            if s.amulet:
                for a in byname["stairs"]:
                    if a.args[0] == "up":
                        return a
            explored = sum(s.processed) >= 9 or self._target_room(s) is None
            if not s.amulet and explored:  # a new floor costs 36 tiles of the food clock: finish this one
                return byname["stairs"][0]
        # move
        goal = self._target_room(s)
        if (goal is None and not (s.pos == ROOM and s.has_stairs(s.room))
                and any(f == _visit(s) for f, _r in self._avoid)):
            self._avoid = {x for x in self._avoid if x[0] != _visit(s)}  # boxed in by the rooms fled: go back
            goal = self._target_room(s)
        if s.pos == PASSAGE:
            far = neighbour(s.pfrom, s.side)
            want = "on" if goal is None or self._dist(s, far, goal) <= self._dist(s, s.pfrom, goal) else "back"
            return Action("go", want)
        if s.pos == DOOR:
            far = neighbour(s.room, s.side)
            go_in = not s.processed[s.room] or s.room == goal or (goal is None and s.has_stairs(s.room))
            if go_in and "enter" in byname:
                return byname["enter"][0]
            if goal is not None and self._dist(s, far, goal) < self._dist(s, s.room, goal):
                return byname["pass"][0]
            if "enter" in byname:
                return byname["enter"][0]
            return byname["pass"][0]
        # in a room
        if goal is not None and goal != s.room:
            best = None
            for a in byname.get("door", []):
                sd = SIDES.index(str(a.args[0]))
                q = neighbour(s.room, sd)
                d = self._dist(s, q, goal)
                if best is None or d < best[0]:
                    best = (d, a)
            if best is not None:
                return best[1]
        if "search" in byname:
            return rng.choice(byname["search"])
        if "door" in byname:
            return rng.choice(byname["door"])
        return byname.get("rest", [Action("forced-end")])[0]

    def _edges(self, s: JongRogueState, r: int) -> list[int]:
        return [n for n in (neighbour(r, sd) for sd in s.usable_sides(r)) if (_visit(s), n) not in self._avoid]

    def _dist(self, s: JongRogueState, a: int, b: int) -> int:
        if a == b:
            return 0
        seen = {a}
        q = deque([(a, 0)])
        while q:
            r, d = q.popleft()
            if s.lab[r] is None:
                continue
            for n in self._edges(s, r):
                if n == b:
                    return d + 1
                if n not in seen:
                    seen.add(n)
                    q.append((n, d + 1))
        return 99

    def _target_room(self, s: JongRogueState) -> int | None:
        """The nearest room worth a visit: unprocessed, or with loot, or the stairs when done."""
        start = s.room if s.pos != PASSAGE else s.pfrom
        seen = {start}
        q = deque([start])
        order = []
        while q:
            r = q.popleft()
            order.append(r)
            if s.lab[r] is None:
                continue
            for n in self._edges(s, r):
                if n not in seen:
                    seen.add(n)
                    q.append(n)
        if s.amulet:  # on the ascent the stairs come first
            for r in order:
                if s.has_stairs(r) and (r != start or s.pos != ROOM):
                    return r
        for r in order:
            if not s.processed[r]:
                return r
            # only what the table shows: a disguised xeroc is an item, an Invisible monster unseen
            loot = any(x.up and (x.kind == K_ITEM or x.flags & M_DISGUISED)
                       for x in s.slots[r])
            danger = any(x.kind == K_MON and x.up and not x.flags & (M_ASLEEP | M_DEEP | M_DISGUISED | M_INVIS)
                         for x in s.slots[r])
            if loot and not danger and (r != start or s.pos != ROOM):
                return r
        for r in order:
            if s.has_stairs(r):
                return r if r != start or s.pos != ROOM else None
        return None


def make_agent() -> HeuristicAgent:
    return HeuristicAgent()


# -- the evaluation for search ------------------------------------------------------------------

FEATURES = (
    "bias", "hp", "level", "food", "hungry_soon", "descent", "amulet", "ascent", "depth", "heals",
    "unknown_potions", "escapes", "weapon", "defence", "strength", "threat", "in_combat", "troubled",
    "identification", "missiles",
)  # fmt: skip
"""What :func:`evaluate` weighs: numbers the observation shows (the sheets, the identified rows,
the monsters in view), never a face-down tile, the pile's order or a hidden link."""

_ESCAPES = frozenset(("teleport", "hold_monster", "scare_monster"))
_TROUBLE = HELD | CONFUSED | ASLEEP | BLIND | FROZEN
_AMULET_FLOOR = R.amulet.floor.value


def features(s: JongRogueState) -> list[float]:
    """The numbers :func:`evaluate` weighs, in the order of :data:`FEATURES`."""
    maxhp = max(1, s.maxhp)
    heals = unknown = 0
    for i, n in enumerate(s.potions):
        if n:
            row = s.pot_row[i]
            if row < 0:
                unknown += n
            elif POTIONS[row] in ("healing", "extra_healing"):
                heals += n
    escapes = sum(n for i, n in enumerate(s.scrolls)
                  if n and s.scr_row[i] >= 0 and SCROLLS[s.scr_row[i]] in _ESCAPES)  # fmt: skip
    w = s.weapon()
    power = (WEAPON_DMG[w.kind] + (w.enchant if w.known else 0)) if w else WEAPON_DMG["bare"]
    pile_size = 27 * (R.pile.copies_plus_id.value if s.ident else R.pile.copies_ez.value)
    threats = s.threats()
    cost = fight_cost(s, threats) if threats else 0.0
    mode = s.mode
    return [
        1.0,
        max(0, s.hp) / maxhp,
        s.level / 15,
        min(s.food, 4) / 4,
        (1.0 - s.pile_n / pile_size) if s.food == 0 else 0.0,
        min(s.deepest, _AMULET_FLOOR) / _AMULET_FLOOR,
        1.0 if s.amulet else 0.0,
        (1.0 - (s.floor - 1) / max(1, s.deepest)) if s.amulet else 0.0,
        s.floor / _AMULET_FLOOR,
        min(heals, 3) / 3,
        min(unknown, 4) / 4,
        min(escapes, 3) / 3,
        power / 6,
        s.defence() / 6,
        s.eff_strength() / 3,
        min(cost / max(1, s.hp), 3.0) / 3,
        1.0 if mode is RANGED or mode is MELEE or mode is TURN_END else 0.0,
        bin(s.status & _TROUBLE).count("1") / 2,
        1.0 if s.ident else 0.0,
        1.0 if (s.bow and s.missiles[0]) or s.missiles[1] or s.missiles[2] else 0.0,
    ]  # fmt: skip


def _load_weights() -> tuple[float, ...]:
    import tomllib
    from importlib.resources import files

    table = tomllib.loads(files(__package__).joinpath("value.toml").read_text(encoding="utf-8"))
    names = tuple(table["features"])
    if names != FEATURES:
        raise ValueError(f"value.toml was fitted on features {names}, not {FEATURES}: refit it")
    return tuple(float(w) for w in table["weights"])


WEIGHTS = _load_weights()


def evaluate(state: State) -> float:
    """The chance that the ``heuristic`` bot wins from ``state`` (with no continue), by a logistic
    regression on :func:`features` fitted to heuristic games (``value.toml``; refit with
    ``benchmarks/fit_jongrogue_value.py``). A death counts as lost (a continue is not a win that
    counts, §7.30). Search compares moves by it a few decisions ahead (:data:`SEARCH_HORIZON`)."""
    assert isinstance(state, JongRogueState)
    s = state
    if s.mode is DEATH or s.is_terminal():
        return 1.0 if s.won else 0.0
    z = sum(w * x for w, x in zip(WEIGHTS, features(s), strict=True))
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def stage(state: State) -> int:
    """The PL's decisions so far: MCTS rolls out :data:`SEARCH_HORIZON` decisions ahead and scores
    the position there by :func:`evaluate`."""
    assert isinstance(state, JongRogueState)
    return state.decisions


SEARCH_HORIZON = 8
"""MCTS rollouts stop this many decisions ahead (see ``solotable.agents.search``): a fight, a
flight or a room's worth of play, scored by the fitted evaluation."""


__all__ = ["FEATURES", "SEARCH_HORIZON", "HeuristicAgent", "evaluate", "features", "fight_cost", "make_agent",
           "opposite", "stage"]
