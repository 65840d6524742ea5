"""The rules of Mini Rogue (2020 retail edition, as on BGA) as a state machine
(shared/rules/minirogue.md). Decisions D1-D35 of the reference are cited as ``# D7``; the
project's own rulings as ``# MR-P3`` (docs/rulings.md).

Flow: the game is a queue of *tasks* (window, resolve, reveal, move, boss fight, delve, ...).
A task either finishes at once or sets a phase that waits for a decision or a chance outcome;
when that sub-machine ends it calls :meth:`_next`, which runs the next task. Combat, skill
checks and effect lists are sub-machines of their own.

Dealing (MR-P1): the 8 room cards of an area are a uniformly shuffled draw from the room deck;
the engine deals *lazily*: when a position is revealed, the chance node draws its card uniformly
from the cards not yet seen this area (and not held as items). This is the distribution of a
shuffled deal, keeps face-down cards out of the state, and makes every reveal a chance event.
The boss stack is drawn the same way: a floor boss is drawn uniformly among the four bosses not
yet seen when its boss area begins (a boss discarded unseen by a fall stays unseen).

Players: seat 0 plays ``character``, seat 1 ``partner``. ``to_move`` is the seat whose decision
it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial
from typing import TYPE_CHECKING, Any

from solotable.core.protocol import CHANCE, Action, ChanceTable, Event, IllegalAction, Result, State, legal_list

from .cards import BOSSES, POTIONS, ROOM_CARDS, STATUSES, Data, Effect, Foe, Options, room_type

if TYPE_CHECKING:
    from . import MiniRogue

CARD_INDEX = {c: i for i, c in enumerate(ROOM_CARDS)}
EXIT = 8
FACE = "x23456"  # white die faces; index 0 is the × (a miss)

# Phases: chance phases first.
(
    REVEAL, BOSS_REVEAL, LEADER_ROLL, ROLL, CRIT_ROLL, FEAT_ROLL, CHECK_ROLL, D6_ROLL,
    WINDOW, MOVE, PRE_ROLL, ATTACK, CHECK, SHIFT, OPT, POTION_KIND, POTION_DROP, SHOP, SHRINE,
    ITEM, TAKE, FORESEE, OFFER, OVER,
) = range(24)  # fmt: skip
FIRST_DECISION = WINDOW
PHASE_NAMES = (
    "reveal", "boss_reveal", "leader_roll", "roll", "crit_roll", "feat_roll", "check_roll", "d6",
    "window", "move", "pre_roll", "attack", "check", "shift", "option", "potion_kind",
    "potion_drop", "shop", "shrine", "item", "take", "foresee", "offer", "over",
)  # fmt: skip

# What a d6 roll is for.
D6_SHRINE, D6_REWARD = 0, 1
# Foe kinds.
F_MONSTER, F_BOSS, F_GHOST, F_OG1, F_OG2 = range(5)
FOE_KINDS = ("monster", "boss", "ghost", "og1", "og2")


class _Over(Exception):
    """A character died or the game was won: unwind to ``apply``."""


class _Fell(Exception):
    """A Fall result: unwind to ``apply``, which moves both characters down (D17)."""


# -- chance tables, built once ----------------------------------------------------------------


def _multisets(n: int) -> list[tuple[tuple[int, ...], Fraction]]:
    out = []
    for faces in combinations_with_replacement(range(1, 7), n):
        perms = factorial(n)
        for f in set(faces):
            perms //= factorial(faces.count(f))
        out.append((faces, Fraction(perms, 6**n)))
    return out


def white_text(faces: Sequence[int]) -> str:
    return "".join(FACE[f - 1] for f in faces)


@cache
def roll_table(n: int, poisoned: bool, cursed: bool) -> ChanceTable:
    """A combat roll as one event (MR-P3): the white dice as a multiset, the black die, and the
    poison and curse dice when held."""
    out: list[tuple[Action, Fraction]] = []
    half = Fraction(1, 2)
    for faces, p in _multisets(n):
        w = white_text(faces)
        for black in range(1, 7):
            pb = p / 6
            for pz in ("p1", "p0") if poisoned else ("",):
                for cz in ("c1", "c0") if cursed else ("",):
                    extra = [x for x in (pz, cz) if x]
                    prob = pb * (half if pz else 1) * (half if cz else 1)
                    out.append((Action("roll", w, black, *extra), prob))
    return ChanceTable(out)


@cache
def check_table(n: int) -> ChanceTable:
    """A skill check: the white dice (multiset) and the black die together (§6.1)."""
    return ChanceTable(
        (Action("check", white_text(faces), black), p / 6) for faces, p in _multisets(n) for black in range(1, 7)
    )


D6_TABLE = ChanceTable((Action("d6", f), Fraction(1, 6)) for f in range(1, 7))
WHITE_TABLE = ChanceTable((Action("white", FACE[f]), Fraction(1, 6)) for f in range(6))
LEADER_TABLE = ChanceTable((Action("leader", s), Fraction(1, 2)) for s in (1, 2))


CARD_ACTIONS = tuple(Action("card", c) for c in ROOM_CARDS)


@lru_cache(maxsize=65536)
def card_table(unseen: int) -> ChanceTable:
    """The next room card: uniform over the cards not yet seen this area (MR-P1)."""
    return ChanceTable.uniform(tuple(CARD_ACTIONS[i] for i in range(len(ROOM_CARDS)) if unseen >> i & 1))


@cache
def boss_table(unseen: int) -> ChanceTable:
    names = [b for i, b in enumerate(BOSSES) if unseen >> i & 1]
    return ChanceTable((Action("boss", b), Fraction(1, len(names))) for b in names)


@cache
def act(name: str, *args: str | int) -> Action:
    """A shared Action object (legal actions are built often; building each anew is slow)."""
    return Action(name, *args)


def _ev(key: str, **params: str | int) -> Event:
    return Event("mr." + key, params)


def pos_text(pos: int) -> str:
    return f"{pos // 3 + 1},{pos % 3 + 1}"


class Hero:
    """One character's stats and per-area marks. Cheap to copy."""

    __slots__ = (
        "char", "hp", "armor", "gold", "food", "xp", "potions", "item", "poison", "curse", "blind",
        "skill_up", "shield", "pos", "resolved", "evade", "met", "poison_fx",
    )  # fmt: skip

    def __init__(self, char: str) -> None:
        self.char = char
        self.hp = self.armor = self.gold = self.food = self.xp = 0
        self.potions: list[str] = []
        self.item = ""
        self.poison = self.curse = self.blind = False
        self.skill_up = True
        self.shield = 0
        self.pos = 0
        self.resolved = False
        self.evade = False
        self.met: set[str] = set()
        self.poison_fx = 0  # active Poison potion effects (D34: they add +4 once unless they stack)

    def copy(self) -> Hero:
        h = Hero.__new__(Hero)
        h.char = self.char
        h.hp = self.hp
        h.armor = self.armor
        h.gold = self.gold
        h.food = self.food
        h.xp = self.xp
        h.potions = self.potions[:]
        h.item = self.item
        h.poison = self.poison
        h.curse = self.curse
        h.blind = self.blind
        h.skill_up = self.skill_up
        h.shield = self.shield
        h.pos = self.pos
        h.resolved = self.resolved
        h.evade = self.evade
        h.met = set(self.met)
        h.poison_fx = self.poison_fx
        return h

    def statuses(self) -> list[str]:
        return [s for s in STATUSES if getattr(self, s)]


