"""Numeric observations: each game's ``state.observation(player)`` (the JSON view a player sees,
face-down cards hidden) turned into a fixed-length float32 vector.

The vector is built from the observation alone, never from the state's private fields, so it
holds exactly what the player sees. Every game's layout is fixed: the same position of the vector
always means the same thing, whatever the state. :func:`layout` names every position (``docs/rl.md``
prints the tables, ``python -m solotable.rl.docs`` regenerates them). Numbers are scaled to about
[0, 1] by a documented constant; categories are one-hot (all zeros for "none"); sets are
multi-hot. A value outside the known vocabulary raises ``ValueError`` (the observation changed
shape: the tests catch it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any

import numpy as np

from .catalogue import (
    DS_EXTERNAL,
    DS_FACES,
    DS_INTERNAL,
    JR_MAX_ITEMS,
    JR_MAX_SLOT,
    JR_MISSILES,
    JR_POTION_TILES,
    JR_SCROLL_TILES,
    JR_SIDES,
    MR1_ROOM_CARDS,
    MR1_SPELLS,
    MR_MAX_DICE,
    MR_POTIONS,
    MR_STATUSES,
)


class Writer:
    """Appends the features of one observation; in layout mode it also records their names."""

    __slots__ = ("names", "out", "pos")

    def __init__(self, size: int, names: bool = False) -> None:
        self.out = np.zeros(size, dtype=np.float32)
        self.pos = 0
        self.names: list[str] | None = [] if names else None

    def _name(self, name: str) -> None:
        if self.names is not None:
            self.names.append(name)

    def num(self, name: str, value: float | int | bool | None, scale: float = 1.0) -> None:
        """``value / scale`` (``None`` gives 0)."""
        if value is not None:
            self.out[self.pos] = float(value) / scale
        self.pos += 1
        if self.names is not None:
            self.names.append(name if scale == 1 else f"{name} / {scale:g}")

    def flag(self, name: str, value: object) -> None:
        """1 if ``value`` is true."""
        if value:
            self.out[self.pos] = 1.0
        self.pos += 1
        self._name(name)

    def onehot(self, name: str, value: object, choices: Sequence[object]) -> None:
        """One position per choice; ``None`` sets none of them."""
        if value is not None:
            try:
                k = choices.index(value)
            except ValueError:
                raise ValueError(f"{name}: unknown value {value!r} (known: {list(choices)})") from None
            self.out[self.pos + k] = 1.0
        self.pos += len(choices)
        if self.names is not None:
            self.names.extend(f"{name} = {c}" for c in choices)

    def counts(self, name: str, values: Iterable[object] | Mapping[str, int], choices: Sequence[object],
               scale: float = 1.0) -> None:
        """How many of each choice (a list of names, or a mapping name -> count), over ``scale``."""
        items = values.items() if isinstance(values, Mapping) else ((v, 1) for v in values)
        for v, n in items:
            try:
                k = choices.index(v)
            except ValueError:
                raise ValueError(f"{name}: unknown value {v!r} (known: {list(choices)})") from None
            self.out[self.pos + k] += n / scale
        self.pos += len(choices)
        if self.names is not None:
            suffix = "" if scale == 1 else f" / {scale:g}"
            self.names.extend(f"{name} has {c}{suffix}" for c in choices)


Encoder = Callable[[Mapping[str, Any], Writer, int], None]
"""Writes one observation (seen by ``player``) into the writer."""


# -- Mini Rogue v1.2.1 ---------------------------------------------------------------------------

MR1_PHASES = (
    "reveal", "monster_hp", "treasure_gate", "item_roll", "event_roll", "event_skill", "trap_roll",
    "trap_skill", "attack_roll", "crit_roll", "feat_roll", "choose", "pre_room", "merchant", "rest",
    "event_check", "event_shift", "crit", "feat", "spell", "spell_discard", "over",
)  # fmt: skip
MR1_DIFFICULTIES = ("casual", "normal", "hard", "impossible")
MR1_TRAPS = ("mold", "tripwire", "acid", "blades", "walls", "pit")
MR1_FOES = ("monster", "boss", "event_monster")
MR1_DIE_STATUS = ("hit", "open", "miss")


def _mr1(o: Mapping[str, Any], w: Writer, player: int) -> None:
    w.onehot("difficulty", o["difficulty"], MR1_DIFFICULTIES)
    w.flag("keys variant", o["keys_variant"])
    w.onehot("phase", o["phase"], MR1_PHASES)
    c = o["character"]
    w.num("hp", c["hp"], 20)
    w.num("armor", c["armor"], 5)
    w.num("gold", c["gold"], 20)
    w.num("food", c["food"], 6)
    w.num("rank", c["rank"], 4)
    w.num("xp", c["xp"], 18)
    w.num("xp to next rank", c["xp_to_next"], 18)
    w.counts("spells", c["spells"], MR1_SPELLS, 2)
    w.flag("key held", c["key"])
    d = o["dungeon"]
    w.num("area", d["area"], 14)
    w.num("level", d["level"], 5)
    w.flag("boss area", d["boss_area"])
    w.num("bosses slain", d["bosses_slain"], 5)
    w.flag("monster defeated here", d["monster_defeated_here"])
    layout = o["layout"]
    for col in range(5):
        cards = layout[col]["cards"] if col < len(layout) else []
        w.flag(f"column {col + 1} current", col < len(layout) and layout[col]["current"])
        for k in range(2 if col in (1, 3) else 1):
            card = cards[k] if k < len(cards) else None
            p = f"column {col + 1} card {k + 1}"
            w.flag(f"{p} in play", card is not None)
            w.onehot(f"{p}", card["card"] if card else None, (*MR1_ROOM_CARDS, "boss"))
            w.flag(f"{p} chosen", card and card["chosen"])
            w.flag(f"{p} reachable", card and card["reachable"])
    w.counts("unrevealed", o["unrevealed"], MR1_ROOM_CARDS)
    cb = o["combat"]
    w.flag("combat", cb is not None)
    foe = cb["foe"].split(".")[0] if cb else None
    w.onehot("combat foe", foe, MR1_FOES)
    w.num("combat foe hp", cb and cb["hp"], 30)
    w.num("combat foe max hp", cb and cb["max_hp"], 30)
    w.flag("combat foe hp to roll", cb and cb["hp"] is None)
    w.num("combat foe damage", cb and cb["damage"], 10)
    w.num("combat poison", cb and cb["poison"], 5)
    w.flag("combat ice", cb and cb["ice"])
    dice = cb["dice"] if cb else []
    for i in range(4):
        die = dice[i] if i < len(dice) else None
        w.flag(f"die {i + 1} rolled", die is not None)
        w.num(f"die {i + 1} value", die and die["value"], 24)
        w.onehot(f"die {i + 1} status", die and die["status"], MR1_DIE_STATUS)
        w.flag(f"die {i + 1} feat used", die and die["feat_used"])
    w.num("combat damage now", cb and cb["damage_now"], 24)
    w.onehot("event roll", o["event_roll"], (1, 2, 3, 4, 5, 6))
    w.onehot("trap", o["trap"], MR1_TRAPS)
    w.onehot("pending spell", o["pending_spell"], MR1_SPELLS)
    w.num("score", o["score"], 100)
    w.flag("over", o["over"])
    w.flag("won", o["won"])


# -- Mini Rogue 2020 -----------------------------------------------------------------------------

MR_PHASES = (
    "reveal", "boss_reveal", "leader_roll", "roll", "crit_roll", "feat_roll", "check_roll", "d6",
    "window", "move", "pre_roll", "attack", "check", "shift", "option", "potion_kind",
    "potion_drop", "shop", "shrine", "item", "take", "foresee", "offer", "over",
)  # fmt: skip
MR_DIFFICULTIES = ("normal", "hard", "harder", "roguelike")
MR_CHARACTERS = ("rogue", "priestess", "crusader", "mage")
MR_ROOM_CARDS = (
    "MON-A", "MON-B", "MON-C", "TRAP-1", "TRAP-2", "TRAP-3", "TRAP-4",
    "GRV-1", "GRV-2", "GRV-3", "GRV-4", "CAMP-1", "CAMP-2", "MERC-1", "MERC-2",
    "TRES-A", "TRES-B", "SHRN", "ITEM-1", "ITEM-2",
)  # fmt: skip
MR_BOSSES = ("cursed_dragon", "kings_protector", "spider_queen", "ghoul", "og")
"""The floor bosses and the final boss, Og (area 10, §8.10), whom every win meets."""
MR_FOES = (
    "giant_rat", "skeleton_soldier", "winged_serpent", "cursed_guard", "giant_spider", "goblin",
    "crossbowman", "kings_guard", "mutant_fly", "burrowing_worm", "dire_wolf", "ancestral_spirit",
    *MR_BOSSES, "apparition", "ghost", "specter", "revenant", "og1", "og2",
)  # fmt: skip
MR_FOE_KINDS = ("monster", "boss", "ghost", "og1", "og2")
MR_ICONS = ("curse", "poison", "blind", "regenerate", "weaken", "ignore_armor", "fall")
MR_ITEMS = ("ITEM-1", "ITEM-2")
MR_WHITE = ("x", "2", "3", "4", "5", "6")
MR_GIFTS = ("gold", "food", "armor", "item", *MR_POTIONS)


def _mr_hero(w: Writer, p: str, h: Mapping[str, Any] | None) -> None:
    w.flag(f"{p} present", h is not None)
    g: Mapping[str, Any] = h or {}
    w.onehot(f"{p} character", g.get("character"), MR_CHARACTERS)
    w.num(f"{p} hp", g.get("hp"), 20)
    w.num(f"{p} armor", g.get("armor"), 4)
    w.num(f"{p} shield", g.get("shield"), 4)
    w.num(f"{p} gold", g.get("gold"), 10)
    w.num(f"{p} food", g.get("food"), 6)
    w.num(f"{p} xp", g.get("xp"), 18)
    w.num(f"{p} dice", g.get("dice"), 3)
    w.counts(f"{p} potions", g.get("potions", ()), MR_POTIONS)
    w.onehot(f"{p} item", g.get("item") or None, MR_ITEMS)
    w.counts(f"{p} statuses", g.get("statuses", ()), MR_STATUSES)
    w.flag(f"{p} skill ready", g.get("skill_up"))
    pos = g.get("pos")
    w.onehot(f"{p} row", pos[0] if pos else None, (1, 2, 3))
    w.onehot(f"{p} column", pos[1] if pos else None, (1, 2, 3))
    w.flag(f"{p} resolved", g.get("resolved"))
    w.flag(f"{p} evade", g.get("evade"))
    w.num(f"{p} poison effect", g.get("poison_effect"), 3)


def _mr(o: Mapping[str, Any], w: Writer, player: int) -> None:
    """Seats are written from ``player``'s side: "me" first, then "partner"."""
    w.onehot("phase", o["phase"], MR_PHASES)
    tm = o["to_move"]
    w.flag("my decision", tm == player)
    w.flag("partner's decision", tm is not None and tm >= 0 and tm != player)
    w.num("area", o["area"], 10)
    w.num("floor", o["floor"], 4)
    w.onehot("difficulty", o["difficulty"], MR_DIFFICULTIES)
    w.flag("two players", o["players"] == 2)
    w.flag("I lead", o["leader"] == player + 1)
    for p in range(8):
        w.onehot(f"room ({p // 3 + 1},{p % 3 + 1})", o["grid"][p], MR_ROOM_CARDS)
    w.onehot("boss", o["boss"], MR_BOSSES)
    heroes = o["heroes"]
    me = heroes[player] if player < len(heroes) else heroes[0]
    other = next((h for h in heroes if h is not me), None)
    _mr_hero(w, "me", me)
    _mr_hero(w, "partner", other)
    cb = o["combat"]
    c: Mapping[str, Any] = cb or {}
    w.flag("combat", cb is not None)
    w.onehot("combat foe", c.get("foe"), MR_FOES)
    w.onehot("combat foe kind", c.get("kind"), MR_FOE_KINDS)
    w.num("combat foe hp", c.get("hp"), 50)
    w.num("combat foe max hp", c.get("max_hp"), 50)
    w.num("combat foe damage", c.get("damage"), 10)
    w.counts("combat foe icons", c.get("icons", ()), MR_ICONS)
    w.num("combat round", c.get("round"), 10)
    seats = [f - 1 for f in c.get("fighters", ())]
    w.flag("combat I fight", player in seats)
    w.flag("combat partner fights", any(s != player for s in seats))
    w.flag("combat I attack", c.get("attacker") == player + 1)
    w.flag("combat frozen", c.get("frozen"))
    dice, values, removed = c.get("dice", []), c.get("values", []), c.get("removed", [])
    for i in range(MR_MAX_DICE):
        w.onehot(f"combat white die {i + 1}", dice[i] if i < len(dice) else None, MR_WHITE)
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
    for i in range(MR_MAX_DICE):
        w.onehot(f"check white die {i + 1}", white[i] if i < len(white) else None, MR_WHITE)
    w.num("check black die", k.get("black"), 6)
    w.flag("check passes", k.get("auto"))
    w.num("free feats", o["free_feats"], 3)
    of = o["offer"]
    f: Mapping[str, Any] = of or {}
    w.flag("offer", of is not None)
    w.flag("offer from me", f.get("from") == player + 1)
    w.onehot("offer gives", f.get("give"), MR_GIFTS)
    w.onehot("offer asks", f.get("get"), MR_GIFTS)
    w.num("bosses beaten", o["bosses_beaten"], 4)
    w.flag("over", o["over"])
    w.flag("won", o["won"])


