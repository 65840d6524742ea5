"""The state of a game of Mini Rogue v1.2.1: the character card, the dungeon and the fight.

Its fields are the pencil marks of the character card (§3), where the adventurer stands in the
dungeon (§4) and the fight in progress (§6). The rules that change them are steps in ``rules/``;
what runs next is on the engine's stack (:class:`solotable.core.engine.StepState`).

Dealing is lazy (project ruling P1): a column's card is drawn when the column is reached, from
the cards not yet turned up (``remaining``), so no face-down card is in the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from solotable.core.engine import OVER, StepState
from solotable.core.native import blank_maker
from solotable.core.protocol import Action, Event, IllegalAction, Result, legal_list

from .data import BOSS, ROOM_CARDS, data

if TYPE_CHECKING:
    from .observation import Observation


GAME_ID: Final = "minirogue-v1"
"""The game's id: its phases are known by (this id, their name), which is how a state pickles."""


D: Final = data()
# the score sheet's weights (§8, R35), read at every step by the learning environments
_S_AREA: Final = D.score.area
_S_BOSSES: Final = D.score.bosses
_S_RANK: Final = D.score.rank
_S_HP: Final = D.score.hp
_S_GOLD: Final = D.score.gold
_S_SPELLS: Final = D.score.spells
_S_ARMOR: Final = D.score.armor
_S_FOOD: Final = D.score.food
_SCORE_BONUS: Final = {name: d.score_bonus for name, d in D.difficulties.items()}
_FINAL_AREA: Final = D.final_area
_LEVEL_OF_AREA: Final = D.level_of_area
blank = blank_maker(__file__)

# Room cards by id (§4.1, the order of the notation and of the ``remaining`` bitmask).
MONSTER, TREASURE, MERCHANT, RESTING, EVENT, TRAP = range(6)
BOSS_CARD: Final = 6
CARD_NAMES: Final[tuple[str, ...]] = (*ROOM_CARDS, BOSS)
CARD_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(CARD_NAMES)}
ALL_CARDS: Final = (1 << 6) - 1

# A die of the attack roll (§6.2): it hits, it is open (a 6 that may be rerolled), or it misses.
HIT: Final = 0
OPEN: Final = 1
MISS: Final = 2
STATUS_NAMES: Final = ("hit", "open", "miss")

# Who the adventurer fights (no fight: NO_FOE).
NO_FOE: Final = -1
FOE_MONSTER: Final = 0
FOE_EVENT: Final = 1
FOE_BOSS: Final = 2

NO_COLUMNS: Final[tuple[tuple[int, ...], ...]] = ((), (), (), (), ())
NOT_CHOSEN: Final[tuple[int, ...]] = (-1, -1, -1, -1, -1)


