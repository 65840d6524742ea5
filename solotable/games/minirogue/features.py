"""Mini Rogue 2020's numeric view for learning agents (:class:`solotable.core.features.Features`):
the action catalogue, the observation vector's layout, progress and the limits OpenSpiel asks for.

The vocabularies come from the game's own names and card data (:mod:`.names`, :mod:`.data`): room
cards, characters, difficulties, potions, statuses, icons, wares, items, and every foe and boss of
the cards (the final boss, Og, included), so a change of the cards changes the layout with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, get_args

import numpy as np

from solotable.core.engine import OVER
from solotable.core.features import Features, Writer, group_starts

from . import GAME
from .data import data
from .names import CHARACTERS, DIFFICULTIES, POTIONS, ROOM_CARDS, STATUSES, WARES, Icon
from .names import ITEMS as ITEM_KINDS
from .state import FACE, FOE_KINDS, Hero, MiniRogueState

D: Final = data()
ICONS: Final[tuple[str, ...]] = get_args(Icon)
BOSSES: Final[tuple[str, ...]] = (*D.bosses, "og")
"""The floor bosses and the final boss, Og (area 10, rules/dungeon.py), whom every win meets."""
FOES: Final[tuple[str, ...]] = tuple(dict.fromkeys([
    *(f.name for rows in D.monsters.values() for f in rows),
    *(f.name for rows in D.bosses.values() for f in rows),
    *(f.name for f in D.ghosts),
    *(f.name for f in D.og),
]))
"""Every creature a combat may face, from the cards."""
ITEMS: Final[tuple[str, ...]] = ITEM_KINDS  # the item held (§8.8), not its room card (issue 25)
WHITE: Final[tuple[str, ...]] = tuple(FACE)
GIFTS: Final[tuple[str, ...]] = ("gold", "food", "armor", "item", *POTIONS)
MAX_DICE: Final = 3  # one white die, a second at 6 XP, a third at 18 (D1, MR-P12)
MAX_OPTIONS: Final = 3  # the longest list of choices on a card (graveyards, campfires)
HP_CAP: Final = 20  # the priestess's tribute pays 1 .. HP (D30)
PHASES = (
    "reveal", "boss_reveal", "leader_roll", "roll", "crit_roll", "feat_roll", "check_roll", "d6",
    "window", "move", "pre_roll", "attack", "check", "shift", "option", "potion_kind",
    "potion_drop", "shop", "shrine", "item", "take", "foresee", "offer", "over", "shrine_roll", "reward_roll",
)  # fmt: skip


def _catalogue() -> tuple[str, ...]:
    out = ["pass", "wait"]
    out += [f"drink:{p}" for p in POTIONS]
    out.append("evade")
    out += [f"bless:{seat}" for seat in (1, 2)]
    out += [f"bless:{seat},{s}" for seat in (1, 2) for s in STATUSES]
    out += ["shield", "foresee"]
    out += [f"give:{g}" for g in GIFTS]
    out.append("trade:item,item")
    out += [f"trade:{g},{t}" for g in POTIONS for t in POTIONS if g != t]
    out += ["move:right", "move:down", "roll", "confirm"]
    out += [f"confirm:{i}" for i in range(1, MAX_DICE + 1)]
    out += [f"crit:{i}" for i in range(1, MAX_DICE + 1)]
    out += [f"feat:{i},{c}" for i in range(1, MAX_DICE + 1) for c in ("xp", "hp", "free")]
    out.append("backstab")
    out += [f"tribute:{k}" for k in range(1, HP_CAP + 1)]
    out.append("stun")
    out += [f"conjure:{p}" for p in ("fire", "frost", "poison")]
    out += ["accept", "keep", "up", "down"]
    out += [f"opt:{i}" for i in range(1, MAX_OPTIONS + 1)]
    out += [f"potion:{p}" for p in POTIONS]
    out += [f"drop:{p}" for p in POTIONS]
    out.append("leave")
    out += [f"buy:{w}" for w in WARES]
    out += [f"sell:{w}" for w in ("armor", *POTIONS)]
    out += ["offer", "try", "take", "stop"]
    out += [f"see:{p // 3 + 1},{p % 3 + 1}" for p in range(8)]
    out.append("decline")
    out += ["share:on", "share:off"]  # D32, MR-P11: beside every co-op decision
    return tuple(out)


def _hero(w: Writer, p: str, h: Mapping[str, Any] | None) -> None:
    w.flag(f"{p} present", h is not None)
    g: Mapping[str, Any] = h or {}
    w.onehot(f"{p} character", g.get("character"), CHARACTERS)
    w.num(f"{p} hp", g.get("hp"), 20)
    w.num(f"{p} armor", g.get("armor"), 4)
    w.num(f"{p} shield", g.get("shield"), 4)
    w.num(f"{p} gold", g.get("gold"), 10)
    w.num(f"{p} food", g.get("food"), 6)
    w.num(f"{p} xp", g.get("xp"), 18)
    w.num(f"{p} dice", g.get("dice"), 3)
    w.counts(f"{p} potions", g.get("potions", ()), POTIONS)
    w.onehot(f"{p} item", g.get("item") or None, ITEMS)
    w.counts(f"{p} statuses", g.get("statuses", ()), STATUSES)
    w.flag(f"{p} skill ready", g.get("skill_up"))
    pos = g.get("pos")
    w.onehot(f"{p} row", pos[0] if pos else None, (1, 2, 3))
    w.onehot(f"{p} column", pos[1] if pos else None, (1, 2, 3))
    w.flag(f"{p} resolved", g.get("resolved"))
    w.flag(f"{p} evade", g.get("evade"))
    w.num(f"{p} poison effect", g.get("poison_effect"), 3)


def encode(o: Mapping[str, Any], w: Writer, player: int) -> None:
    """Seats are written from ``player``'s side: "me" first, then "partner"."""
    w.onehot("phase", o["phase"], PHASES)
    tm = o["to_move"]
    w.flag("my decision", tm == player)
    w.flag("partner's decision", tm is not None and tm >= 0 and tm != player)
    w.num("area", o["area"], 10)
    w.num("floor", o["floor"], 4)
    w.onehot("difficulty", o["difficulty"], DIFFICULTIES)
    w.flag("two players", o["players"] == 2)
    w.flag("I lead", o["leader"] == player + 1)
    for p in range(8):
        w.onehot(f"room ({p // 3 + 1},{p % 3 + 1})", o["grid"][p], ROOM_CARDS)
    w.onehot("boss", o["boss"], BOSSES)
    heroes = o["heroes"]
    me = heroes[player] if player < len(heroes) else heroes[0]
    other = next((h for h in heroes if h is not me), None)
    _hero(w, "me", me)
    _hero(w, "partner", other)
    cb = o["combat"]
    c: Mapping[str, Any] = cb or {}
    w.flag("combat", cb is not None)
    w.onehot("combat foe", c.get("foe"), FOES)
    w.onehot("combat foe kind", c.get("kind"), FOE_KINDS)
    w.num("combat foe hp", c.get("hp"), 50)
    w.num("combat foe max hp", c.get("max_hp"), 50)
    w.num("combat foe damage", c.get("damage"), 10)
    w.counts("combat foe icons", c.get("icons", ()), ICONS)
    w.num("combat round", c.get("round"), 10)
    seats = [f - 1 for f in c.get("fighters", ())]
    w.flag("combat I fight", player in seats)
    w.flag("combat partner fights", any(s != player for s in seats))
    w.flag("combat I attack", c.get("attacker") == player + 1)
    w.flag("combat frozen", c.get("frozen"))
    dice, values, removed = c.get("dice", []), c.get("values", []), c.get("removed", [])
    for i in range(MAX_DICE):
        w.onehot(f"combat white die {i + 1}", dice[i] if i < len(dice) else None, WHITE)
        w.num(f"combat white die {i + 1} value", values[i] if i < len(values) else None, 6)
        w.flag(f"combat white die {i + 1} removed", i < len(removed) and removed[i])
    w.flag("combat cursed", c.get("cursed"))
    w.flag("combat backstab", c.get("backstab"))
    black = c.get("black", [])
    for i in range(2):
        w.num(f"combat black die {i + 1}", black[i] if i < len(black) else None, 6)
    ck = o["check"]
    k: Mapping[str, Any] = ck or {}
    w.flag("check", ck is not None)
    white = k.get("white", "")
    for i in range(MAX_DICE):
        w.onehot(f"check white die {i + 1}", white[i] if i < len(white) else None, WHITE)
    w.num("check black die", k.get("black"), 6)
    w.flag("check passes", k.get("auto"))
    w.num("free feats", o["free_feats"], 3)
    of = o["offer"]
    f: Mapping[str, Any] = of or {}
    w.flag("offer", of is not None)
    w.flag("offer from me", f.get("from") == player + 1)
    w.onehot("offer gives", f.get("give"), GIFTS)
    w.onehot("offer asks", f.get("get"), GIFTS)
    w.num("bosses beaten", o["bosses_beaten"], 4)
    w.flag("over", o["over"])
    w.flag("won", o["won"])


