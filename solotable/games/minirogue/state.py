"""The state of a Mini Rogue (2020) game: typed fields on the engine's :class:`StepState`.

What is on the table and nothing else: the revealed room cards, the heroes' mats, the fight, the
check, an offer between the two heroes. Face-down cards are not in it: a card is drawn when it is
revealed (ruling MR-P1), so the state hides nothing and bots may read all of it.

Seat 0 plays ``character``, seat 1 ``partner`` (two players, co-op). ``actor`` (the engine's) is
the seat whose decision, roll or room it is.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, Self, cast

from solotable.core.engine import OVER, StepState
from solotable.core.native import blank_maker
from solotable.core.protocol import Action, Event, IllegalAction, Result

from .actions import SHARE_OFF, SHARE_ON
from .data import POTIONS, ROOM_TYPES, Data, Foe, Options, Potion, Status

GAME_ID: Final = "minirogue"
"""The game's id: its phases are known by (this id, their name), which is how a state pickles."""


blank = blank_maker(__file__)

EXIT: Final = 8
"""The exit's position in the 3×3 grid (row 3, column 3): positions are ``row * 3 + column``."""
FACE: Final = "x23456"
"""The white die's faces: face 1 is the × (a miss)."""


def faces_text(white: str, sep: str) -> str:
    """White faces as players read them, ``sep`` between them (the language's ``mr.ui.list``):
    ``x56`` is ``×, 5, 6`` in English, ``×、5、6`` in Japanese."""
    return sep.join("×" if f == "x" else f for f in white)


# Foe kinds (what is fought: the cause of a death, the boss's rewards, Og's phases).
MONSTER, BOSS, GHOST, OG1, OG2 = range(5)
FOE_KINDS: Final = ("monster", "boss", "ghost", "og1", "og2")

# The room types a hero has resolved in this area (D9), as bits.
MET_MONSTER: Final = 1 << ROOM_TYPES.index("monster")
MET_TRAP: Final = 1 << ROOM_TYPES.index("trap")


class Hero:
    """One character's mat and marks for this area."""

    __slots__ = (
        "armor", "black", "blind", "char", "curse", "evade", "food", "gold", "hp", "item", "met", "poison",
        "poison_fx", "pos", "potions", "resolved", "shield", "share", "skill_up", "xp",
    )  # fmt: skip

    def __new__(cls, *args: Any) -> Self:
        # the default, written out for the compiled build, where ``blank(Cls)`` calls it (mypyc's
        # own ``__new__`` would run ``__init__``); pure Python never calls it
        return object.__new__(cls)

    def __init__(self, char: str) -> None:
        self.char = char
        self.hp = 0
        self.armor = 0
        self.gold = 0
        self.food = 0
        self.xp = 0
        self.potions: list[Potion] = []
        """The potions held, in the order of :data:`POTIONS` (at most two, different kinds)."""
        self.item = ""
        """The item held (``rusty_dagger``, ``cure_poison``: :data:`~.names.ITEMS`), or ``""``; its
        item room stays out of the deck while it is held (D27)."""
        self.poison = False
        self.curse = False
        self.blind = False
        self.skill_up = True
        """The skill card is face up (§4.3)."""
        self.shield = 0
        """Armor from the Crusader's Shield, for the next room (D23)."""
        self.pos = 0
        self.resolved = False
        """The room at ``pos`` is resolved."""
        self.evade = False
        self.share = False  # D32: stop me at every shared window to give or trade (MR-P11)
        """Evasion declared: the next room card entered is skipped (D21)."""
        self.met = 0
        """Room types resolved in this area (``MET_MONSTER``, ``MET_TRAP``), for treasures (D9)."""
        self.poison_fx = 0
        """Poison potion effects in this fight (D34: +4 once unless they stack)."""
        self.black = 0
        """The black die of this hero's last combat roll (it aims the monster's attack, §7.5)."""

    def copy(self) -> Hero:
        h = blank(Hero)
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
        h.share = self.share
        h.met = self.met
        h.poison_fx = self.poison_fx
        h.black = self.black
        return h

    def statuses(self) -> list[Status]:
        out: list[Status] = []
        if self.poison:
            out.append("poison")
        if self.curse:
            out.append("curse")
        if self.blind:
            out.append("blind")
        return out

    def has(self, status: Status) -> bool:
        if status == "poison":
            return self.poison
        if status == "curse":
            return self.curse
        return self.blind

    def set_status(self, status: Status, on: bool) -> None:
        if status == "poison":
            self.poison = on
        elif status == "curse":
            self.curse = on
        else:
            self.blind = on

    def add_potion(self, potion: Potion) -> None:
        self.potions.append(potion)
        self.potions.sort(key=POTIONS.index)


class Offer(NamedTuple):
    """A gift or trade waiting for the partner's answer (D32, ruling MR-P4)."""

    giver: int
    give: str
    get: str
    """What the giver asks back (a trade), or ``""`` (a gift)."""


