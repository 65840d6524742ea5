"""Mini Rogue 2020's numeric view for learning agents (:class:`solotable.core.features.Features`):
the action catalogue, the observation vector's layout, progress and the limits OpenSpiel asks for.

The vocabularies come from the game's own names and card data (:mod:`.names`, :mod:`.data`): room
cards, characters, difficulties, potions, statuses, icons, wares, items, and every foe and boss of
the cards (the final boss, Og, included), so a change of the cards changes the layout with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

from solotable.core.features import Features, Writer

from .data import data
from .names import CHARACTERS, DIFFICULTIES, POTIONS, ROOM_CARDS, STATUSES, WARES, Icon, cards_of
from .state import FACE, FOE_KINDS

D = data()
ICONS: tuple[str, ...] = get_args(Icon)
BOSSES: tuple[str, ...] = (*D.bosses, "og")
"""The floor bosses and the final boss, Og (area 10, rules/dungeon.py), whom every win meets."""
FOES: tuple[str, ...] = tuple(dict.fromkeys([
    *(f.name for rows in D.monsters.values() for f in rows),
    *(f.name for rows in D.bosses.values() for f in rows),
    *(f.name for f in D.ghosts),
    *(f.name for f in D.og),
]))
"""Every creature a combat may face, from the cards."""
ITEMS: tuple[str, ...] = cards_of("item")
WHITE: tuple[str, ...] = tuple(FACE)
GIFTS: tuple[str, ...] = ("gold", "food", "armor", "item", *POTIONS)
MAX_DICE = 3  # one white die, a second at 6 XP, a third at 12 (D1)
MAX_OPTIONS = 3  # the longest list of choices on a card (graveyards, campfires)
HP_CAP = 20  # the priestess's tribute pays 1 .. HP (D30)
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


def progress(obs: Mapping[str, Any]) -> float:
    """Areas entered and bosses beaten, over the 13 of a won game."""
    return (float(obs["area"]) - 1.0 + float(obs["bosses_beaten"])) / 13.0


def seats(options: Mapping[str, object]) -> int:
    """Two players with a partner (co-op), else one."""
    return 2 if options.get("partner", "none") != "none" else 1


FEATURES = Features(
    catalogue=_catalogue(),
    encode=encode,
    progress=progress,
    max_chance_outcomes=1344,  # 3 white dice, the black die, the poison and curse dice: 56 x 6 x 4
    max_game_length=20_000,
    seats=seats,
)