class MiniRogueState(StepState):
    """A position of Mini Rogue v1.2.1. Mutable; ``clone()`` copies it cheaply.

    ``spells`` is a list, copied by ``clone``; the tuples (``revealed``, ``chosen``, ``dice``,
    ``dstat``, ``dfeat``) are replaced whole when they change, so clones share them."""

    __slots__ = (
        "difficulty", "keys",
        # the character card (§3)
        "hp", "armor", "gold", "food", "rank", "xp", "spells",
        # the dungeon (§4): the area, the column reached, the cards turned up and chosen
        "area", "col", "revealed", "chosen", "remaining", "card", "monster_defeated", "key_held",
        "bosses", "won", "cause",
        # the fight (§6)
        "foe", "foe_hp", "foe_max_hp", "foe_damage", "poison", "poison_new", "ice",
        "dice", "dstat", "dfeat", "feat_chain", "rerolling",
        # the Event and Trap rolls on screen, and a third spell waiting for a choice (R6)
        "event_roll", "trap", "pending_spell",
    )  # fmt: skip

    def __init__(self, game: Any, seed: int | None, difficulty: str, keys: bool) -> None:
        super().__init__(game, seed)
        self.difficulty = difficulty
        self.keys = keys
        start = D.difficulties[difficulty]
        self.hp = start.hp
        self.armor = start.armor
        self.gold = start.gold
        self.food = start.food
        self.rank = 1
        self.xp = 0
        self.spells: list[str] = []
        self.area = 1
        self.col = -1
        self.revealed = NO_COLUMNS
        self.chosen = NOT_CHOSEN
        self.remaining = ALL_CARDS
        self.card = -1
        self.monster_defeated = False
        self.key_held = False
        self.bosses = 0
        self.won = False
        self.cause = ""
        self.clear_combat()
        self.event_roll = 0
        self.trap = 0
        self.pending_spell = ""

    def clear_combat(self) -> None:
        """No fight on the table (§6.6)."""
        self.foe = NO_FOE
        self.foe_hp = 0
        self.foe_max_hp = 0
        self.foe_damage = 0
        self.poison = 0
        self.poison_new = 0
        self.ice = False
        self.dice: tuple[int, ...] = ()  # by die number - 1: its value (a critical's running total)
        self.dstat: tuple[int, ...] = ()  # HIT, OPEN or MISS
        self.dfeat: tuple[bool, ...] = ()  # a feat was used on it
        self.feat_chain = -1
        self.rerolling = -1  # the die (0-based) of a critical's or a feat's reroll being drawn

    def clone(self) -> MiniRogueState:
        new = blank(MiniRogueState)
        self._copy_engine(new)
        new.difficulty = self.difficulty
        new.keys = self.keys
        new.hp = self.hp
        new.armor = self.armor
        new.gold = self.gold
        new.food = self.food
        new.rank = self.rank
        new.xp = self.xp
        new.spells = self.spells[:]
        new.area = self.area
        new.col = self.col
        new.revealed = self.revealed
        new.chosen = self.chosen
        new.remaining = self.remaining
        new.card = self.card
        new.monster_defeated = self.monster_defeated
        new.key_held = self.key_held
        new.bosses = self.bosses
        new.won = self.won
        new.cause = self.cause
        new.foe = self.foe
        new.foe_hp = self.foe_hp
        new.foe_max_hp = self.foe_max_hp
        new.foe_damage = self.foe_damage
        new.poison = self.poison
        new.poison_new = self.poison_new
        new.ice = self.ice
        new.dice = self.dice
        new.dstat = self.dstat
        new.dfeat = self.dfeat
        new.feat_chain = self.feat_chain
        new.rerolling = self.rerolling
        new.event_roll = self.event_roll
        new.trap = self.trap
        new.pending_spell = self.pending_spell
        return new

    # -- reading ---------------------------------------------------------------------------------

    @property
    def level(self) -> int:
        return _LEVEL_OF_AREA[self.area]

    def options(self) -> dict[str, Any]:
        return {"difficulty": self.difficulty, "keys": self.keys}

    def observation(self, player: int = 0) -> Observation:  # type: ignore[override]
        from .observation import observation  # the view reads the rules' phases

        return observation(self)

    def refusal(self, action: Action, legal: list[Action]) -> IllegalAction:
        """Why a decision is refused: not enough gold (R30), a feat that cannot be paid (R16)."""
        shown = legal_list(legal)
        if action.name == "buy" and self.phase.name == "merchant":  # R30
            return IllegalAction("mr1.err.gold", action=str(action), gold=self.gold, legal=shown)
        if action.name == "feat" and self.phase.name == "feat":  # R16
            return IllegalAction("mr1.err.feat", action=str(action), legal=shown)
        return IllegalAction("core.err.not_legal", action=str(action), legal=shown)

    def result(self) -> Result:
        if self.phase is not OVER:  # (not self.over, read without a call)
            raise IllegalAction("core.err.not_over")
        return Result(won=self.won, score=self.score(), details=self.result_details())

    def result_details(self) -> dict[str, Any]:
        return {
            "area": self.area,
            "level": _LEVEL_OF_AREA[self.area],  # (self.level, read without a call)
            "rank": self.rank,
            "bosses": self.bosses,
            "hp": self.hp,
            "gold": self.gold,
            "armor": self.armor,
            "food": self.food,
            "spells": len(self.spells),
            "cause": self.cause,
        }

    def score(self) -> int:
        """The score-sheet score (§8, ruling R35), as it stands now."""
        area = _FINAL_AREA if self.won else self.area
        return (
            _SCORE_BONUS[self.difficulty]
            + _S_AREA * area
            + _S_BOSSES * self.bosses
            + _S_RANK * self.rank
            + _S_HP * self.hp
            + _S_GOLD * self.gold
            + _S_SPELLS * len(self.spells)
            + _S_ARMOR * self.armor
            + _S_FOOD * self.food
        )

    def warnings(self, action: Action) -> list[Event]:
        """Warnings before a wasteful trade (R7, R30) or a choice that loses the key (R33)."""
        out: list[Event] = []
        name = action.name
        phase = self.phase.name
        if phase == "merchant" and name in ("buy", "sell"):
            what = str(action.args[0])
            ware = D.stat_wares.get(what)
            if name == "buy" and ware is not None:
                for stat, gain, cap, value in (
                    ("food", ware.food, D.cap_food, self.food),
                    ("hp", ware.hp, D.cap_hp, self.hp),
                    ("armor", ware.armor, D.cap_armor, self.armor),
                ):
                    if gain and value + gain > cap:
                        out.append(Event("mr1.warn.cap", {"stat": "@mr1.stat." + stat, "lost": value + gain - cap}))
            elif name == "sell":
                price = D.sell_armor if what == "armor" else D.sell_spell
                if self.gold + price > D.cap_gold:
                    lost = self.gold + price - D.cap_gold
                    out.append(Event("mr1.warn.cap", {"stat": "@mr1.stat.gold", "lost": lost}))
        elif (
            phase == "choose"
            and self.keys
            and not self.key_held
            and self.area in D.last_area_of_level
            and self.level < len(D.levels)
            and TRAP in self.revealed[self.col]
            and action != Action("take", "trap")
        ):  # ruling R33: warn before a choice that leaves the key unobtainable
            out.append(Event("mr1.warn.key"))
        return out