class MiniRogueState(State):
    """A position of Mini Rogue (2020). Mutable; ``clone()`` copies it cheaply."""

    __slots__ = (
        "game", "seed", "data", "opts", "heroes", "n", "area", "leader", "grid", "seen", "seen_bosses",
        "boss", "phase", "actor", "tasks", "win", "won", "cause", "bosses_beaten", "item_taken",
        "foe", "foe_kind", "foe_hp", "foe_max", "fighters", "att", "round", "frozen", "black",
        "dice", "chain", "last", "removed", "featted", "cursed_now", "backstab", "free_feats",
        "die", "c_kind", "c_white", "c_black", "c_ok", "c_card", "opts_list", "fx_after",
        "pending_potion", "d6_for", "foresee_left", "rpos", "win_turn", "win_done", "offer", "_events",
    )  # fmt: skip

    def __init__(self, game: MiniRogue, seed: int | None, data: Data, opts: dict[str, Any]) -> None:
        self.game = game
        self.seed = seed
        self.data = data
        self.opts = opts
        chars = [str(opts["character"])]
        if opts["partner"] != "none":
            chars.append(str(opts["partner"]))
        self.n = len(chars)
        diff = data.difficulty[str(opts["difficulty"])]
        self.heroes: list[Hero] = []
        for c in chars:
            h = Hero(c)
            base = data.characters[c]
            h.hp = max(1, base["hp"] - diff["hp"])  # D16
            h.armor = base["armor"]
            h.gold = max(0, base["gold"] - diff["gold"])  # D16: never below 0, never HP instead
            h.food = max(0, base["food"] - diff["food"])
            h.potions = list(base["potions"])
            self.heroes.append(h)
        self.area = 1
        self.leader = 0
        self.grid = [-1] * 9
        self.seen = 0
        self.seen_bosses = 0
        self.boss = ""
        self.actor = 0
        self.tasks: list[tuple[Any, ...]] = []
        self.win: list[int] = []
        self.win_turn = 0  # D32: the index in ``win`` of the seat whose turn it is in the window
        self.win_done = 0  # the indices in ``win`` (a bit mask) of the seats that have passed
        self.offer: tuple[int, str, str] | None = None  # D32: (giver, what, what back or "")
        self.won = False
        self.cause = ""
        self.bosses_beaten = 0
        self.item_taken = 0
        self._clear_combat()
        self.c_kind = ""
        self.c_white: list[int] = []
        self.c_black = 0
        self.c_ok = False
        self.c_card = ""
        self.opts_list: Options = ()
        self.fx_after = ""
        self.pending_potion = ""
        self.d6_for = D6_SHRINE
        self.foresee_left = 0
        self.rpos = 0
        self.phase = OVER
        self._events: list[Event] = [
            _ev("ev.start", difficulty="@mr.difficulty." + str(opts["difficulty"]), players=self.n)
        ]
        if self.n == 2:
            self.phase = LEADER_ROLL  # §2.1 step 7: the first Leader is chosen at random
            self.tasks = [("prepare",)]
        else:
            self.tasks = [("prepare",)]
            self._run_guarded()

    def _clear_combat(self) -> None:
        self.foe: Foe | None = None
        self.foe_kind = F_MONSTER
        self.foe_hp = 0
        self.foe_max = 0
        self.fighters: list[int] = []
        self.att = 0
        self.round = 0
        self.frozen = False
        self.black = [0, 0]
        self._clear_dice()

    def _clear_dice(self) -> None:
        self.dice: list[int] = []
        self.chain: list[int] = []
        self.last: list[int] = []
        self.removed: list[bool] = []
        self.featted: list[bool] = []
        self.cursed_now = False
        self.backstab = False
        self.free_feats = 0
        self.die = 0

    # -- protocol plumbing -------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == OVER:
            return None
        return CHANCE if phase < FIRST_DECISION else self.actor

    @property
    def events(self) -> Sequence[Event]:
        return self._events

    @property
    def floor(self) -> int:
        return self.data.floors[self.area - 1]

    def options(self) -> dict[str, Any]:
        # MR-P2: the record carries the overrides' content, not the file's path.
        return {
            "character": self.opts["character"],
            "partner": self.opts["partner"],
            "difficulty": self.opts["difficulty"],
            "cards": "",
            "cards_data": self.opts["cards_data"],
        }

    def clone(self) -> MiniRogueState:
        new = MiniRogueState.__new__(MiniRogueState)
        new.game = self.game
        new.seed = self.seed
        new.data = self.data
        new.opts = self.opts
        new.heroes = [h.copy() for h in self.heroes]
        new.n = self.n
        new.area = self.area
        new.leader = self.leader
        new.grid = self.grid[:]
        new.seen = self.seen
        new.seen_bosses = self.seen_bosses
        new.boss = self.boss
        new.phase = self.phase
        new.actor = self.actor
        new.tasks = self.tasks[:]
        new.win = self.win[:]
        new.win_turn = self.win_turn
        new.win_done = self.win_done
        new.offer = self.offer
        new.won = self.won
        new.cause = self.cause
        new.bosses_beaten = self.bosses_beaten
        new.item_taken = self.item_taken
        new.foe = self.foe
        new.foe_kind = self.foe_kind
        new.foe_hp = self.foe_hp
        new.foe_max = self.foe_max
        new.fighters = self.fighters[:]
        new.att = self.att
        new.round = self.round
        new.frozen = self.frozen
        new.black = self.black[:]
        new.dice = self.dice[:]
        new.chain = self.chain[:]
        new.last = self.last[:]
        new.removed = self.removed[:]
        new.featted = self.featted[:]
        new.cursed_now = self.cursed_now
        new.backstab = self.backstab
        new.free_feats = self.free_feats
        new.die = self.die
        new.c_kind = self.c_kind
        new.c_white = self.c_white[:]
        new.c_black = self.c_black
        new.c_ok = self.c_ok
        new.c_card = self.c_card
        new.opts_list = self.opts_list
        new.fx_after = self.fx_after
        new.pending_potion = self.pending_potion
        new.d6_for = self.d6_for
        new.foresee_left = self.foresee_left
        new.rpos = self.rpos
        new._events = self._events
        return new

    def observation(self, player: int = 0) -> dict[str, Any]:
        from .view import observation

        return observation(self)

    def order(self) -> list[int]:
        """Seats in resolution order: the Leader first (§9)."""
        return [0] if self.n == 1 else [self.leader, 1 - self.leader]

    # -- chance ------------------------------------------------------------------------------

    def chance_table(self) -> ChanceTable:
        phase = self.phase
        if phase >= FIRST_DECISION:
            raise IllegalAction("core.err.not_chance")
        if phase == REVEAL:
            return card_table(self._unseen())
        if phase == BOSS_REVEAL:
            return boss_table(((1 << len(BOSSES)) - 1) & ~self.seen_bosses)
        if phase == LEADER_ROLL:
            return LEADER_TABLE
        if phase == ROLL:
            h = self.heroes[self.actor]
            return roll_table(self.dice_count(h), h.poison, h.curse)
        if phase == CHECK_ROLL:
            return check_table(self.dice_count(self.heroes[self.actor]))
        if phase in (CRIT_ROLL, FEAT_ROLL):
            return WHITE_TABLE
        return D6_TABLE

    def _unseen(self) -> int:
        mask = (1 << len(ROOM_CARDS)) - 1
        return mask & ~self.seen

    def dice_count(self, h: Hero) -> int:
        """§5.2, D1: one die, a second at the first threshold, a third at the second."""
        return 1 + sum(1 for t in self.data.die_thresholds if h.xp >= t)

    # -- legal actions -----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase < FIRST_DECISION or phase == OVER:
            return []
        h = self.heroes[self.actor]
        out: list[Action] = []
        if phase == WINDOW:
            out.append(act("pass"))
            if self._window_waits():
                out.append(act("wait"))
            out.extend(self._window_actions(h))
        elif phase == MOVE:
            r, c = divmod(h.pos, 3)
            if c < 2:
                out.append(act("move", "right"))
            if r < 2:
                out.append(act("move", "down"))
        elif phase == PRE_ROLL:
            out.append(act("roll"))
            out.extend(act("drink", p) for p in self._drinkable(h, combat=True))
        elif phase == ATTACK:
            out.extend(self._attack_actions(h))
        elif phase == CHECK:
            out.append(act("accept"))
            out.extend(self._feat_actions(h, self.c_white, [False] * len(self.c_white), [0] * len(self.c_white)))
            out.extend(act("drink", p) for p in self._drinkable(h, combat=False, check=True))
        elif phase == SHIFT:
            out.append(act("keep"))
            if self.c_black < 6:
                out.append(act("up"))
            if self.c_black > 1:
                out.append(act("down"))
        elif phase == OPT:
            out.extend(act("opt", i + 1) for i in range(len(self.opts_list)))
        elif phase == POTION_KIND:
            out.extend(act("potion", p) for p in POTIONS if p not in h.potions)
        elif phase == POTION_DROP:
            out.extend(act("drop", p) for p in POTIONS if p in h.potions or p == self.pending_potion)
        elif phase == SHOP:
            out.extend(self._shop_actions(h))
        elif phase == SHRINE:
            out.append(act("roll"))
            if h.gold >= self.data.shrine_offer:
                out.append(act("offer"))
        elif phase == ITEM:
            out.append(act("leave"))
            _, cond, cost, _ = self.data.items[self.c_card]
            if cond == "check":
                out.append(act("try"))
            elif (h.gold if cond == "gold" else h.food) >= cost:
                out.append(act("take"))
        elif phase == TAKE:
            out.extend((act("take"), act("leave")))
        elif phase == FORESEE:
            out.append(act("stop"))
            out.extend(act("see", p // 3 + 1, p % 3 + 1) for p in range(8) if self.grid[p] < 0)
        elif phase == OFFER:
            out.extend((act("accept"), act("decline")))  # D32: the receiver accepts or declines
        return out

    def _drinkable(self, h: Hero, *, combat: bool, check: bool = False) -> list[str]:
        """D34: a potion that would do nothing now is not offered (unless the flag says so)."""
        if not self.data.flags["hide_useless_potions"]:
            return list(h.potions)
        out = []
        stacks = self.data.flags["poison_stacks"]
        for p in h.potions:
            if p == "fire" or p == "frost" or p == "poison":
                if not combat or (p == "frost" and self.frozen) or (p == "poison" and h.poison_fx and not stacks):
                    continue
            elif p == "healing":
                if h.hp >= self.data.caps["hp"]:
                    continue
            elif p == "holy":
                if not h.statuses():
                    continue
            elif p == "perception" and not h.blind and not (check and not self.c_ok and not self._check_ok()):
                continue
            out.append(p)
        return out

    def _boss_next(self) -> bool:
        """The characters stand at the exit and the boss fight is still to come (D32, D23)."""
        return bool(self.tasks) and self.tasks[0][0] == "boss_fight"

    def _window_actions(self, h: Hero) -> list[Action]:
        out = [act("drink", p) for p in self._drinkable(h, combat=False)]
        at_exit = h.pos == EXIT
        if h.skill_up:
            c = h.char
            if c == "rogue" and not h.evade and self._room_ahead(h):
                out.append(act("evade"))
            elif c == "priestess":
                for seat, t in enumerate(self.heroes):
                    sts = t.statuses()
                    out.extend(act("bless", seat + 1, s) for s in sts)
                    if not sts and t.hp < self.data.caps["hp"]:
                        out.append(act("bless", seat + 1))
            elif c == "crusader" and any(t.shield == 0 for t in self.heroes):
                # D23: at the exit, Shield only serves for the boss fight still to come
                if not at_exit or (self._boss_next() and self.data.flags["shield_counts_boss"]):
                    out.append(act("shield"))
            elif c == "mage" and not at_exit and any(self.grid[p] < 0 for p in range(8)):
                out.append(act("foresee"))
        if self.n == 2:
            other = self.heroes[1 - self.actor]
            if other.pos == h.pos:  # §9: trading while in the same room (or both at the exit)
                caps = self.data.caps
                # a gift the receiver can keep within the maxima (D2: one item, different potions)
                out.extend(
                    act("give", g) for g in ("gold", "food", "armor") if getattr(h, g) and getattr(other, g) < caps[g]
                )
                if h.item and not other.item:
                    out.append(act("give", "item"))
                if len(other.potions) < caps["potions"]:
                    out.extend(act("give", p) for p in h.potions if p not in other.potions)
                # MR-P4: a trade swaps a potion for a potion or the item for the item, the only
                # exchanges two gifts cannot always make within the maxima (full belts, two items)
                if h.item and other.item:
                    out.append(act("trade", "item", "item"))
                out.extend(
                    act("trade", g, t)
                    for g in h.potions
                    for t in other.potions
                    if t not in h.potions and g not in other.potions
                )
        return out

    def _exchange(self, giver: int, give: str, get: str) -> None:
        a, b = self.heroes[giver], self.heroes[1 - giver]
        for src, dst, what in ((a, b, give), (b, a, get)):
            if what in ("gold", "food", "armor"):
                setattr(src, what, getattr(src, what) - 1)
                setattr(dst, what, getattr(dst, what) + 1)
            elif what in POTIONS:
                src.potions.remove(what)
                dst.potions.append(what)
                dst.potions.sort(key=POTIONS.index)
        if "item" in (give, get):
            item_a = b.item if get == "item" else (a.item if give != "item" else "")
            item_b = a.item if give == "item" else (b.item if get != "item" else "")
            a.item, b.item = item_a, item_b

    def _room_ahead(self, h: Hero) -> bool:
        """D21: Evasion needs a room card to skip: the unresolved start room, or a room card
        reachable by the next move (never the boss)."""
        if not h.resolved:
            return h.pos == 0 and self.data.flags["evasion_on_start_room"]
        r, c = divmod(h.pos, 3)
        return h.pos != EXIT and (r, c) not in ((1, 2), (2, 1))

    def _feat_actions(self, h: Hero, faces: list[int], removed: list[bool], chain: list[int]) -> list[Action]:
        out: list[Action] = []
        featted = self.featted
        # D30: a payment that would kill is not offered (a cost needs the full amount, §4.4)
        can_hp = h.hp > self.data.feat_hp or (self.data.flags["lethal_payments"] and h.hp >= self.data.feat_hp)
        can_xp = h.xp >= self.data.feat_xp
        can_free = self.free_feats > 0 or bool(h.item)
        for i in range(len(faces)):
            if featted[i] or removed[i] or chain[i]:  # D19: one feat per die, none in a chain
                continue
            if can_xp:
                out.append(act("feat", i + 1, "xp"))
            if can_hp:
                out.append(act("feat", i + 1, "hp"))
            if can_free:
                out.append(act("feat", i + 1, "free"))
        return out

    def _attack_actions(self, h: Hero) -> list[Action]:
        out: list[Action] = []
        if self.backstab:
            out.extend(act("confirm", i + 1) for i in range(len(self.dice)))
        else:
            out.append(act("confirm"))
        for i in range(len(self.dice)):
            if self._open(i):
                out.append(act("crit", i + 1))
        out.extend(self._feat_actions(h, self.dice, self.removed, self.chain))
        out.extend(act("drink", p) for p in self._drinkable(h, combat=True))
        if h.skill_up:
            c = h.char
            if c == "rogue" and not self.backstab:
                out.append(act("backstab"))
            elif c == "priestess":
                most = h.hp + 1 if self.data.flags["lethal_payments"] else h.hp
                out.extend(act("tribute", k) for k in range(1, most))  # D30
            elif c == "crusader":
                out.append(act("stun"))
            elif c == "mage":
                hide = self.data.flags["hide_useless_potions"]
                out.append(act("conjure", "fire"))
                if not (hide and self.frozen):
                    out.append(act("conjure", "frost"))
                if not (hide and h.poison_fx and not self.data.flags["poison_stacks"]):  # D34
                    out.append(act("conjure", "poison"))
        return out

    def _eff(self, face: int) -> int:
        """A white face after this round's curse (§6.5): one step down, × stays ×."""
        return max(1, face - 1) if self.cursed_now else face

    def _open(self, i: int) -> bool:
        """Die ``i`` shows a 6 that may be rerolled as a critical (§7.3)."""
        if self.removed[i]:
            return False
        if self.chain[i]:
            return self.last[i] == 6
        return self._eff(self.dice[i]) == 6

    def die_value(self, i: int) -> int:
        if self.removed[i]:
            return 0
        if self.chain[i]:
            return self.chain[i]
        f = self._eff(self.dice[i])
        return 0 if f == 1 else f

    def _shop_actions(self, h: Hero) -> list[Action]:
        wares = self.data.merchants[self.c_card][0]
        out = [act("leave")]
        for w in wares:
            price = w.price * self.floor if w.per_floor else w.price
            if h.gold < price:
                continue
            kinds = [e[3] for e in w.gain if e[0] == "potion"]
            if kinds and kinds[0] != "any" and kinds[0] in h.potions:
                continue  # D34: a potion you already hold would be lost
            out.append(act("buy", w.key))
        if h.armor > 0:
            out.append(act("sell", "armor"))
        out.extend(act("sell", p) for p in h.potions)
        return out

    # -- apply -------------------------------------------------------------------------------

    def apply(self, action: Action, *, trusted: bool = False) -> None:
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("core.err.over")
        if phase < FIRST_DECISION:
            table = self.chance_table()
            if not trusted and action not in table:
                raise IllegalAction("core.err.not_outcome", action=str(action), legal=legal_list(table.actions))
            self._events = []
            self._guard(self._apply_chance, phase, action)
            return
        if not trusted and action not in self.legal_actions():
            raise IllegalAction("core.err.not_legal", action=str(action), legal=legal_list(self.legal_actions()))
        self._events = []
        self._guard(self._apply_decision, phase, action)

    def _guard(self, fn: Any, phase: int, action: Action) -> None:
        try:
            fn(phase, action)
        except _Over:
            self.phase = OVER
        except _Fell:
            self._fall()

    def _run_guarded(self) -> None:
        try:
            self._next()
        except _Over:
            self.phase = OVER
        except _Fell:
            self._fall()

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalAction("core.err.not_over")
        return Result(won=self.won, score=None, details=self.result_details())

    def result_details(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "area": self.area,
            "floor": self.floor,
            "bosses": self.bosses_beaten,
            "cause": self.cause,
        }
        for seat, h in enumerate(self.heroes):
            sfx = "" if seat == 0 else "2"
            out["hp" + sfx] = h.hp
            out["xp" + sfx] = h.xp
        return out

    # -- the task queue ------------------------------------------------------------------------

    def _next(self) -> None:
        """Run tasks until one waits for a decision or a chance outcome."""
        while self.tasks:
            task = self.tasks.pop(0)
            if self._run(task):
                return
        raise AssertionError("no task left")  # pragma: no cover - the game always has a next step

    def _push(self, *tasks: tuple[Any, ...]) -> None:
        self.tasks[0:0] = list(tasks)

    def _run(self, task: tuple[Any, ...]) -> bool:
        """Start ``task``; True if it set a waiting phase."""
        kind = task[0]
        if kind == "prepare":
            self._prepare()
            return False
        if kind == "reveal":
            pos = task[1]
            if self.grid[pos] >= 0:
                return False
            self.rpos = pos
            self.phase = REVEAL
            return True
        if kind == "boss_reveal":
            if self.area == 10:
                self.boss = "og"
                self._events.append(_ev("ev.boss", boss="@mr.name.og"))
                return False
            self.phase = BOSS_REVEAL
            return True
        if kind == "window":
            self.win = list(task[1])
            self.win_turn = self.win.index(task[2]) if len(task) > 2 else 0  # the Leader first
            self.win_done = task[3] if len(task) > 3 else 0
            return self._open_window()
        if kind == "resolve":
            return self._resolve(task[1])
        if kind == "resolved":
            self._resolved(task[1])
            return False
        if kind == "move":
            seat = task[1]
            self.actor = seat
            h = self.heroes[seat]
            legal = self.legal_actions_for_move(h)
            if len(legal) == 1:  # MR-P5: a forced move is made without asking
                self._move(seat, legal[0])
                return False
            self.phase = MOVE
            return True
        if kind == "arrive":
            self._arrive()
            return False
        if kind == "boss_fight":
            if not self.data.flags["shield_counts_boss"]:  # D23 alternative: the boss is no room
                for h in self.heroes:
                    h.shield = 0
            self._start_combat(self.order(), F_OG1 if self.boss == "og" else F_BOSS)
            return True
        if kind == "delve":
            self._delve()
            return False
        if kind == "fx":
            return self._fx(task[1], list(task[2]))
        if kind == "reward_roll":
            self.actor = task[1]
            self.d6_for = D6_REWARD
            self.phase = D6_ROLL
            return True
        if kind == "shop":
            self.actor = task[1]
            self.phase = SHOP
            return True
        if kind == "foresee":
            self.actor = task[1]
            self.foresee_left = task[2]
            if self.foresee_left <= 0 or all(self.grid[p] >= 0 for p in range(8)):
                return False
            self.phase = FORESEE
            return True
        raise AssertionError(kind)  # pragma: no cover

    def legal_actions_for_move(self, h: Hero) -> list[Action]:
        r, c = divmod(h.pos, 3)
        out = []
        if c < 2:
            out.append(Action("move", "right"))
        if r < 2:
            out.append(Action("move", "down"))
        return out

    def _open_window(self) -> bool:
        """D32, MR-P4: in a window either seat may act, in any order, and play goes on when both
        have passed. The seat whose turn it is (the Leader first) acts as often as it likes; it
        may ``wait`` (hand the window to the other seat and act again after it) or ``pass`` (it
        is done with this window). A seat with nothing to do but pass passes."""
        everyone = (1 << len(self.win)) - 1
        while self.win and self.win_done != everyone:
            if self.win_done >> self.win_turn & 1:
                self.win_turn = (self.win_turn + 1) % len(self.win)
                continue
            self.actor = self.win[self.win_turn]
            if self._window_actions(self.heroes[self.actor]):
                self.phase = WINDOW
                return True
            self._window_pass()
        self.win = []
        return False

    def _window_pass(self) -> None:
        self.win_done |= 1 << self.win_turn
        self.win_turn = (self.win_turn + 1) % len(self.win)

    def _window_waits(self) -> bool:
        """``wait`` is open: the other seat of the window has not passed yet."""
        return len(self.win) == 2 and not self.win_done >> (1 - self.win_turn) & 1

    def _window_acted(self) -> None:
        """The seat acted: the window stays with it (or goes on if it has nothing left to do)."""
        if not self._open_window():
            self._next()

    # -- areas ---------------------------------------------------------------------------------

    def _prepare(self) -> None:
        """§3.3 Preparation: a fresh grid; the start room and (boss area) the boss revealed."""
        self.grid = [-1] * 9
        self.seen = 0
        for h in self.heroes:
            if h.item:
                self.seen |= 1 << CARD_INDEX[h.item]  # D27: a held item is out of the deck
            h.pos = 0
            h.resolved = False
            h.evade = False
            h.met = set()
        self.item_taken = 0
        self.boss = ""
        self._events.append(_ev("ev.area", area=self.area, floor=self.floor))
        if self.n == 2:
            self._events.append(
                _ev("ev.leader", seat=self.leader + 1, char="@mr.char." + self.heroes[self.leader].char)
            )
        tasks: list[tuple[Any, ...]] = [("reveal", 0)]
        if self.area in self.data.boss_areas:
            tasks.append(("boss_reveal",))
        tasks.extend(self._step_tasks())
        self.tasks = tasks

    def _step_tasks(self) -> list[tuple[Any, ...]]:
        o = self.order()
        if self.n == 1:
            return [("window", o), ("resolve", 0), ("window", o), ("move", 0), ("arrive",)]
        return [
            ("window", o), ("resolve", o[0]), ("window", o), ("resolve", o[1]), ("window", o),
            ("move", o[0]), ("move", o[1]), ("arrive",),
        ]  # fmt: skip

    def _move(self, seat: int, action: Action) -> None:
        h = self.heroes[seat]
        h.pos += 1 if action.args[0] == "right" else 3
        h.resolved = False
        self._events.append(_ev("ev.move", seat=seat + 1, pos=pos_text(h.pos)))
        if h.pos != EXIT:
            self._push(("reveal", h.pos))

    def _arrive(self) -> None:
        if all(h.pos == EXIT for h in self.heroes):
            if self.boss:  # D32: a decision point after moving, before the boss fight, and after it
                self.tasks = [("window", self.order()), ("boss_fight",), ("window", self.order()), ("delve",)]
            else:
                self._events.append(_ev("ev.exit"))
                self.tasks = [("window", self.order()), ("delve",)]
        else:
            self.tasks = self._step_tasks()

    def _delve(self) -> None:
        """§3.3 Delving: eat, refresh skills, Shield ends, next area."""
        for seat, h in enumerate(self.heroes):
            self._eat(seat)
            h.skill_up = True
            h.shield = 0
            if not self.data.flags["statuses_persist"]:  # D20 alternative: statuses end here
                self._cure(seat, list(STATUSES))
        self._new_area(self.area + 1)

    def _eat(self, seat: int) -> None:
        """§3.3 Delving step 1: −1 food; with no food, −3 HP instead."""
        d = self.data
        h = self.heroes[seat]
        if h.food >= d.eat_food:
            h.food -= d.eat_food
            self._events.append(_ev("ev.eat", seat=seat + 1, food=h.food))
        else:
            self._events.append(_ev("ev.starve", seat=seat + 1))
            self._lose_hp(seat, d.starve_hp, "starvation")

    def _new_area(self, area: int) -> None:
        self.area = area
        if self.n == 2:
            self.leader = 1 - self.leader  # §3.3, D29: leadership alternates every area
        self.tasks = [("prepare",)]

    def _fall(self) -> None:
        """§3.5, D17: both fall; combat ends unrewarded; the boss card of this floor is gone."""
        dst = self.data.fall_to[self.area - 1]
        self._clear_combat()
        for h in self.heroes:
            h.shield = 0  # D23
            h.poison_fx = 0
        self._events.append(_ev("ev.fall", area=dst))
        flags = self.data.flags
        try:
            for seat, h in enumerate(self.heroes):
                if flags["eat_on_fall"]:  # D17 alternative: a fall eats like Delving
                    self._eat(seat)
                if flags["refresh_on_fall"]:  # D17 alternative: skill cards turn face up
                    h.skill_up = True
        except _Over:
            self.phase = OVER
            return
        self._new_area(dst)
        self._run_guarded()

    # -- resolving rooms -----------------------------------------------------------------------

    def _resolve(self, seat: int) -> bool:
        h = self.heroes[seat]
        if h.resolved or h.pos == EXIT:
            return False
        self.actor = seat
        self._push(("resolved", seat))
        card = ROOM_CARDS[self.grid[h.pos]]
        if h.evade:  # D21: entered but not resolved
            h.evade = False
            self._events.append(_ev("ev.evaded", seat=seat + 1, card="@mr.card." + card))
            return False
        kind = room_type(card)
        self._events.append(_ev("ev.resolve", seat=seat + 1, card="@mr.card." + card))
        self.c_card = card
        if kind in ("monster", "trap"):
            h.met.add(kind)  # D9
        if kind == "monster":
            fighters = [seat]
            if self.n == 2:
                other = self.heroes[1 - seat]
                if other.pos == h.pos and not other.resolved and not other.evade:
                    fighters.append(1 - seat)  # §9: a shared fight, two-player HP
                    other.met.add("monster")
                    self.tasks.insert(1, ("resolved", 1 - seat))
            self._start_combat(fighters, F_MONSTER)
            return True
        if kind in ("trap", "graveyard"):
            self._start_check(kind)
            return True
        if kind == "campfire":
            if not h.skill_up:
                self._events.append(_ev("ev.refresh", seat=seat + 1))
            h.skill_up = True  # the refresh icon comes first
            return self._choose_options(seat, self.data.campfires[card])
        if kind == "merchant":
            self.phase = SHOP
            return True
        if kind == "treasure":
            gold, gold_cond, cond, _ = self.data.treasures[card]
            self._gain(seat, "gold", gold_cond if h.met & cond else gold)
            self._start_check("treasure")
            return True
        if kind == "shrine":
            self.phase = SHRINE
            return True
        # item room
        if self.item_taken >> CARD_INDEX[card] & 1:  # D27: only one character takes it
            self._events.append(_ev("ev.item_gone", seat=seat + 1))
            return False
        self.phase = ITEM
        return True

    def _resolved(self, seat: int) -> None:
        h = self.heroes[seat]
        h.resolved = True
        h.shield = 0  # D23: Shield lasts for one room
        if h.blind:  # §6.5: a blind character reveals nothing
            return
        r, c = divmod(h.pos, 3)
        reveals = []
        if c < 2 and h.pos + 1 != EXIT:
            reveals.append(("reveal", h.pos + 1))
        if r < 2 and h.pos + 3 != EXIT:
            reveals.append(("reveal", h.pos + 3))
        self._push(*reveals)

    def _choose_options(self, seat: int, options: Options) -> bool:
        self.actor = seat
        if len(options) == 1:
            return self._fx(seat, list(options[0]))
        self.opts_list = options
        self.phase = OPT
        return True

    # -- effects ---------------------------------------------------------------------------------

    def _fx(self, seat: int, effects: list[Effect]) -> bool:
        """Apply ``effects`` in order; an effect that needs a choice (or a Ghost fight) waits."""
        floor = self.floor
        while effects:
            kind, amount, per_floor, arg = effects.pop(0)
            if kind == "stat":
                n = amount * floor if per_floor else amount
                if n >= 0:
                    self._gain(seat, arg, n)
                else:
                    self._lose(seat, arg, -n)
            elif kind == "status":
                self._status(seat, arg)
            elif kind == "bless":
                self._cure(seat, list(STATUSES))
            elif kind == "potion":
                if effects:
                    self._push(("fx", seat, tuple(effects)))
                self.actor = seat
                if arg == "any":  # D24: of the player's choice
                    self.phase = POTION_KIND
                    return True
                return self._gain_potion(seat, arg)
            elif kind == "fall":
                self._fall_effect()
            elif kind == "ghost":
                if effects:  # D35: the rest of the row is gained if the Ghost is defeated
                    self._push(("fx", seat, tuple(effects)))
                self._start_combat([seat], F_GHOST)  # D29: fought alone
                return True
            # "nothing"
        return False

    def _fall_effect(self) -> None:
        if self.data.fall_to[self.area - 1] == 0:  # D17: ignored on floor 4
            self._events.append(_ev("ev.no_fall"))
            return
        raise _Fell

    def _gain_potion(self, seat: int, kind: str) -> bool:
        h = self.heroes[seat]
        if kind in h.potions:  # §6.3, D2: two of a kind cannot be kept
            self._events.append(_ev("ev.potion_lost", seat=seat + 1, potion="@mr.potion." + kind))
            return False
        if len(h.potions) < self.data.caps["potions"]:
            h.potions.append(kind)
            h.potions.sort(key=POTIONS.index)
            self._events.append(_ev("ev.potion", seat=seat + 1, potion="@mr.potion." + kind))
            return False
        self.pending_potion = kind  # D24: keep the potions of your choice
        self.actor = seat
        self.phase = POTION_DROP
        return True

    def _gain(self, seat: int, stat: str, n: int) -> None:
        if n <= 0:
            return
        h = self.heroes[seat]
        d = self.data
        if stat == "xp":
            room = d.xp_cap - h.xp
            before = self.dice_count(h)
            h.xp += min(n, room)
            over = n - min(n, room)
            self._events.append(_ev("ev.gain", seat=seat + 1, stat="@mr.stat.xp", n=min(n, room), value=h.xp))
            if self.dice_count(h) > before:
                self._events.append(_ev("ev.level", seat=seat + 1, dice=self.dice_count(h)))
            if over and d.heal_per_xp:  # D1: XP over the cap heals
                self._gain(seat, "hp", over * d.heal_per_xp)
            return
        cap = d.caps[stat]
        value = getattr(h, stat)
        new = min(cap, value + n)  # §4.1: a gain above a maximum is lost
        setattr(h, stat, new)
        self._events.append(_ev("ev.gain", seat=seat + 1, stat="@mr.stat." + stat, n=new - value, value=new))

    def _lose(self, seat: int, stat: str, n: int, cause: str = "room") -> None:
        """§4.4, D3: an imposed loss; lacking the full amount costs 1 HP once."""
        h = self.heroes[seat]
        if stat == "hp":
            self._lose_hp(seat, n, cause)
            return
        value = getattr(h, stat)
        paid = min(value, n)
        before = self.dice_count(h)
        setattr(h, stat, value - paid)
        self._events.append(_ev("ev.lose", seat=seat + 1, stat="@mr.stat." + stat, n=paid, value=value - paid))
        if stat == "xp" and self.dice_count(h) < before:
            self._events.append(_ev("ev.level_down", seat=seat + 1, dice=self.dice_count(h)))
        if paid < n:
            self._events.append(_ev("ev.lack", seat=seat + 1, hp=self.data.lack_hp))
            self._lose_hp(seat, self.data.lack_hp, cause)

    def _lose_hp(self, seat: int, n: int, cause: str) -> None:
        if n <= 0:
            return
        h = self.heroes[seat]
        h.hp -= n
        self._events.append(_ev("ev.hp", seat=seat + 1, n=n, hp=max(0, h.hp)))
        if h.hp <= 0:  # §1.3: the game is lost at once
            h.hp = 0
            self.cause = cause
            self._events.append(_ev("ev.death", seat=seat + 1, char="@mr.char." + h.char))
            raise _Over

    def _status(self, seat: int, status: str) -> None:
        h = self.heroes[seat]
        if getattr(h, status):
            return
        setattr(h, status, True)
        self._events.append(_ev("ev.status", seat=seat + 1, status="@mr.status." + status))

    def _cure(self, seat: int, statuses: list[str]) -> None:
        h = self.heroes[seat]
        for s in statuses:
            if getattr(h, s):
                setattr(h, s, False)
                self._events.append(_ev("ev.cure", seat=seat + 1, status="@mr.status." + s))
                at_once = self.data.flags["cure_curse_at_once"]
                if s == "curse" and self.foe is not None and self.actor == seat and at_once:
                    self.cursed_now = False  # D33: the curse stops lowering the dice at once

    # -- skill checks --------------------------------------------------------------------------

    def _start_check(self, kind: str) -> None:
        self.c_kind = kind
        self.c_white = []
        self.featted = []
        self.free_feats = 0
        self.phase = CHECK_ROLL

    def _check_ok(self) -> bool:
        return any(f >= 5 for f in self.c_white)

    def _check_done(self) -> bool:
        seat = self.actor
        ok = self.c_ok or self._check_ok()
        self._events.append(_ev("ev.check_ok" if ok else "ev.check_fail", seat=seat + 1))
        self.free_feats = 0
        kind = self.c_kind
        black = self.c_black
        if kind == "trap":
            name, fail, success = self.data.traps[self.c_card][black - 1]
            self._events.append(_ev("ev.row", row="@mr.name." + name))
            return self._fx(seat, list(success if ok else fail))
        if kind == "graveyard":
            if ok:
                self.phase = SHIFT  # §6.1: ±1 after a success
                return True
            return self._grave_row(seat)
        if kind == "treasure":
            if not ok:
                return False
            options = self.data.treasures[self.c_card][3][black - 1]
            if self.data.flags["treasure_reward_optional"]:  # D35 alternative: it may be declined
                options = (*options, (("nothing", 0, False, ""),))
            return self._choose_options(seat, options)
        # item (Worn Sword): the black die is not read
        if ok:
            self.phase = TAKE
            return True
        return False

    def _grave_row(self, seat: int) -> bool:
        name, options = self.data.graveyards[self.c_card][self.c_black - 1]
        self._events.append(_ev("ev.row", row="@mr.name." + name))
        return self._choose_options(seat, options)

    # -- combat ----------------------------------------------------------------------------------

    def _start_combat(self, fighters: list[int], kind: int) -> None:
        d = self.data
        floor = self.floor
        if kind == F_MONSTER:
            foe = d.monsters[self.c_card][floor - 1]
        elif kind == F_GHOST:
            foe = d.ghosts[floor - 1]
        elif kind == F_BOSS:
            foe = d.bosses[self.boss][floor - 1]
        else:
            foe = d.og[0 if kind == F_OG1 else 1]
        self._clear_combat()
        self.foe = foe
        self.foe_kind = kind
        two = len(fighters) == 2 and (kind != F_GHOST or d.flags["ghost_two_player_hp"])
        self.foe_hp = self.foe_max = foe.hp2 if two else foe.hp  # D10
        self.fighters = list(fighters)
        self.round = 1
        self._events.append(_ev("ev.fight", foe="@mr.name." + foe.name, hp=self.foe_hp, damage=foe.damage))
        self._begin_attacker(0)

    def _begin_attacker(self, idx: int) -> None:
        self.att = idx
        self.actor = self.fighters[idx]
        self._clear_dice()
        h = self.heroes[self.actor]
        if self._drinkable(h, combat=True):
            self.phase = PRE_ROLL
        else:
            self.phase = ROLL

    def _attack_next(self) -> bool:
        """After an attacker confirms: the next attacker, or the monster's attack (§7.2, §9)."""
        if self.att + 1 < len(self.fighters):
            self._begin_attacker(self.att + 1)
            return True
        self._monster_attack()
        self.round += 1
        self.frozen = False
        self._begin_attacker(0)
        return True

    def _monster_attack(self) -> None:
        foe = self.foe
        assert foe is not None
        if self.frozen:
            self._events.append(_ev("ev.frozen"))
            return
        # D10: the Leader in odd rounds, the Partner in even rounds.
        target = self.fighters[0] if len(self.fighters) == 1 or self.round % 2 == 1 else self.fighters[1]
        h = self.heroes[target]
        black = self.black[target]
        if black == 1:
            self._events.append(_ev("ev.miss", seat=target + 1))
            return
        ignore = black == 6 or "ignore_armor" in foe.icons
        armor = 0 if ignore else h.armor + h.shield
        dmg = max(0, foe.damage - armor)
        self._events.append(_ev("ev.hit", seat=target + 1, damage=dmg, face=black))
        cause = "boss" if self.foe_kind != F_MONSTER and self.foe_kind != F_GHOST else FOE_KINDS[self.foe_kind]
        self._lose_hp(target, dmg, cause)
        if dmg == 0 and not self.data.flags["icons_on_zero_damage"]:
            return  # D18 switched off
        fall = False
        for icon in foe.icons:
            if icon in STATUSES:
                self._status(target, icon)
            elif icon == "regenerate":  # D13, D31
                self.foe_hp = min(self.foe_max, self.foe_hp + self.data.regenerate_hp)
            elif icon == "weaken":
                self._lose(target, "xp", 1, cause)  # a death from lacking XP is the foe's doing
            elif icon == "fall":
                fall = True
        if fall:
            self._fall_effect()

    def _hit_foe(self, amount: int) -> bool:
        """Damage the foe; True if it is defeated (then rewards are queued, §7.7)."""
        self.foe_hp = max(0, self.foe_hp - amount)  # D31
        self._events.append(_ev("ev.damage", damage=amount, hp=self.foe_hp))
        if self.foe_hp > 0:
            return False
        self._defeated()
        return True

    def _defeated(self) -> None:
        foe = self.foe
        assert foe is not None
        kind = self.foe_kind
        fighters = self.fighters
        self._events.append(_ev("ev.defeated", foe="@mr.name." + foe.name))
        for h in self.heroes:
            h.poison_fx = 0  # Poison and Frost effects end with the combat
        if kind == F_OG1:  # D28: phase 2 at once, no attack
            self._start_combat(fighters, F_OG2)
            return
        if kind == F_OG2:
            self.won = True
            self.cause = "win"
            self.bosses_beaten += 1
            self._events.append(_ev("ev.win"))
            raise _Over
        self._clear_combat()
        tasks: list[tuple[Any, ...]] = []
        for seat in fighters:  # §9: every character who fought gains the full reward
            tasks.append(("fx", seat, foe.reward))
            if kind == F_BOSS:
                tasks.append(("reward_roll", seat))
        if kind == F_BOSS:
            self.bosses_beaten += 1
        self._push(*tasks)
        self._next()

    def _confirm(self, h: Hero, doubled: int) -> None:
        total = sum(self.die_value(i) for i in range(len(self.dice)))
        if doubled >= 0:
            total += self.die_value(doubled)  # Backstab
        if h.poison_fx:  # D34: +4 once, or once per effect when they stack
            total += self.data.poison_bonus * (h.poison_fx if self.data.flags["poison_stacks"] else 1)
        self._events.append(_ev("ev.confirm", seat=self.actor + 1, damage=total))
        if not self._hit_foe(total):
            self._attack_next()

    # -- applying ------------------------------------------------------------------------------

    def _apply_chance(self, phase: int, action: Action) -> None:
        args = action.args
        if phase == REVEAL:
            pos = self.rpos
            card = str(args[0])
            self.grid[pos] = CARD_INDEX[card]
            self.seen |= 1 << CARD_INDEX[card]
            self._events.append(_ev("ev.reveal", pos=pos_text(pos), card="@mr.card." + card))
            self._next()
        elif phase == BOSS_REVEAL:
            self.boss = str(args[0])
            self.seen_bosses |= 1 << BOSSES.index(self.boss)
            self._events.append(_ev("ev.boss", boss="@mr.name." + self.boss))
            self._next()
        elif phase == LEADER_ROLL:
            self.leader = int(args[0]) - 1  # §2.1 step 7
            self._next()
        elif phase == ROLL:
            self._roll(args)
        elif phase == CRIT_ROLL:
            i = self.die
            face = FACE.index(str(args[0])) + 1
            if face == 1:  # §7.3: a × loses the whole die
                self.removed[i] = True
                self._events.append(_ev("ev.crit_miss", die=i + 1))
            else:
                self.chain[i] += face
                self.last[i] = face
                self._events.append(_ev("ev.crit", die=i + 1, face=face, value=self.chain[i]))
            self.phase = ATTACK
        elif phase == FEAT_ROLL:
            i = self.die
            face = FACE.index(str(args[0])) + 1
            self._events.append(_ev("ev.feat_roll", die=i + 1, face=FACE[face - 1]))
            if self.foe is not None:
                self.dice[i] = face
                self.phase = ATTACK
            else:
                self.c_white[i] = face
                self.phase = CHECK
        elif phase == CHECK_ROLL:
            self.c_white = [FACE.index(ch) + 1 for ch in str(args[0])]
            self.c_black = int(args[1])
            self.featted = [False] * len(self.c_white)
            self.c_ok = False
            self._events.append(_ev("ev.check", seat=self.actor + 1, white=str(args[0]), black=self.c_black))
            self.phase = CHECK
        else:  # D6_ROLL
            face = int(args[0])
            seat = self.actor
            if self.d6_for == D6_SHRINE:
                row = face
                if self.c_ok and face < 6:  # an offering adds +1 unless the die shows 6
                    row = min(6, face + self.data.shrine_bonus)
                self._events.append(_ev("ev.shrine", face=face, row=row))
                self.c_ok = False
                if not self._choose_options(seat, self.data.shrine_rows[row - 1]):
                    self._next()
            else:
                self._events.append(_ev("ev.reward", seat=seat + 1, face=face))
                self._gain(seat, "gold", self.data.reward_gold)
                if not self._choose_options(seat, self.data.reward_rows[face - 1]):
                    self._next()

    def _roll(self, args: tuple[str | int, ...]) -> None:
        seat = self.actor
        self.dice = [FACE.index(ch) + 1 for ch in str(args[0])]
        k = len(self.dice)
        self.chain = [0] * k
        self.last = [0] * k
        self.removed = [False] * k
        self.featted = [False] * k
        self.black[seat] = int(args[1])
        self._events.append(_ev("ev.roll", seat=seat + 1, white=str(args[0]), black=int(args[1])))
        self.c_kind = ""
        self.phase = ATTACK
        extra = args[2:]
        if "p1" in extra:  # §7.2 step 3
            self._events.append(_ev("ev.poison_die", seat=seat + 1))
            self._lose_hp(seat, 1, "poison")
        if "c1" in extra:  # §7.2 step 4
            self.cursed_now = True
            self._events.append(_ev("ev.curse_die", seat=seat + 1))

    def _apply_decision(self, phase: int, action: Action) -> None:
        name = action.name
        args = action.args
        seat = self.actor
        h = self.heroes[seat]
        if name == "drink":
            self._drink(seat, str(args[0]))
            if phase == WINDOW:
                self._window_acted()
            return
        if phase == WINDOW:
            self._window_decision(seat, h, action)
        elif phase == MOVE:
            self._move(seat, action)
            self._next()
        elif phase == PRE_ROLL:
            self.phase = ROLL
        elif phase == ATTACK:
            self._attack_decision(seat, h, action)
        elif phase == CHECK:
            if name == "accept":
                if not self._check_done():
                    self._next()
            else:
                self._feat(seat, h, action)
        elif phase == SHIFT:
            if name == "up":
                self.c_black += 1
            elif name == "down":
                self.c_black -= 1
            if not self._grave_row(seat):
                self._next()
        elif phase == OPT:
            options = self.opts_list
            self.opts_list = ()
            if not self._fx(seat, list(options[int(args[0]) - 1])):
                self._next()
        elif phase == POTION_KIND:
            if not self._gain_potion(seat, str(args[0])):
                self._next()
        elif phase == POTION_DROP:
            drop = str(args[0])
            kept = [p for p in (*h.potions, self.pending_potion) if p != drop]
            h.potions = sorted(kept, key=POTIONS.index)
            self._events.append(_ev("ev.potion_drop", seat=seat + 1, potion="@mr.potion." + drop))
            self.pending_potion = ""
            self._next()
        elif phase == SHOP:
            self._shop(seat, h, action)
        elif phase == SHRINE:
            self.c_ok = name == "offer"
            if self.c_ok:
                h.gold -= self.data.shrine_offer
                self._events.append(_ev("ev.offer", seat=seat + 1))
            self.d6_for = D6_SHRINE
            self.phase = D6_ROLL
        elif phase == ITEM:
            if name == "leave":
                self._next()
            elif name == "try":
                self._start_check("item")
            else:
                _, cond, cost, _ = self.data.items[self.c_card]
                setattr(h, cond, getattr(h, cond) - cost)
                self._take_item(seat, h)
        elif phase == TAKE:
            if name == "take":
                self._take_item(seat, h)
            else:
                self._next()
        elif phase == FORESEE:
            if name == "stop":
                self._next()
            else:
                pos = (int(args[0]) - 1) * 3 + int(args[1]) - 1
                self._push(("reveal", pos), ("foresee", seat, self.foresee_left - 1))
                self._next()
        elif phase == OFFER:
            self._answer_offer(name == "accept")

    def _take_item(self, seat: int, h: Hero) -> None:
        if h.item:  # D27: the old item goes back to the room deck
            self._events.append(_ev("ev.item_drop", seat=seat + 1, item="@mr.item." + h.item))
        h.item = self.c_card
        self.item_taken |= 1 << CARD_INDEX[self.c_card]
        self._events.append(_ev("ev.item", seat=seat + 1, item="@mr.item." + self.c_card))
        self._next()

    def _drink(self, seat: int, potion: str) -> None:
        h = self.heroes[seat]
        h.potions.remove(potion)
        self._events.append(_ev("ev.drink", seat=seat + 1, potion="@mr.potion." + potion))
        self._potion_effect(seat, potion)

    def _potion_effect(self, seat: int, potion: str) -> None:
        h = self.heroes[seat]
        if potion in ("fire", "frost", "poison") and self.foe is None:
            return  # §6.3: only in combat (drunk outside one only when D34's flag allows it)
        if potion == "fire":
            self._hit_foe(self.data.fire_damage)
        elif potion == "frost":
            self.frozen = True
        elif potion == "poison":
            h.poison_fx += 1
        elif potion == "healing":
            self._gain(seat, "hp", self.data.healing_hp)
        elif potion == "holy":
            self._cure(seat, list(STATUSES))
        else:  # perception
            self._cure(seat, ["blind"])
            if self.phase == CHECK:
                self.c_ok = True

    def _window_decision(self, seat: int, h: Hero, action: Action) -> None:
        name = action.name
        args = action.args
        if name in ("pass", "wait"):
            if name == "pass":
                self._window_pass()
            else:  # D32: let the partner act first; this seat gets the window back
                self.win_turn = 1 - self.win_turn
            if not self._open_window():
                self._next()
            return
        if name in ("give", "trade"):  # D32: an offer, which the receiver accepts or declines
            give = str(args[0])
            get = str(args[1]) if name == "trade" else ""
            self.offer = (seat, give, get)
            if get:
                self._events.append(
                    _ev("ev.trade_offer", seat=seat + 1, to=2 - seat, what="@mr.give." + give, got="@mr.give." + get)
                )
            else:
                self._events.append(_ev("ev.gift_offer", seat=seat + 1, to=2 - seat, what="@mr.give." + give))
            self.actor = 1 - seat
            self.phase = OFFER
            return
        else:  # an Exploration skill: the card turns face down (§4.3)
            h.skill_up = False
            self._events.append(_ev("ev.skill", seat=seat + 1, skill="@mr.skill." + name))
            if name == "evade":
                h.evade = True
            elif name == "bless":  # D4
                target = int(args[0]) - 1
                if len(args) > 1:
                    self._cure(target, [str(args[1])])
                self._gain(target, "hp", self.data.blessing_heal)
            elif name == "shield":  # D23
                for t in self.heroes:
                    t.shield = self.data.shield_armor
            elif name == "foresee":  # D22
                # the window reopens for the same seats after the reveals, with this seat to act
                reopen = ("window", list(self.win), seat, self.win_done)
                self._push(("foresee", seat, self.data.foresight_cards), reopen)
                self.win = []
                self._next()
                return
        self._window_acted()

    def _answer_offer(self, accepted: bool) -> None:
        """D32: a gift or trade takes effect when the receiving player accepts it."""
        assert self.offer is not None
        giver, give, get = self.offer
        self.offer = None
        if accepted:
            self._exchange(giver, give, get)
            if get:
                self._events.append(
                    _ev("ev.trade", seat=giver + 1, to=2 - giver, what="@mr.give." + give, got="@mr.give." + get)
                )
            else:
                self._events.append(_ev("ev.give", seat=giver + 1, to=2 - giver, what="@mr.give." + give))
        else:
            self._events.append(_ev("ev.declined", seat=2 - giver))
        self.actor = giver
        self._window_acted()

    def _attack_decision(self, seat: int, h: Hero, action: Action) -> None:
        name = action.name
        args = action.args
        if name == "confirm":
            self._confirm(h, int(args[0]) - 1 if args else -1)
        elif name == "crit":
            self.die = int(args[0]) - 1
            if not self.chain[self.die]:
                self.chain[self.die] = 6
            self.phase = CRIT_ROLL
        elif name == "feat":
            self._feat(seat, h, action)
        elif name == "backstab":
            h.skill_up = False
            self.backstab = True
            self._events.append(_ev("ev.skill", seat=seat + 1, skill="@mr.skill.backstab"))
        elif name == "tribute":
            k = int(args[0])
            h.skill_up = False
            self._events.append(_ev("ev.skill", seat=seat + 1, skill="@mr.skill.tribute"))
            self._lose_hp(seat, k, "tribute")
            self._hit_foe(self.data.tribute_per_hp * k)
        elif name == "stun":
            h.skill_up = False
            self._events.append(_ev("ev.skill", seat=seat + 1, skill="@mr.skill.stun"))
            self._hit_foe(self.data.stun_per_armor * (h.armor + h.shield))
        elif name == "conjure":
            h.skill_up = False
            self._events.append(_ev("ev.conjure", seat=seat + 1, potion="@mr.potion." + str(args[0])))
            self._potion_effect(seat, str(args[0]))

    def _feat(self, seat: int, h: Hero, action: Action) -> None:
        i = int(action.args[0]) - 1
        cost = str(action.args[1])
        self.featted[i] = True
        self._events.append(_ev("ev.feat", seat=seat + 1, die=i + 1, cost="@mr.cost." + cost))
        if cost == "xp":
            self._lose(seat, "xp", self.data.feat_xp)  # D19: a lost die goes from the next roll
        elif cost == "hp":
            self._lose_hp(seat, self.data.feat_hp, "feat")
        elif self.free_feats > 0:
            self.free_feats -= 1
        else:  # §6.4, D7: the item is used up; its free feats last for this roll
            _, _, _, free = self.data.items[h.item]
            self._events.append(_ev("ev.item_used", seat=seat + 1, item="@mr.item." + h.item))
            h.item = ""
            self.free_feats = free - 1
        self.die = i
        self.phase = FEAT_ROLL

    def _shop(self, seat: int, h: Hero, action: Action) -> None:
        name = action.name
        what = str(action.args[0]) if action.args else ""
        wares, sell_armor, sell_potion = self.data.merchants[self.c_card]
        if name == "leave":
            self._events.append(_ev("ev.leave", seat=seat + 1))
            self._next()
            return
        if name == "sell":
            if what == "armor":
                h.armor -= 1
                self._events.append(_ev("ev.sell", seat=seat + 1, what="@mr.give.armor"))
                self._gain(seat, "gold", sell_armor)
            else:
                h.potions.remove(what)
                self._events.append(_ev("ev.sell", seat=seat + 1, what="@mr.potion." + what))
                self._gain(seat, "gold", sell_potion)
            return
        ware = next(w for w in wares if w.key == what)
        h.gold -= ware.price * self.floor if ware.per_floor else ware.price
        self._events.append(_ev("ev.buy", seat=seat + 1, ware="@mr.ware." + what))
        self._push(("shop", seat))
        if not self._fx(seat, list(ware.gain)):
            self._next()
