"""The rules of Mini Rogue v1.2.1 as a state machine (shared/rules/minirogue_v1.md).

Every decision is a phase with legal actions; every die roll and card reveal is a chance node
with exact probabilities. Rulings of the rules reference are cited as ``# ruling Rn``.

Dealing: the six room cards of an area are dealt face down in a uniformly random order (§4.1).
Only the cards turned up so far are known, so the engine deals *lazily*: when a column is
reached, the chance node draws its card(s) uniformly from the cards not yet turned up. This has
exactly the distribution of a shuffled layout, keeps face-down cards out of the state, and makes
every reveal a chance event (undo never crosses it). Column 4 always holds the last two cards,
so its reveal is certain and is made without a chance node (project ruling P1, docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import factorial
from typing import TYPE_CHECKING, Any

from solotable.core.protocol import (
    CHANCE,
    Action,
    ChanceTable,
    Event,
    IllegalAction,
    Result,
    State,
    legal_list,
)

from . import actions as A
from .cards import BOSS, ROOM_CARDS, SPELLS, data

if TYPE_CHECKING:
    from . import MiniRogueV1

D = data()

MONSTER, TREASURE, MERCHANT, RESTING, EVENT, TRAP = range(6)
BOSS_CARD = 6
CARD_NAMES: tuple[str, ...] = (*ROOM_CARDS, BOSS)
ALL_CARDS = (1 << 6) - 1

# Phases. Chance phases first.
(
    REVEAL,
    MONSTER_HP,
    TREASURE_GATE,
    ITEM_ROLL,
    EVENT_ROLL,
    EVENT_SKILL,
    TRAP_ROLL,
    TRAP_SKILL,
    ATTACK_ROLL,
    CRIT_ROLL,
    FEAT_ROLL,
    CHOOSE,
    PRE_ROOM,
    MERCHANT_SHOP,
    REST,
    EVENT_CHECK,
    EVENT_SHIFT,
    CRIT,
    FEAT,
    SPELL,
    SPELL_DISCARD,
    OVER,
) = range(22)
FIRST_DECISION = CHOOSE
PHASE_NAMES = (
    "reveal", "monster_hp", "treasure_gate", "item_roll", "event_roll", "event_skill",
    "trap_roll", "trap_skill", "attack_roll", "crit_roll", "feat_roll", "choose", "pre_room",
    "merchant", "rest", "event_check", "event_shift", "crit", "feat", "spell", "spell_discard",
    "over",
)  # fmt: skip

# Dice statuses during an attack phase (§6.2).
HIT, OPEN, MISS = 0, 1, 2
# Where to go after the third-spell choice (R6).
AFTER_ROOM, AFTER_MERCHANT = 0, 1
# Opponents.
FOE_MONSTER, FOE_EVENT, FOE_BOSS = 0, 1, 2


# -- chance tables, built once ---------------------------------------------------------------

D6_TABLE = ChanceTable((a, Fraction(1, 6)) for a in A.D6)


@cache
def reveal_table(remaining: int, pair: bool) -> ChanceTable:
    cards = [i for i in range(6) if remaining >> i & 1]
    if pair:
        combos = list(combinations(cards, 2))
        p = Fraction(1, len(combos))
        return ChanceTable(
            (Action("reveal", CARD_NAMES[a], CARD_NAMES[b]), p) for a, b in combos
        )
    p = Fraction(1, len(cards))
    return ChanceTable((Action("reveal", CARD_NAMES[c]), p) for c in cards)


@cache
def roll_table(n: int) -> ChanceTable:
    """The attack roll of ``n`` dice as one event: each multiset of faces with its probability."""
    out: list[tuple[Action, Fraction]] = []
    for faces in combinations_with_replacement(range(1, 7), n):
        perms = factorial(n)
        for f in set(faces):
            perms //= factorial(faces.count(f))
        out.append((Action("roll", *faces), Fraction(perms, 6**n)))
    return ChanceTable(out)


_CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}


def _ev(key: str, **params: str | int) -> Event:
    return Event("mr1." + key, params)


class MiniRogueState(State):
    """A position of Mini Rogue v1.2.1. Mutable; ``clone()`` copies it cheaply."""

    __slots__ = (
        "game", "seed", "difficulty", "keys",
        "hp", "armor", "gold", "food", "rank", "xp", "spells",
        "area", "col", "revealed", "chosen", "remaining", "monster_defeated", "key_held",
        "bosses", "phase", "card", "won", "cause",
        "foe", "foe_hp", "foe_max_hp", "foe_damage", "poison", "poison_new", "ice",
        "dice", "dstat", "dfeat", "die", "feat_chain",
        "event_roll", "trap", "pending_spell", "after_discard", "_events",
    )  # fmt: skip

    def __init__(self, game: MiniRogueV1, seed: int | None, difficulty: str, keys: bool) -> None:
        self.game = game
        self.seed = seed
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
        self.bosses = 0
        self.key_held = False
        self.won = False
        self.cause = ""
        self.card = -1
        self._clear_combat()
        self.event_roll = 0
        self.trap = 0
        self.pending_spell = ""
        self.after_discard = AFTER_ROOM
        self._events: list[Event] = [_ev("ev.start", difficulty="@mr1.difficulty." + difficulty)]
        self._new_area()

    # -- protocol plumbing -------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == OVER:
            return None
        return CHANCE if phase < FIRST_DECISION else 0

    @property
    def events(self) -> Sequence[Event]:
        return self._events

    @property
    def level(self) -> int:
        return D.level_of_area[self.area]

    def options(self) -> dict[str, Any]:
        return {"difficulty": self.difficulty, "keys": self.keys}

    def clone(self) -> MiniRogueState:
        new = MiniRogueState.__new__(MiniRogueState)
        new.game = self.game
        new.seed = self.seed
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
        new.revealed = self.revealed[:]
        new.chosen = self.chosen[:]
        new.remaining = self.remaining
        new.monster_defeated = self.monster_defeated
        new.key_held = self.key_held
        new.bosses = self.bosses
        new.phase = self.phase
        new.card = self.card
        new.won = self.won
        new.cause = self.cause
        new.foe = self.foe
        new.foe_hp = self.foe_hp
        new.foe_max_hp = self.foe_max_hp
        new.foe_damage = self.foe_damage
        new.poison = self.poison
        new.poison_new = self.poison_new
        new.ice = self.ice
        new.dice = self.dice[:]
        new.dstat = self.dstat[:]
        new.dfeat = self.dfeat[:]
        new.die = self.die
        new.feat_chain = self.feat_chain
        new.event_roll = self.event_roll
        new.trap = self.trap
        new.pending_spell = self.pending_spell
        new.after_discard = self.after_discard
        new._events = self._events
        return new

    def observation(self, player: int = 0) -> dict[str, Any]:
        from .view import observation  # the view imports this module

        return observation(self)

    def chance_table(self) -> ChanceTable:
        phase = self.phase
        if phase >= FIRST_DECISION:
            raise IllegalAction("core.err.not_chance")
        if phase == REVEAL:
            return reveal_table(self.remaining, self.col == 1)
        if phase == ATTACK_ROLL:
            return roll_table(self.rank)
        return D6_TABLE

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase < FIRST_DECISION or phase == OVER:
            return []
        if phase == SPELL_DISCARD:
            return [A.DISCARD[s] for s in SPELLS if s in self.spells or s == self.pending_spell]
        out: list[Action]
        if phase == CHOOSE:
            out = [A.TAKE[c] for c in self.revealed[self.col]]
        elif phase == PRE_ROOM:
            out = [A.ENTER, A.CAST["heal"]]
        elif phase == CRIT:
            if self.feat_chain >= 0:
                out = [A.CRIT[self.feat_chain], A.STOP]
            else:
                out = [A.CRIT[i] for i, st in enumerate(self.dstat) if st == OPEN]
                out.append(A.STOP)
        elif phase == FEAT:
            out = self._feat_actions()
            out.append(A.DONE)
        elif phase == SPELL:
            out = [A.CAST[s] for s in SPELLS if s in self.spells]
            out.append(A.NOSPELL)
        elif phase == MERCHANT_SHOP:
            out = self._merchant_actions()
        elif phase == REST:
            out = [A.REST["xp"], A.REST["food"], A.REST["hp"]]
        elif phase == EVENT_CHECK:
            out = [A.CHECK, A.ACCEPT]
        else:  # EVENT_SHIFT, clamped at the ends of the die (ruling R2); keeping is allowed (R21)
            out = [A.KEEP]
            if self.event_roll < 6:
                out.append(A.UP)
            if self.event_roll > 1:
                out.append(A.DOWN)
        if self.spells:  # ruling R29: a held spell may be discarded at any decision point
            out.extend(A.DISCARD[s] for s in SPELLS if s in self.spells)
        return out

    def _feat_actions(self) -> list[Action]:
        can_hp = self.hp >= 3  # ruling R16: paying must not kill
        can_xp = self.xp > 0 or self.rank > 1  # ruling R16: there must be XP to lose
        out: list[Action] = []
        for i, used in enumerate(self.dfeat):
            if not used:
                if can_hp:
                    out.append(A.FEAT_HP[i])
                if can_xp:
                    out.append(A.FEAT_XP[i])
        return out

    def _merchant_actions(self) -> list[Action]:
        gold = self.gold
        out = [A.BUY[w] for w, ware in D.wares.items() if gold >= ware.price]
        if gold >= D.spell_price:
            out.extend(A.BUY[s] for s in SPELLS)
        if self.armor > 0:
            out.append(A.SELL["armor"])
        out.extend(A.SELL[s] for s in SPELLS if s in self.spells)
        out.append(A.LEAVE)
        return out

    def apply(self, action: Action, *, trusted: bool = False) -> None:
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("core.err.over")
        if phase < FIRST_DECISION:
            table = self.chance_table()
            if not trusted and action not in table:
                raise IllegalAction("core.err.not_outcome", action=str(action), legal=legal_list(table.actions))
            self._events = []
            self._apply_chance(phase, action)
            return
        if not trusted and action not in self.legal_actions():
            raise self._illegal(action)
        self._events = []
        self._apply_decision(phase, action)

    def _illegal(self, action: Action) -> IllegalAction:
        legal = legal_list(self.legal_actions())
        if action.name == "buy" and self.phase == MERCHANT_SHOP:
            return IllegalAction("mr1.err.gold", action=str(action), gold=self.gold, legal=legal)
        if action.name == "feat" and self.phase == FEAT:
            return IllegalAction("mr1.err.feat", action=str(action), legal=legal)
        return IllegalAction("core.err.not_legal", action=str(action), legal=legal)

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalAction("core.err.not_over")
        return Result(won=self.won, score=self.score(), details=self.result_details())

    def result_details(self) -> dict[str, Any]:
        return {
            "area": self.area,
            "level": self.level,
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
        s = D.score
        area = D.final_area if self.won else self.area
        return (
            D.difficulties[self.difficulty].score_bonus
            + s["area"] * area
            + s["bosses"] * self.bosses
            + s["rank"] * self.rank
            + s["hp"] * self.hp
            + s["gold"] * self.gold
            + s["spells"] * len(self.spells)
            + s["armor"] * self.armor
            + s["food"] * self.food
        )

    def warnings(self, action: Action) -> list[Event]:
        """Warnings before a wasteful trade (R7, R30) or a choice that loses the key (R33)."""
        out: list[Event] = []
        name = action.name
        if self.phase == MERCHANT_SHOP and name in ("buy", "sell"):
            what = str(action.args[0])
            if name == "buy" and what in D.wares:
                ware = D.wares[what]
                for stat, gain, cap, value in (
                    ("food", ware.food, D.cap_food, self.food),
                    ("hp", ware.hp, D.cap_hp, self.hp),
                    ("armor", ware.armor, D.cap_armor, self.armor),
                ):
                    if gain and value + gain > cap:
                        out.append(_ev("warn.cap", stat="@mr1.stat." + stat, lost=value + gain - cap))
            elif name == "sell":
                price = D.sell_armor if what == "armor" else D.sell_spell
                if self.gold + price > D.cap_gold:
                    out.append(_ev("warn.cap", stat="@mr1.stat.gold", lost=self.gold + price - D.cap_gold))
        elif (
            self.phase == CHOOSE
            and self.keys
            and not self.key_held
            and self.area in D.last_area_of_level
            and self.level < len(D.levels)
            and TRAP in self.revealed[self.col]
            and action != A.TAKE[TRAP]
        ):  # ruling R33: warn before a choice that leaves the key unobtainable
            out.append(_ev("warn.key"))
        return out

    # -- areas and columns (§4) ---------------------------------------------------------------

    def _new_area(self) -> None:
        """Preparation phase: a fresh layout, nothing turned up yet (§4.1)."""
        self.col = 0
        self.revealed: list[tuple[int, ...]] = [(), (), (), (), ()]
        self.chosen = [-1, -1, -1, -1, -1]
        self.remaining = ALL_CARDS
        self.monster_defeated = False  # ruling R4/R5: cleared when each area begins
        self.phase = REVEAL
        if self.area in D.last_area_of_level:
            self.revealed[4] = (BOSS_CARD,)  # the boss is dealt face up as column 5
        self._events.append(_ev("ev.area", area=self.area, level=self.level))

    def _reveal(self, cards: tuple[int, ...]) -> None:
        for c in cards:
            self.remaining &= ~(1 << c)
        self.revealed[self.col] = cards
        if len(cards) == 1:
            self._start_room(cards[0])
        else:
            self.phase = CHOOSE

    def _next_column(self) -> None:
        if self.phase == OVER:
            return
        self.col += 1
        col = self.col
        if col < 3:
            self.phase = REVEAL
        elif col == 3:
            # The last two cards: their reveal is certain (project ruling P1).
            cards = tuple(i for i in range(6) if self.remaining >> i & 1)
            self._events.append(_ev("ev.reveal2", a="@mr1.card." + CARD_NAMES[cards[0]],
                                    b="@mr1.card." + CARD_NAMES[cards[1]]))
            self._reveal(cards)
        elif col == 4 and self.revealed[4]:
            self._start_room(BOSS_CARD)
        else:
            self._exploration()

    def _start_room(self, card: int) -> None:
        self.card = card
        self.chosen[self.col] = card
        if "heal" in self.spells:  # rulings R12, R28: Heal may be cast at the start of a room
            self.phase = PRE_ROOM
        else:
            self._resolve_card()

    def _resolve_card(self) -> None:
        card = self.card
        self._events.append(_ev("ev.room", card="@mr1.card." + CARD_NAMES[card]))
        if card == MONSTER:
            self._await_monster_hp(FOE_MONSTER)
        elif card == BOSS_CARD:
            lv = D.levels[self.level - 1]
            self._start_combat(FOE_BOSS, lv.boss_hp, lv.boss_damage)
        elif card == TREASURE:
            gold = D.treasure_gold_after_monster if self.monster_defeated else D.treasure_gold_plain
            self._gain("gold", gold)  # ruling R4
            self.phase = TREASURE_GATE
        elif card == MERCHANT:
            self.phase = MERCHANT_SHOP
        elif card == RESTING:
            self.phase = REST
        elif card == EVENT:
            self.event_roll = 0
            self.phase = EVENT_ROLL
        else:  # TRAP
            if self.keys and not self.key_held and self.level < len(D.levels):
                self.key_held = True  # ruling R34: the key comes with resolving the Trap card
                self._events.append(_ev("ev.key_gain"))
            self.trap = 0
            self.phase = TRAP_ROLL

    def _exploration(self) -> None:
        """§4.3: eat (R9), unlock the door (variant, R33), advance."""
        if self.food >= 1:
            self.food -= 1
            self._events.append(_ev("ev.eat", food=self.food))
        else:
            self._events.append(_ev("ev.starve", hp=D.starvation_hp))
            if self._lose_hp(D.starvation_hp, "starvation"):
                return
        if self.keys and self.area in D.last_area_of_level and self.level < len(D.levels):
            if not self.key_held:  # ruling R33: no key at the door loses the game
                self._events.append(_ev("ev.no_key"))
                self._end(False, "no_key")
                return
            self.key_held = False
            self._events.append(_ev("ev.key_used"))
        self.area += 1
        self._new_area()

    def _end(self, won: bool, cause: str) -> None:
        self.won = won
        self.cause = cause
        self.phase = OVER
        self._clear_combat()
        self._events.append(_ev("ev.win" if won else "ev.lose", score=self.score()))

    # -- stats (§3) -------------------------------------------------------------------------

    def _gain(self, stat: str, amount: int) -> None:
        """Gain up to the cap; the excess is lost (ruling R13)."""
        cap = {"hp": D.cap_hp, "gold": D.cap_gold, "food": D.cap_food, "armor": D.cap_armor}[stat]
        before = getattr(self, stat)
        after = min(cap, before + amount)
        setattr(self, stat, after)
        if after == before:
            self._events.append(_ev("ev.gain_capped", stat="@mr1.stat." + stat, value=after))
        else:
            self._events.append(_ev("ev.gain", stat="@mr1.stat." + stat, amount=after - before, value=after))

    def _pay(self, stat: str, amount: int) -> None:
        after = getattr(self, stat) - amount
        setattr(self, stat, after)
        self._events.append(_ev("ev.pay", stat="@mr1.stat." + stat, amount=amount, value=after))

    def _lose_hp(self, amount: int, cause: str) -> bool:
        """Lose HP (never below 0, R13); returns True if that was death (R26)."""
        if amount <= 0:
            return False
        self.hp = max(0, self.hp - amount)
        self._events.append(_ev("ev.hurt", amount=amount, hp=self.hp))
        if self.hp == 0:
            self._end(False, cause)
            return True
        return False

    def _gain_xp(self, amount: int) -> None:
        """One XP gain event (§3.2)."""
        if self.rank == D.cap_rank:  # ruling R31: +1 HP per gain event at Rank 4
            self._events.append(_ev("ev.xp_at_max"))
            self._gain("hp", 1)
            return
        self.xp += amount
        need = D.xp_to_next[self.rank - 1]
        if self.xp >= need:
            self.rank += 1
            self.xp -= need
            if self.rank == D.cap_rank:
                self.xp = 0  # ruling R14: excess lost, no HP for this event
            self._events.append(_ev("ev.rank_up", amount=amount, rank=self.rank, xp=self.xp))
        else:
            self._events.append(_ev("ev.xp", amount=amount, xp=self.xp))

    def _lose_xp(self) -> bool:
        """Lose 1 XP (ruling R15); False if it cannot be applied (Rank 1, 0 XP)."""
        if self.xp >= 1:
            self.xp -= 1
        elif self.rank >= 2:
            self.rank -= 1
            self.xp = D.xp_to_next[self.rank - 1] - 1
            self._events.append(_ev("ev.rank_down", rank=self.rank, xp=self.xp))
            return True
        else:
            return False
        self._events.append(_ev("ev.xp_lost", xp=self.xp))
        return True

    def _gain_spell(self, spell: str, after: int) -> None:
        if len(self.spells) < D.cap_spells:
            self.spells.append(spell)
            self.spells.sort(key=SPELLS.index)
            self._events.append(_ev("ev.spell", spell="@mr1.spell." + spell))
            self._after_spell_gain(after)
        else:  # ruling R6: choose which of the three to discard
            self.pending_spell = spell
            self.after_discard = after
            self.phase = SPELL_DISCARD
            self._events.append(_ev("ev.spell_third", spell="@mr1.spell." + spell))

    def _after_spell_gain(self, after: int) -> None:
        if after == AFTER_MERCHANT:
            self.phase = MERCHANT_SHOP
        else:
            self._next_column()

    def _item(self, face: int) -> None:
        item = D.treasure_items[face - 1]
        self._events.append(_ev("ev.item", item="@mr1.item." + item))
        if item == "armor":
            self._gain("armor", 1)
        elif item == "weapon":
            self._gain_xp(D.weapon_xp)
        else:
            self._gain_spell(item, AFTER_ROOM)
            return
        self._next_column()

    # -- combat (§6) ------------------------------------------------------------------------

    def _clear_combat(self) -> None:
        self.foe = -1
        self.foe_hp = 0
        self.foe_max_hp = 0
        self.foe_damage = 0
        self.poison = 0
        self.poison_new = 0
        self.ice = False
        self.dice: list[int] = []
        self.dstat: list[int] = []
        self.dfeat: list[bool] = []
        self.die = -1
        self.feat_chain = -1

    def _await_monster_hp(self, foe: int) -> None:
        """A Monster card or an Event monster: its damage is known, its HP is rolled next."""
        self._clear_combat()
        self.foe = foe
        self.foe_damage = D.levels[self.level - 1].monster_damage
        self.phase = MONSTER_HP

    def _start_combat(self, foe: int, hp: int, damage: int) -> None:
        self._clear_combat()
        self.foe = foe
        self.foe_hp = hp
        self.foe_max_hp = hp
        self.foe_damage = damage
        self._events.append(_ev("ev.fight", foe=self._foe_key(), hp=hp, damage=damage))
        self.phase = ATTACK_ROLL

    def _foe_key(self) -> str:
        if self.foe == FOE_BOSS:
            return f"@mr1.boss.{self.level}"
        if self.foe == FOE_EVENT:
            return "@mr1.event_monster"
        return f"@mr1.monster.{self.level}"

    def _settle(self) -> None:
        """After a roll: the critical stage while a die is open (A3), then feats (A4)."""
        if self.feat_chain >= 0:
            if self.dstat[self.feat_chain] == OPEN:
                self.phase = CRIT
                return
            self.feat_chain = -1
        elif OPEN in self.dstat:
            self.phase = CRIT
            return
        self._feat_stage()

    def _feat_stage(self) -> None:
        if self._feat_actions():
            self.phase = FEAT
        else:
            self._damage()

    def _damage(self) -> None:
        """A5: the dice deal their values; a kill ends combat at once (ruling R19)."""
        total = 0
        for value, st in zip(self.dice, self.dstat, strict=True):
            if st != MISS:
                total += value
        self.foe_hp = max(0, self.foe_hp - total)
        self._events.append(_ev("ev.damage", damage=total, hp=self.foe_hp))
        if self.foe_hp == 0:
            self._foe_defeated()
        elif self.spells:
            self.phase = SPELL
        else:
            self._end_of_attack()

    def _hit_foe(self, amount: int) -> bool:
        self.foe_hp = max(0, self.foe_hp - amount)
        if self.foe_hp == 0:
            self._foe_defeated()
            return True
        return False

    def _end_of_attack(self) -> None:
        """A7 (Poison from earlier phases, R3/R20), then the defense phase (§6.4)."""
        if self.poison:
            dmg = D.poison_damage * self.poison
            self._events.append(_ev("ev.poison_tick", damage=dmg, hp=max(0, self.foe_hp - dmg)))
            if self._hit_foe(dmg):
                return
        self.poison += self.poison_new
        self.poison_new = 0
        if self.ice:
            self.ice = False
            self._events.append(_ev("ev.frozen"))
        else:
            dmg = max(0, self.foe_damage - self.armor)
            self._events.append(_ev("ev.counter", damage=dmg, armor=self.armor))
            if self._lose_hp(dmg, "boss" if self.foe == FOE_BOSS else "monster"):
                return
        self.dice = []
        self.dstat = []
        self.dfeat = []
        self.phase = ATTACK_ROLL

    def _foe_defeated(self) -> None:
        foe = self.foe
        level = self.level
        self._events.append(_ev("ev.defeated", foe=self._foe_key()))
        self.monster_defeated = True  # ruling R4: any monster, Event monster or boss
        self._clear_combat()
        if foe == FOE_BOSS:
            self.bosses += 1
            if level == len(D.levels):  # ruling R27: Og's Remains wins at once
                self._end(True, "win")
                return
            lv = D.levels[level - 1]
            self._gain("gold", lv.boss_gold)
            self._gain_xp(lv.boss_xp)
            self.phase = ITEM_ROLL  # ruling R11: straight to the item table
            return
        self._gain_xp(D.event_monster_xp if foe == FOE_EVENT else D.levels[level - 1].monster_xp)
        self._next_column()

    # -- applying ---------------------------------------------------------------------------

    def _apply_chance(self, phase: int, action: Action) -> None:
        if phase == REVEAL:
            cards = tuple(_CARD_INDEX[str(a)] for a in action.args)
            if len(cards) == 1:
                self._events.append(_ev("ev.reveal1", a="@mr1.card." + CARD_NAMES[cards[0]]))
            else:
                self._events.append(_ev("ev.reveal2", a="@mr1.card." + CARD_NAMES[cards[0]],
                                        b="@mr1.card." + CARD_NAMES[cards[1]]))
            self._reveal(cards)
            return
        if phase == ATTACK_ROLL:
            faces = [int(f) for f in action.args]
            self.dice = faces
            self.dstat = [MISS if f == 1 else OPEN if f == 6 else HIT for f in faces]
            self.dfeat = [False] * len(faces)
            self.feat_chain = -1
            self._events.append(_ev("ev.roll", dice=", ".join(map(str, faces))))
            self._settle()
            return
        face = int(action.args[0])
        if phase == CRIT_ROLL:
            i = self.die
            if face == 1:  # a critical reroll of 1 loses the whole die (A3)
                self.dice[i] = 0
                self.dstat[i] = MISS
                self._events.append(_ev("ev.crit_miss", die=i + 1))
            else:
                self.dice[i] += face
                self.dstat[i] = OPEN if face == 6 else HIT
                self._events.append(_ev("ev.crit", die=i + 1, face=face, value=self.dice[i]))
            self._settle()
        elif phase == FEAT_ROLL:
            i = self.die
            self.dice[i] = 0 if face == 1 else face  # ruling R18: the new roll replaces the die
            self.dstat[i] = MISS if face == 1 else OPEN if face == 6 else HIT
            self._events.append(_ev("ev.feat_roll", die=i + 1, face=face))
            self.feat_chain = i  # ruling R17: a feat's 6 opens a chain for this die only
            self._settle()
        elif phase == MONSTER_HP:
            lv = D.levels[self.level - 1]
            foe = self.foe
            self._events.append(_ev("ev.monster_hp", area=self.area, face=face, hp=self.area + face))
            self._start_combat(foe, self.area + face, lv.monster_damage)
        elif phase == TREASURE_GATE:
            found = face >= D.treasure_item_gate
            self._events.append(_ev("ev.treasure_item" if found else "ev.treasure_none", face=face))
            if found:
                self.phase = ITEM_ROLL
            else:
                self._next_column()
        elif phase == ITEM_ROLL:
            self._item(face)
        elif phase == EVENT_ROLL:
            self.event_roll = face
            self._events.append(_ev("ev.event_roll", face=face,
                                    result="@mr1.event." + D.event_results[face - 1]))
            self.phase = EVENT_CHECK
        elif phase == EVENT_SKILL:
            ok = face <= self.rank
            self._events.append(_ev("ev.skill_ok" if ok else "ev.skill_fail", face=face, rank=self.rank))
            if ok:
                self.phase = EVENT_SHIFT
            else:
                self._event_result()
        elif phase == TRAP_ROLL:
            self.trap = face
            self._events.append(_ev("ev.trap", trap="@mr1.trap." + D.trap_results[face - 1]))
            self.phase = TRAP_SKILL
        else:  # TRAP_SKILL: always made (ruling R22)
            ok = face <= self.rank
            self._events.append(_ev("ev.skill_ok" if ok else "ev.skill_fail", face=face, rank=self.rank))
            if ok:
                self._next_column()
            else:
                self._spring_trap()

    def _event_result(self) -> None:
        result = D.event_results[self.event_roll - 1]
        self._events.append(_ev("ev.event", result="@mr1.event." + result))
        if result == "ration":
            self._gain("food", D.event_ration_food)
        elif result == "potion":
            self._gain("hp", D.event_potion_hp)
        elif result == "loot":
            self._gain("gold", D.event_loot_gold)
        elif result == "whetstone":
            self._gain_xp(D.event_whetstone_xp)
        elif result == "shield":
            self._gain("armor", D.event_shield_armor)
        else:
            self._await_monster_hp(FOE_EVENT)
            return
        self._next_column()

    def _spring_trap(self) -> None:
        """§5.7: apply the penalty, or lose 2 HP if it cannot be applied."""
        trap = D.trap_results[self.trap - 1]
        self._events.append(_ev("ev.trap_sprung", trap="@mr1.trap." + trap))
        stat = {"mold": "food", "tripwire": "gold", "acid": "armor"}.get(trap)
        if stat is not None:
            if getattr(self, stat) > 0:
                self._pay(stat, 1)
            else:
                self._events.append(_ev("ev.unpayable"))
                if self._lose_hp(D.trap_unpayable_hp, "trap"):
                    return
        elif trap == "blades":
            if self._lose_hp(D.trap_blades_hp, "trap"):
                return
        elif trap == "walls":
            if not self._lose_xp():  # ruling R15
                self._events.append(_ev("ev.unpayable"))
                if self._lose_hp(D.trap_unpayable_hp, "trap"):
                    return
        else:  # pit
            if self._lose_hp(D.trap_pit_hp, "trap"):  # ruling R26: a lethal pit does not move
                return
            dest = D.pit_destination.get(self.area)
            if dest is None:  # ruling R25: no fall from Level 5, and no extra penalty
                self._events.append(_ev("ev.no_fall"))
            else:  # ruling R5, R24: straight into the area below, no Exploration phase
                self._events.append(_ev("ev.fall", area=dest))
                self.area = dest
                self._new_area()
                return
        self._next_column()

    def _apply_decision(self, phase: int, action: Action) -> None:
        name = action.name
        if name == "discard":
            spell = str(action.args[0])
            if phase == SPELL_DISCARD:  # ruling R6: drop one of the three
                held = [*self.spells, self.pending_spell]
                held.remove(spell)
                self.spells = sorted(held, key=SPELLS.index)
                self.pending_spell = ""
                self._events.append(_ev("ev.discard", spell="@mr1.spell." + spell))
                self._after_spell_gain(self.after_discard)
            else:  # ruling R29: free discard, nothing in return
                self.spells.remove(spell)
                self._events.append(_ev("ev.discard", spell="@mr1.spell." + spell))
                if phase == PRE_ROOM and "heal" not in self.spells:
                    self._resolve_card()
            return
        if phase == CHOOSE:
            card = _CARD_INDEX[str(action.args[0])]
            self._events.append(_ev("ev.take", card="@mr1.card." + CARD_NAMES[card]))
            self._start_room(card)
        elif phase == PRE_ROOM:
            if name == "enter":
                self._resolve_card()
            else:  # cast:heal (rulings R12, R28: any number before a room)
                self.spells.remove("heal")
                self._events.append(_ev("ev.cast", spell="@mr1.spell.heal"))
                self._gain("hp", D.heal_hp)
                if "heal" not in self.spells:
                    self._resolve_card()
        elif phase == CRIT:
            if name == "crit":
                self.die = int(action.args[0]) - 1
                self.phase = CRIT_ROLL
            else:  # stop: every open die closes at its value (ruling R17)
                self.dstat = [HIT if st == OPEN else st for st in self.dstat]
                self.feat_chain = -1
                self._feat_stage()
        elif phase == FEAT:
            if name == "done":
                self._damage()
                return
            i = int(action.args[0]) - 1
            self.dfeat[i] = True
            self._events.append(_ev("ev.feat", die=i + 1, cost="@mr1.cost." + str(action.args[1])))
            if action.args[1] == "hp":
                self._pay("hp", 2)
            else:
                self._lose_xp()  # may lower Rank; dice already rolled stay (ruling R8)
            self.die = i
            self.phase = FEAT_ROLL
        elif phase == SPELL:
            if name == "nospell":
                self._end_of_attack()
                return
            spell = str(action.args[0])
            self.spells.remove(spell)
            self._events.append(_ev("ev.cast", spell="@mr1.spell." + spell))
            if spell == "heal":
                self._gain("hp", D.heal_hp)
            elif spell == "ice":
                self.ice = True
            elif spell == "fire":
                self._events.append(_ev("ev.spell_damage", damage=D.fire_damage,
                                        hp=max(0, self.foe_hp - D.fire_damage)))
                if self._hit_foe(D.fire_damage):
                    return
            else:  # poison: 5 now, 5 in each later attack phase (rulings R3, R20)
                self._events.append(_ev("ev.spell_damage", damage=D.poison_damage,
                                        hp=max(0, self.foe_hp - D.poison_damage)))
                self.poison_new += 1
                if self._hit_foe(D.poison_damage):
                    return
            self._end_of_attack()
        elif phase == MERCHANT_SHOP:
            self._merchant(name, str(action.args[0]) if action.args else "")
        elif phase == REST:
            option = str(action.args[0])
            self._events.append(_ev("ev.rest", option="@mr1.rest." + option))
            if option == "xp":
                self._gain_xp(D.rest_xp)
            elif option == "food":
                self._gain("food", D.rest_food)
            else:
                self._gain("hp", D.rest_hp)
            self._next_column()
        elif phase == EVENT_CHECK:
            if name == "check":
                self.phase = EVENT_SKILL
            else:
                self._event_result()
        else:  # EVENT_SHIFT
            if name == "up":
                self.event_roll += 1
            elif name == "down":
                self.event_roll -= 1
            self._event_result()

    def _merchant(self, name: str, what: str) -> None:
        if name == "leave":
            self._events.append(_ev("ev.leave"))
            self._next_column()
            return
        if name == "buy":
            if what in D.wares:
                ware = D.wares[what]
                self._pay("gold", ware.price)
                self._events.append(_ev("ev.buy", ware="@mr1.ware." + what))
                for stat, gain in (("food", ware.food), ("hp", ware.hp), ("armor", ware.armor)):
                    if gain:
                        self._gain(stat, gain)  # ruling R7: the excess is lost
            else:
                self._pay("gold", D.spell_price)
                self._events.append(_ev("ev.buy", ware="@mr1.ware." + what))
                self._gain_spell(what, AFTER_MERCHANT)
            return
        # sell
        if what == "armor":
            self._pay("armor", 1)
            self._events.append(_ev("ev.sell", ware="@mr1.ware.armor"))
            self._gain("gold", D.sell_armor)  # ruling R30
        else:
            self.spells.remove(what)
            self._events.append(_ev("ev.sell", ware="@mr1.ware." + what))
            self._gain("gold", D.sell_spell)