# -- Deep Space D-6 -------------------------------------------------------------------------------

DS_PHASES = ("roll", "reroll", "draw", "threat", "assign", "allocate", "send", "distract", "gather", "over")
DS_DIFFICULTIES = ("beginner", "easy", "normal", "hard")
DS_LENGTHS = ("full", "short", "quick")
DS_LOCATIONS = ("pool", "unassigned", "scanners", "station", "stasis", "mission", "distracted", "returned",
                "infirmary")  # fmt: skip
DS_STATIONS = ("commander", "tactical", "medical", "science", "engineering")
DS_INSTANCES = (*DS_EXTERNAL, *DS_INTERNAL)
DS_CARD_IDS = (*dict.fromkeys(c.rstrip("ab") for c in DS_EXTERNAL), *DS_INTERNAL, "dp")


def _ds(o: Mapping[str, Any], w: Writer, player: int) -> None:
    w.onehot("difficulty", o["difficulty"], DS_DIFFICULTIES)
    w.num("don't panic cards", o["dont_panic"], 6)
    w.onehot("length", o["length"], DS_LENGTHS)
    w.onehot("phase", o["phase"], DS_PHASES)
    w.num("round", o["round"], 40)
    w.num("hull", o["hull"], 8)
    w.num("shields", o["shields"], 4)
    w.flag("shields offline", o["shields_offline"])
    for d in o["dice"]:
        p = f"crew die {d['die']}"
        w.onehot(f"{p} face", d["face"], DS_FACES)
        w.onehot(f"{p} at", d["where"], DS_LOCATIONS)
        w.onehot(f"{p} station", d["station"], DS_STATIONS)
        w.onehot(f"{p} on card", d["card"], DS_INSTANCES)
    counts = o["dice_count"]
    for loc in DS_LOCATIONS:
        w.num(f"dice at {loc}", counts[loc], 6)
    by_card = {t["card"]: t for t in o["threats"]}
    for card in DS_INSTANCES:
        t = by_card.get(card)
        p = f"threat {card}"
        w.flag(f"{p} in play", t is not None)
        tt: Mapping[str, Any] = t or {}
        w.num(f"{p} order", tt.get("order"), 20)
        w.num(f"{p} health", tt.get("health"), 4)
        w.flag(f"{p} in stasis", tt.get("in_stasis"))
        w.num(f"{p} mission dice", len(tt.get("mission_dice", ())), 2)
        w.num(f"{p} open mission slots", len(tt.get("open_slots", ())), 2)
    w.num("deck left", o["deck_left"], 40)
    w.flag("deck empty", o["deck_empty"])
    w.num("removed unseen", o["removed_unseen"], 10)
    w.counts("discard", o["discard"], DS_CARD_IDS)
    w.onehot("threat die", o["threat_die"], (1, 2, 3, 4, 5, 6))
    w.num("volley left", o["volley_left"], 11)
    w.onehot("pending card", o["pending"], DS_INSTANCES)
    w.flag("lost this round", o["lost_this_round"])
    w.num("destroyed", o["destroyed"], 30)
    w.flag("over", o["over"])
    w.flag("won", o["won"])