_OWN_SHARE: Final = frozenset({"window", "offer"})
"""The decisions that do not carry ``share``: a window offers it among its own actions, and an
offer's answer is the partner's accept or decline."""


class MiniRogueState(StepState):
    """A position of Mini Rogue (2020). The rules are steps in :mod:`.rules`."""

    __slots__ = (
        "area", "att", "backstab", "boss", "boss_ahead", "bosses_beaten", "c_black", "c_card", "c_item", "c_kind",
        "c_ok",
        "c_white", "cards_data", "cause", "chain", "character", "cursed_now", "data", "declined", "dice", "die",
        "difficulty", "featted", "fighters", "foe", "foe_hp", "foe_kind", "foe_max", "foresee_left",
        "free_feats", "frozen", "grid", "heroes", "item_taken", "last", "leader", "n", "offer", "opts_list",
        "partner", "pending_potion", "removed", "round", "rpos", "seen", "seen_bosses", "win", "win_done",
        "win_turn", "win_when", "won",
    )  # fmt: skip

    def __init__(
        self, game: Any, seed: int | None, data: Data, character: str, partner: str, difficulty: str, cards_data: str
    ) -> None:
        super().__init__(game, seed)
        self.data = data
        self.character = character
        self.partner = partner
        self.difficulty = difficulty
        self.cards_data = cards_data
        """The card corrections in force (canonical JSON, ruling MR-P2), kept in records."""
        chars = [character] if partner == "none" else [character, partner]
        self.n = len(chars)
        diff = data.difficulty[difficulty]
        self.heroes: list[Hero] = []
        for c in chars:
            h = Hero(c)
            base = data.characters[c]
            h.hp = max(1, base.hp - diff.hp)  # D16
            h.armor = base.armor
            h.gold = max(0, base.gold - diff.gold)  # D16: never below 0, never HP instead
            h.food = max(0, base.food - diff.food)
            h.potions = list(base.potions)
            self.heroes.append(h)
        self.area = 1
        self.leader = 0
        self.grid = [-1] * 9
        """The card (index in ``ROOM_CARDS``) at each position, -1 while face down."""
        self.seen = 0
        """Room cards seen in this area (and held items), a mask over ``ROOM_CARDS`` (MR-P1)."""
        self.seen_bosses = 0
        self.boss = ""
        self.boss_ahead = False
        """Everyone is at the exit and the boss fight is still to come (D23, D32)."""
        self.win: list[int] = []
        """The seats of the decision window open now, the Leader first (D32, MR-P4)."""
        self.win_when = ""
        """Which window is open (``rules.windows.WHEN``: the area's start, before a room...)."""
        self.win_turn = 0
        """The index in ``win`` of the seat whose turn it is in the window."""
        self.win_done = 0
        """The indices in ``win`` of the seats that have passed, as bits."""
        self.offer: Offer | None = None
        self.declined = False
        """The offer just made was declined (bots read it, not the events: they are off in
        simulations)."""
        self.won = False
        self.cause = ""
        self.bosses_beaten = 0
        self.item_taken = 0
        """Item cards taken in this area, a mask over ``ROOM_CARDS`` (D27)."""
        self.clear_combat()
        self.c_kind = ""
        """The skill check under way: ``trap``, ``graveyard``, ``treasure``, ``item`` (§6.1)."""
        self.c_white: list[int] = []
        self.c_black = 0
        self.c_ok = False
        """A Perception potion passed the check, or the shrine's offering was made."""
        self.c_card = ""
        """The room card being resolved."""
        self.c_item = ""
        """The item an item room's check gave, offered to be taken (§8.8)."""
        self.opts_list: Options = ()
        """The alternatives of the choice under way (phase ``option``)."""
        self.pending_potion = ""
        """A potion gained over the limit: one of three is let go (D24)."""
        self.foresee_left = 0
        self.rpos = 0
        """The position of the room card being turned up."""
        # the rules import this module; an absolute import costs no package lookup at each game
        from solotable.games.minirogue.rules.setup import begin

        self.start(begin)

    def clear_combat(self) -> None:
        self.foe: Foe | None = None
        self.foe_kind = MONSTER
        self.foe_hp = 0
        self.foe_max = 0
        self.fighters: list[int] = []
        self.att = 0
        self.round = 0
        self.frozen = False
        for h in self.heroes:
            h.black = 0
        self.clear_dice()

    def clear_dice(self) -> None:
        self.dice: list[int] = []
        """The white faces rolled (1 is the ×)."""
        self.chain: list[int] = []
        """Each die's critical chain total so far (0: none), §7.3."""
        self.last: list[int] = []
        """Each die's last critical reroll."""
        self.removed: list[bool] = []
        """Each die lost to a × in its chain."""
        self.featted: list[bool] = []
        """Each die rerolled by a feat (one feat per die, D19)."""
        self.cursed_now = False
        self.backstab = False
        self.free_feats = 0
        self.die = 0
        """The die being rerolled."""

    def clone(self) -> MiniRogueState:
        new = blank(MiniRogueState)
        self._copy_engine(new)
        new.data = self.data
        new.character = self.character
        new.partner = self.partner
        new.difficulty = self.difficulty
        new.cards_data = self.cards_data
        new.n = self.n
        new.heroes = [h.copy() for h in self.heroes]
        new.area = self.area
        new.leader = self.leader
        new.grid = self.grid[:]
        new.seen = self.seen
        new.seen_bosses = self.seen_bosses
        new.boss = self.boss
        new.boss_ahead = self.boss_ahead
        new.win = self.win[:]
        new.win_turn = self.win_turn
        new.win_when = self.win_when
        new.win_done = self.win_done
        new.offer = self.offer
        new.declined = self.declined
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
        new.c_item = self.c_item
        new.opts_list = self.opts_list
        new.pending_potion = self.pending_potion
        new.foresee_left = self.foresee_left
        new.rpos = self.rpos
        return new

    # -- reading the table -----------------------------------------------------------------------

    @property
    def floor(self) -> int:
        return self.data.floors[self.area - 1]

    def dice_count(self, h: Hero) -> int:
        """§5.2, D1: one die, a second at the first threshold, a third at the second."""
        first, second = self.data.die_thresholds
        return 1 + (h.xp >= first) + (h.xp >= second)

    def order(self) -> list[int]:
        """Seats in resolution order: the Leader first (§9)."""
        return [0] if self.n == 1 else [self.leader, 1 - self.leader]

    def die_value(self, i: int) -> int:
        """What white die ``i`` deals now (§7.4): 0 for a × or a lost die; a chain's total."""
        if self.removed[i]:
            return 0
        chain = self.chain[i]
        if chain:
            return chain
        f = self.dice[i]
        if self.cursed_now:  # §6.5: one step down, × stays ×
            f = max(1, f - 1)
        return 0 if f == 1 else f

    def check_ok(self) -> bool:
        """§6.1: a white die shows 5 or 6 (or a Perception potion passed the check)."""
        return self.c_ok or any(f >= 5 for f in self.c_white)

    # -- the protocol ----------------------------------------------------------------------------

    # -- D32's shared windows asked for beside any decision (MR-P11) --------------------------------

    def legal_actions(self) -> list[Action]:
        """The phase's decisions; in co-op, beside every decision but a window's (which offers it
        itself) and an offer's answer, ``share:on`` / ``share:off``: whether this seat is asked at
        every shared window of D32 to give or trade, or only when a potion or skill applies there."""
        out = super().legal_actions()
        if self.n == 2 and out and self.phase.name not in _OWN_SHARE:
            out.append(SHARE_OFF if self.heroes[self.actor].share else SHARE_ON)
        return out

    def apply(self, action: Action, *, trusted: bool = False) -> None:
        if (self.n == 2 and isinstance(action, Action) and action.name == "share" and not self.phase.chance
                and self.phase.name not in _OWN_SHARE):  # fmt: skip
            if action not in self.legal_actions():
                raise self.refusal(action, self.legal_actions())
            h = self.heroes[self.actor]
            h.share = action.args[0] == "on"
            self.changed()  # the share request offered beside the decision is now the other one
            self.new_events()
            if self.log:
                self.emit("mr.ev.share_on" if h.share else "mr.ev.share_off", seat=self.actor + 1)
            return  # a preference, not a move: the same decision is asked again
        super().apply(action, trusted=trusted)

    def warnings(self, action: Action) -> list[Event]:
        """A move that pays more than half of the hero's HP (Divine Tribute, §4.3, D30) is
        confirmed first, as the other games confirm costly moves (ruling MR-P16)."""
        if action.name != "tribute" or self.phase.chance or not action.args:
            return []
        hp = self.heroes[self.actor].hp
        cost = int(action.args[0])
        if 2 * cost <= hp:
            return []
        return [Event("mr.warn.hp_cost", {"cost": cost, "hp": hp, "left": hp - cost})]

    def options(self) -> dict[str, Any]:
        # MR-P2: the record carries the corrections' content, never a file's name.
        return {
            "character": self.character,
            "partner": self.partner,
            "difficulty": self.difficulty,
            "cards": "",
            "cards_data": self.cards_data,
        }

    def observation(self, player: int = 0) -> dict[str, Any]:
        """The table as :class:`~.observation.Observation` (both players see all of it)."""
        from .observation import observation

        return cast("dict[str, Any]", observation(self))

    def result(self) -> Result:
        if self.phase is not OVER:
            raise IllegalAction("core.err.not_over")
        return Result(won=self.won, score=None, details=self.result_details())  # MR-P9: no score

    def result_details(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "area": self.area, "floor": self.floor, "bosses": self.bosses_beaten, "cause": self.cause,
        }  # fmt: skip
        for seat, h in enumerate(self.heroes):
            sfx = "" if seat == 0 else "2"
            out["hp" + sfx] = h.hp
            out["xp" + sfx] = h.xp
        return out