# -- the fast path: the same vector, straight from the state ---------------------------------------

_S: Final = group_starts(
    encode, GAME.new_state(seed=0, partner="mage").observation(0), np.zeros(4096, dtype=np.float32)
)
_PHASE: Final = {p: _S["phase"] + i for i, p in enumerate(PHASES)}
_DIFFICULTY: Final = {d: _S["difficulty"] + i for i, d in enumerate(DIFFICULTIES)}
_MY_TURN: Final = _S["my decision"]
_PARTNER_TURN: Final = _S["partner's decision"]
_AREA: Final = _S["area"]
_FLOOR: Final = _S["floor"]
_TWO: Final = _S["two players"]
_LEAD: Final = _S["I lead"]
_BOSS: Final = _S["boss"]
_ROOM: Final = tuple(_S[f"room ({p // 3 + 1},{p % 3 + 1})"] for p in range(8))
_BOSS_AT: Final = {b: _BOSS + i for i, b in enumerate(BOSSES)}
_HERO_FIELDS = ("present", "character", "hp", "armor", "shield", "gold", "food", "xp", "dice", "potions", "item",
                "statuses", "skill ready", "row", "column", "resolved", "evade", "poison effect")
_ME: Final = tuple(_S[f"me {n}"] for n in _HERO_FIELDS)
_PARTNER: Final = tuple(_S[f"partner {n}"] for n in _HERO_FIELDS)
_CHARACTER: Final = {c: i for i, c in enumerate(CHARACTERS)}
_POTION: Final = {p: i for i, p in enumerate(POTIONS)}
_STATUS: Final = {p: i for i, p in enumerate(STATUSES)}
_POISONED: Final = _STATUS["poison"]
_CURSED_HERO: Final = _STATUS["curse"]
_BLIND: Final = _STATUS["blind"]
_ITEM: Final = {p: i for i, p in enumerate(ITEMS)}
_TAIL: Final = _S["combat"]
"""Where the fight, the check, the offer and the last flags begin: the writer stores them through a
view of the row from here, so that their places are small numbers (up to 256 Python keeps one
object of each: a place past it is a new object at every store in the compiled build)."""
_TAIL_VIEW: Final = slice(_TAIL, None)
_FOE: Final = {f: _S["combat foe"] - _TAIL + i for i, f in enumerate(FOES)}
_ICON: Final = {c: _S["combat foe icons"] - _TAIL + i for i, c in enumerate(ICONS)}
_COMBAT: Final = _S["combat"] - _TAIL
_KIND: Final = _S["combat foe kind"] - _TAIL
_FOE_HP: Final = _S["combat foe hp"] - _TAIL
_FOE_MAX: Final = _S["combat foe max hp"] - _TAIL
_FOE_DAMAGE: Final = _S["combat foe damage"] - _TAIL
_ROUND: Final = _S["combat round"] - _TAIL
_I_FIGHT: Final = _S["combat I fight"] - _TAIL
_PARTNER_FIGHTS: Final = _S["combat partner fights"] - _TAIL
_I_ATTACK: Final = _S["combat I attack"] - _TAIL
_FROZEN: Final = _S["combat frozen"] - _TAIL
_WHITE: Final = tuple(_S[f"combat white die {i + 1}"] - _TAIL for i in range(MAX_DICE))
_VALUE: Final = tuple(_S[f"combat white die {i + 1} value"] - _TAIL for i in range(MAX_DICE))
_REMOVED: Final = tuple(_S[f"combat white die {i + 1} removed"] - _TAIL for i in range(MAX_DICE))
_CURSED: Final = _S["combat cursed"] - _TAIL
_BACKSTAB: Final = _S["combat backstab"] - _TAIL
_BLACK: Final = tuple(_S[f"combat black die {i + 1}"] - _TAIL for i in range(2))
_CHECK: Final = _S["check"] - _TAIL
_CHECK_BLACK: Final = _S["check black die"] - _TAIL
_CHECK_AUTO: Final = _S["check passes"] - _TAIL
_CHECK_WHITE: Final = tuple(_S[f"check white die {i + 1}"] - _TAIL for i in range(MAX_DICE))
_FREE: Final = _S["free feats"] - _TAIL
_OFFER: Final = _S["offer"] - _TAIL
_OFFER_MINE: Final = _S["offer from me"] - _TAIL
_GIVES: Final = _S["offer gives"] - _TAIL
_ASKS: Final = _S["offer asks"] - _TAIL
_GIFT: Final = {g: i for i, g in enumerate(GIFTS)}
_BEATEN: Final = _S["bosses beaten"] - _TAIL
_OVER: Final = _S["over"] - _TAIL
_WON: Final = _S["won"] - _TAIL
assert max(_S.values()) - _TAIL <= 256