# -- JongRogue -------------------------------------------------------------------------------------

JR_PHASES = ("start", "play", "threat", "ranged", "melee", "turn_end", "death", "over", "carry", "identify",
             "chance")  # fmt: skip
JR_PC_STATUS = ("asleep", "confused", "held", "levitating", "blind", "clairvoyant", "aggravation", "frozen",
                "hungry")  # fmt: skip
JR_MON_STATUS = ("asleep", "deep_asleep", "confused", "hasted", "slowed", "invisible", "cancelled", "scared",
                 "disguised")  # fmt: skip
JR_POTIONS = ("healing", "extra_healing", "gain_strength", "restore_strength", "raise_level", "clairvoyance",
              "levitation", "blindness", "confusion")  # fmt: skip
JR_SCROLLS = (
    "identify", "protect_armour", "hold_monster", "enchant_weapon", "enchant_armour", "teleport", "sleep",
    "scare_monster", "remove_curse", "create_monster", "aggravate_monsters", "magic_mapping", "haste_monster",
    "slow_monster", "confuse_monster", "monster_invisibility", "cancellation", "teleport_monster",
)  # fmt: skip
JR_RINGS = ("teleportation", "see_invisible", "armour_protection", "sustain_strength", "adornment",
            "regeneration", "slow_digestion", "add_strength", "searching")  # fmt: skip
JR_MELEE = ("dagger", "mace", "long_sword", "two_handed_sword")
JR_ARMOURS = ("leather", "ring_mail", "scale", "chain", "banded", "splint", "plate")
JR_MONSTERS = (
    "kestrel", "emu", "bat", "snake", "hobgoblin", "ice_monster", "rattlesnake", "orc", "zombie", "leprechaun",
    "centaur", "quagga", "aquator", "nymph", "yeti", "venus_flytrap", "troll", "wraith", "phantom", "xeroc",
    "black_unicorn", "medusa", "vampire", "griffin", "jabberwock", "dragon",
)  # fmt: skip
JR_TILES = tuple(f"{s}{n}" for s in ("m", "p", "s") for n in range(1, 10))
JR_LAB = ("T", "N", "S", "P", "R")
JR_KINDS = ("monster", "trap", "gold", "item")
_JR_TILE_WIDTH = 3 + 3 + 1 + len(JR_KINDS) + len(JR_MONSTERS) + 1 + len(JR_MON_STATUS)
"""Features of one tile place of a room (laid, face down, unseen, suit, number, kind, monster)."""


def _jr_monster(w: Writer, p: str, m: Mapping[str, Any] | None) -> None:
    mm: Mapping[str, Any] = m or {}
    w.onehot(f"{p} monster", mm.get("monster"), JR_MONSTERS)
    w.num(f"{p} monster hp", mm.get("hp"), 20)
    w.counts(f"{p} monster status", mm.get("status", ()), JR_MON_STATUS)