_QUOTIENTS: Final[tuple[tuple[object, ...], ...]] = tuple(
    tuple(v / d for v in range(64)) if d else () for d in range(51)
)
"""``_QUOTIENTS[d][v]`` is ``v / d`` (``d`` the scales used, up to 50; ``v`` below 64), made once:
the compiled build would make a float object at each store of a quotient."""


def _q(v: int, d: int) -> object:
    """``v / d``, the float kept in :data:`_QUOTIENTS` where there is one (the same number)."""
    if 0 <= v < 64:
        return _QUOTIENTS[d][v]
    return v / d


def _write_hero(out: Any, at: tuple[int, ...], s: MiniRogueState, h: Hero) -> None:
    # (a zero is not stored: the row is zeroed before the writer runs)
    out[at[0]] = 1.0
    out[at[1] + _CHARACTER[h.char]] = 1.0
    if h.hp:
        out[at[2]] = _q(h.hp, 20)
    if h.armor:
        out[at[3]] = _q(h.armor, 4)
    if h.shield:
        out[at[4]] = _q(h.shield, 4)
    if h.gold:
        out[at[5]] = _q(h.gold, 10)
    if h.food:
        out[at[6]] = _q(h.food, 6)
    if h.xp:
        out[at[7]] = _q(h.xp, 18)
    out[at[8]] = _q(s.dice_count(h), 3)
    for p in h.potions:
        out[at[9] + _POTION[p]] += 1.0
    if h.item:
        out[at[10] + _ITEM[h.item]] = 1.0
    if h.poison:  # h.statuses(), read without building the list
        out[at[11] + _POISONED] = 1.0
    if h.curse:
        out[at[11] + _CURSED_HERO] = 1.0
    if h.blind:
        out[at[11] + _BLIND] = 1.0
    if h.skill_up:
        out[at[12]] = 1.0
    out[at[13] + h.pos // 3] = 1.0
    out[at[14] + h.pos % 3] = 1.0
    if h.resolved:
        out[at[15]] = 1.0
    if h.evade:
        out[at[16]] = 1.0
    if h.poison_fx:
        out[at[17]] = _q(h.poison_fx, 3)


def write(s: MiniRogueState, player: int, out: Any) -> None:
    """:data:`solotable.core.features.StateWriter`: what :func:`encode` writes of ``s.observation()``
    (a zero is not stored: the row is zeroed before the writer runs)."""
    out[_PHASE[s.phase.name]] = 1.0
    tm = s.to_move
    if tm == player:
        out[_MY_TURN] = 1.0
    elif tm is not None and tm >= 0:
        out[_PARTNER_TURN] = 1.0
    out[_AREA] = _q(s.area, 10)
    out[_FLOOR] = _q(s.floor, 4)
    out[_DIFFICULTY[s.difficulty]] = 1.0
    if s.n == 2:
        out[_TWO] = 1.0
    if s.leader == player:
        out[_LEAD] = 1.0
    grid = s.grid
    for p in range(8):
        card = grid[p]
        if card >= 0:
            out[_ROOM[p] + card] = 1.0
    if s.boss:
        out[_BOSS_AT[s.boss]] = 1.0
    heroes = s.heroes
    me = heroes[player] if player < len(heroes) else heroes[0]
    _write_hero(out, _ME, s, me)
    for h in heroes:
        if h is not me:
            _write_hero(out, _PARTNER, s, h)
            break
    tail: Any = None
    foe = s.foe
    if foe is not None:
        tail = out[_TAIL_VIEW]
        tail[_COMBAT] = 1.0
        tail[_FOE[foe.name]] = 1.0
        tail[_KIND + s.foe_kind] = 1.0
        if s.foe_hp:
            tail[_FOE_HP] = _q(s.foe_hp, 50)
        if s.foe_max:
            tail[_FOE_MAX] = _q(s.foe_max, 50)
        if foe.damage:
            tail[_FOE_DAMAGE] = _q(foe.damage, 10)
        for icon in foe.icons:
            tail[_ICON[icon]] += 1.0
        if s.round:
            tail[_ROUND] = _q(s.round, 10)
        fighters = s.fighters
        for f in fighters:
            if f == player:
                tail[_I_FIGHT] = 1.0
            else:
                tail[_PARTNER_FIGHTS] = 1.0
        if fighters and fighters[s.att] == player:
            tail[_I_ATTACK] = 1.0
        if s.frozen:
            tail[_FROZEN] = 1.0
        dice = s.dice
        for i in range(min(len(dice), MAX_DICE)):
            tail[_WHITE[i] + dice[i] - 1] = 1.0
            value = s.die_value(i)
            if value:
                tail[_VALUE[i]] = _q(value, 6)
        removed = s.removed
        for i in range(min(len(removed), MAX_DICE)):
            if removed[i]:
                tail[_REMOVED[i]] = 1.0
        if s.cursed_now:
            tail[_CURSED] = 1.0
        if s.backstab:
            tail[_BACKSTAB] = 1.0
        for i in range(min(len(heroes), 2)):
            black = heroes[i].black
            if black:
                tail[_BLACK[i]] = _q(black, 6)
    elif s.c_white:
        tail = out[_TAIL_VIEW]
        tail[_CHECK] = 1.0
        white = s.c_white
        for i in range(min(len(white), MAX_DICE)):
            tail[_CHECK_WHITE[i] + white[i] - 1] = 1.0
        if s.c_black:
            tail[_CHECK_BLACK] = _q(s.c_black, 6)
        if s.c_ok:
            tail[_CHECK_AUTO] = 1.0
    offer = s.offer
    over = s.phase is OVER
    if s.free_feats or offer is not None or s.bosses_beaten or over or s.won:
        if tail is None:
            tail = out[_TAIL_VIEW]
        if s.free_feats:
            tail[_FREE] = _q(s.free_feats, 3)
        if offer is not None:
            tail[_OFFER] = 1.0
            if offer.giver == player:
                tail[_OFFER_MINE] = 1.0
            tail[_GIVES + _GIFT[offer.give]] = 1.0
            if offer.get:
                tail[_ASKS + _GIFT[offer.get]] = 1.0
        if s.bosses_beaten:
            tail[_BEATEN] = _q(s.bosses_beaten, 4)
        if over:
            tail[_OVER] = 1.0
        if s.won:
            tail[_WON] = 1.0


def progress(obs: Mapping[str, Any]) -> float:
    """Areas entered and bosses beaten, over the 13 of a won game."""
    return (float(obs["area"]) - 1.0 + float(obs["bosses_beaten"])) / 13.0


def seats(options: Mapping[str, object]) -> int:
    """Two players with a partner (co-op), else one."""
    return 2 if options.get("partner", "none") != "none" else 1


FEATURES = Features(
    catalogue=_catalogue(),
    encode=encode,
    write=write,
    progress=progress,
    max_chance_outcomes=1344,  # 3 white dice, the black die, the poison and curse dice: 56 x 6 x 4
    max_game_length=20_000,
    seats=seats,
)