def _jr(o: Mapping[str, Any], w: Writer, player: int) -> None:
    w.onehot("phase", o["phase"], JR_PHASES)
    opts = o["options"]
    w.flag("EZ Plus rules", opts["rules"] == "ez-plus")
    w.flag("continue allowed", opts["continue"] == "allowed")
    w.flag("forced end allowed", opts["forced-end"] == "allowed")
    sh = o["sheet"]
    w.num("level", sh["level"], 10)
    w.num("xp", sh["xp"], 100)
    w.num("hp", sh["hp"], 50)
    w.num("max hp", sh["max_hp"], 50)
    w.num("strength", sh["strength"], 20)
    w.num("max strength", sh["max_strength"], 20)
    w.counts("status", sh["status"], JR_PC_STATUS)
    w.num("gold", sh["gold"], 100)
    w.num("food", sh["food"], 10)
    w.num("floor", sh["floor"], 20)
    w.num("deepest floor", sh["deepest"], 20)
    w.flag("stairs plate up (amulet)", sh["stairs"] == "S")
    eq = o["equipment"]
    weapons = eq["weapons"]
    w.num(f"weapons beyond {JR_MAX_ITEMS}", max(0, len(weapons) - JR_MAX_ITEMS), 4)
    for i in range(JR_MAX_ITEMS):
        x: Mapping[str, Any] = weapons[i] if i < len(weapons) else {}
        p = f"weapon {i + 1}"
        w.onehot(p, x.get("kind"), JR_MELEE)
        w.num(f"{p} enchant", x.get("enchant"), 3)
        w.flag(f"{p} known", x.get("enchant") is not None)
        w.flag(f"{p} cursed", x.get("cursed"))
        w.flag(f"{p} equipped", x.get("equipped"))
    w.flag("bow", eq["bow"])
    for m in JR_MISSILES:
        w.flag(f"missiles {m}", eq["missiles"][m])
    armours = eq["armours"]
    w.num(f"armours beyond {JR_MAX_ITEMS}", max(0, len(armours) - JR_MAX_ITEMS), 4)
    for i in range(JR_MAX_ITEMS):
        x = armours[i] if i < len(armours) else {}
        p = f"armour {i + 1}"
        w.onehot(p, x.get("kind"), JR_ARMOURS)
        w.num(f"{p} enchant", x.get("enchant"), 3)
        w.flag(f"{p} known", x.get("enchant") is not None)
        w.flag(f"{p} cursed", x.get("cursed"))
        w.flag(f"{p} protected", x.get("protected"))
        w.flag(f"{p} worn", x.get("worn"))
    rings = eq["rings"]
    w.num(f"rings beyond {JR_MAX_ITEMS}", max(0, len(rings) - JR_MAX_ITEMS), 4)
    for i in range(JR_MAX_ITEMS):
        x = rings[i] if i < len(rings) else {}
        p = f"ring {i + 1}"
        w.flag(f"{p} held", bool(x))
        w.onehot(p, x.get("kind"), JR_RINGS)
        w.flag(f"{p} cursed", x.get("cursed"))
        w.flag(f"{p} worn", x.get("hand"))
    w.flag("amulet", eq["amulet"])
    w.counts("potions", o["pack"]["potions"], JR_POTION_TILES, 9)
    w.counts("scrolls", o["pack"]["scrolls"], JR_SCROLL_TILES, 9)
    ident_p = o["identified"]["potions"]
    for t in JR_POTION_TILES:
        w.onehot(f"potion {t} is", ident_p.get(t), JR_POTIONS)
    ident_s = o["identified"]["scrolls"]
    for t in JR_SCROLL_TILES:
        w.onehot(f"scroll {t} is", ident_s.get(t), JR_SCROLLS)
    pos = o["position"]
    w.onehot("at", pos["at"], ("room", "door", "passage"))
    w.onehot("room", pos.get("room"), tuple(range(1, 10)))
    w.onehot("door side", pos.get("side"), JR_SIDES)
    w.onehot("passage from", pos.get("from"), tuple(range(1, 10)))
    w.onehot("passage to", pos.get("to"), tuple(range(1, 10)))
    for r in o["map"]:
        p = f"room {r['room']}"
        lab = r["lab"] or ()
        w.counts(f"{p} labyrinth", lab, JR_LAB)
        w.counts(f"{p} found", r["found"], JR_SIDES)
        w.flag(f"{p} processed", r["processed"])
        # the k-th tile listed in the room (the catalogue's slot k), not the game's slot number
        slots = r["slots"]
        w.num(f"{p} tiles beyond {JR_MAX_SLOT}", max(0, len(slots) - JR_MAX_SLOT), 4)
        for k in range(1, JR_MAX_SLOT + 1):
            s = slots[k - 1] if k <= len(slots) else None
            if s is None and w.names is None:  # an empty place: all zeros, as the writes below give
                w.pos += _JR_TILE_WIDTH
                continue
            q = f"{p} tile {k}"
            ss: Mapping[str, Any] = s or {}
            w.flag(f"{q} laid", s is not None)
            w.flag(f"{q} face down", ss.get("tile") == "?" and not ss.get("unseen"))
            w.flag(f"{q} unseen monster", ss.get("unseen"))
            tile = ss.get("tile")
            w.onehot(f"{q} suit", tile[0] if tile and tile != "?" else None, ("m", "p", "s"))
            w.num(f"{q} number", int(tile[1]) if tile and tile != "?" else None, 9)
            w.onehot(f"{q} kind", ss.get("kind"), JR_KINDS)
            _jr_monster(w, q, ss if ss.get("kind") == "monster" else None)
    _jr_monster(w, "passage", o["passage_monster"])
    w.flag("passage monster", o["passage_monster"] is not None)
    w.num("pile", o["pile"], 108)
    w.num("discard", o["discard"], 108)
    w.counts("discarded", o["discard_tiles"], JR_TILES, 4)
    w.num("turn", o["turn"], 500)
    w.num("continues", o["continues"], 5)
    res = o["result"]
    w.flag("over", res is not None)
    w.flag("won", res and res["won"])


_ENCODERS: dict[str, Encoder] = {"minirogue-v1": _mr1, "minirogue": _mr, "deepspace-d6": _ds, "jongrogue": _jr}


def _sample_observation(game_id: str) -> Mapping[str, Any]:
    from solotable.core.registry import load

    return load(game_id).new_state(seed=0).observation(0)


@cache
def layout(game_id: str) -> tuple[str, ...]:
    """The name of every position of ``game_id``'s observation vector."""
    w = Writer(_MAX, names=True)
    _ENCODERS[game_id](_sample_observation(game_id), w, 0)
    assert w.names is not None
    return tuple(w.names)


_MAX = 8192


def size(game_id: str) -> int:
    return len(layout(game_id))


def encode(game_id: str, observation: Mapping[str, Any], player: int = 0) -> np.ndarray:
    """The observation vector (float32, fixed length) of one ``state.observation(player)``."""
    n = size(game_id)
    w = Writer(n)
    _ENCODERS[game_id](observation, w, player)
    if w.pos != n:  # pragma: no cover - an encoder that writes a varying number of features
        raise AssertionError(f"{game_id}: wrote {w.pos} features, the layout has {n}")
    return w.out
