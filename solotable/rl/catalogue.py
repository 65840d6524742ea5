"""The fixed action catalogue of each game: every decision notation the game can ever offer, in
a fixed order, so that index ``i`` of a ``Discrete(N)`` action space always means the same
action.

Each catalogue is written out from the notation grammar of the game's decisions (the docstrings
of its actions and its rules reference) and its public data (card ids, spell and potion names),
never from the engine's insides. Chance outcomes are not in it: the environments resolve chance
themselves. ``docs/rl.md`` lists every catalogue; ``tests/rl/test_catalogue.py`` plays random
games and checks that every legal action is in its game's catalogue.
"""

from __future__ import annotations

from functools import cache

from solotable.core.protocol import Action, State

# -- shared names (public data of the games) ---------------------------------------------------

MR1_ROOM_CARDS = ("monster", "treasure", "merchant", "resting", "event", "trap")
MR1_SPELLS = ("fire", "ice", "poison", "heal")
MR1_WARES = ("ration", "potion", "bigpotion", "armor", *MR1_SPELLS)
MR1_MAX_DICE = 4  # one combat die per rank, rank 1-4

MR_POTIONS = ("fire", "frost", "poison", "healing", "holy", "perception")
MR_STATUSES = ("poison", "curse", "blind")
MR_WARES = ("armor", "food", "holy", "hp1", "hp4", "potion")
MR_MAX_DICE = 3  # one white die, a second at 6 XP, a third at 12 (D1)
MR_MAX_OPTIONS = 3  # the longest list of choices on a card (graveyards, campfires)
MR_HP_CAP = 20  # the priestess's tribute pays 1 .. HP (D30)

DS_FACES = ("com", "tac", "med", "sci", "eng", "thr")
DS_EXTERNAL = (
    "e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "e10", "e11", "e12", "e13", "e14", "e15",
    "e16", "e17", "e18a", "e18b", "e19", "e20", "e21", "e22", "e23a", "e23b",
)  # fmt: skip
DS_INTERNAL = ("i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9", "i10", "i11")
# the away missions printed on cards: the faces a die may lock onto each card
DS_MISSIONS = (
    ("e3", ("tac",)), ("e12", ("com",)), ("i2", ("com", "sci")), ("i3", ("eng",)), ("i4", ("sci",)),
    ("i5", ("med",)), ("i7", ("tac",)), ("i8", ("med", "sci")), ("i9", ("med",)), ("i10", ("eng",)),
    ("i11", ("sci",)),
)  # fmt: skip

JR_SIDES = ("N", "E", "S", "W")
JR_NUMBERS = tuple(range(1, 10))
JR_SCROLL_TILES = tuple(f"{s}{n}" for s in ("m", "p") for n in JR_NUMBERS)  # m1-m9, p1-p9
JR_POTION_TILES = tuple(f"s{n}" for n in JR_NUMBERS)  # s1-s9
JR_MISSILES = ("arrows", "darts", "shuriken")
JR_MAX_ITEMS = 16
"""Items of one sheet (weapons, armours, rings) the catalogue (and the observation) covers. The
carry limits (2, 2 and 4, §7.25) hold only at the end of a camp and before stairs: in between a
character may carry any number (10 rings and 9 armours were seen in 100 heuristic EZ Plus games);
an item past 16 is left out of the mask and counted, like a tile past :data:`JR_MAX_SLOT`."""
JR_MAX_SLOT = 12
"""Tiles of one room the catalogue (and the observation) covers. In JongRogue's catalogue a slot
number ``k`` (``attack:k``, ``pick:k``, ``hit:k``, ``shoot:k,M``, ``read:T,k``) means the ``k``-th
tile listed in the room's observation (``map[room]["slots"]``, the tiles still there), not the
game's own slot number, which keeps counting tiles that have left the room. A room is laid with 4
tiles and grows when a monster walks in, is created, or drops an item; 12 is three times that, and
a legal action beyond it is left out of the mask and counted (docs/rl.md gives how often)."""


def _mr1() -> list[str]:
    out = [f"take:{c}" for c in MR1_ROOM_CARDS]
    out.append("enter")
    out += [f"cast:{s}" for s in MR1_SPELLS]
    out.append("nospell")
    out += [f"discard:{s}" for s in MR1_SPELLS]
    out += [f"buy:{w}" for w in MR1_WARES]
    out += [f"sell:{w}" for w in ("armor", *MR1_SPELLS)]
    out.append("leave")
    out += [f"rest:{o}" for o in ("xp", "food", "hp")]
    out += ["check", "accept", "keep", "up", "down"]
    out += [f"crit:{i}" for i in range(1, MR1_MAX_DICE + 1)]
    out.append("stop")
    out += [f"feat:{i},{c}" for i in range(1, MR1_MAX_DICE + 1) for c in ("hp", "xp")]
    out.append("done")
    return out


def _mr() -> list[str]:
    out = ["pass", "wait"]
    out += [f"drink:{p}" for p in MR_POTIONS]
    out.append("evade")
    out += [f"bless:{seat}" for seat in (1, 2)]
    out += [f"bless:{seat},{s}" for seat in (1, 2) for s in MR_STATUSES]
    out += ["shield", "foresee"]
    out += [f"give:{g}" for g in ("gold", "food", "armor", "item", *MR_POTIONS)]
    out.append("trade:item,item")
    out += [f"trade:{g},{t}" for g in MR_POTIONS for t in MR_POTIONS if g != t]
    out += ["move:right", "move:down", "roll", "confirm"]
    out += [f"confirm:{i}" for i in range(1, MR_MAX_DICE + 1)]
    out += [f"crit:{i}" for i in range(1, MR_MAX_DICE + 1)]
    out += [f"feat:{i},{c}" for i in range(1, MR_MAX_DICE + 1) for c in ("xp", "hp", "free")]
    out.append("backstab")
    out += [f"tribute:{k}" for k in range(1, MR_HP_CAP + 1)]
    out.append("stun")
    out += [f"conjure:{p}" for p in ("fire", "frost", "poison")]
    out += ["accept", "keep", "up", "down"]
    out += [f"opt:{i}" for i in range(1, MR_MAX_OPTIONS + 1)]
    out += [f"potion:{p}" for p in MR_POTIONS]
    out += [f"drop:{p}" for p in MR_POTIONS]
    out.append("leave")
    out += [f"buy:{w}" for w in MR_WARES]
    out += [f"sell:{w}" for w in ("armor", *MR_POTIONS)]
    out += ["offer", "try", "take", "stop"]
    out += [f"see:{p // 3 + 1},{p % 3 + 1}" for p in range(8)]
    out.append("decline")
    return out


def _ds() -> list[str]:
    out = [f"change:{f},{t}" for f in DS_FACES for t in DS_FACES if f != t]
    out.append("reroll")
    out += [f"fire:{n}" for n in range(1, 7)]
    out += [f"hit:{c}" for c in DS_EXTERNAL]
    out += ["stop", "free", "release", "shields"]
    out += [f"stasis:{c}" for c in DS_EXTERNAL]
    out += [f"repair:{n}" for n in range(1, 7)]
    out += [f"mission:{c},{f}" for c, faces in DS_MISSIONS for f in faces]
    out.append("end")
    out += [f"send:{d}" for d in range(1, 7)]
    out += [f"distract:{d}" for d in range(1, 7)]
    out += [f"recall:{d}" for d in range(1, 7)]
    out.append("done")
    return out


def _jr() -> list[str]:
    slots = range(1, JR_MAX_SLOT + 1)
    out = ["continue", "gameover", "fight", "flee", "flee:back", "flee:on"]
    out += [f"flee:{s}" for s in JR_SIDES]
    out += ["stairs:down", "stairs:up"]
    out += [f"shoot:{k},{m}" for k in range(0, JR_MAX_SLOT + 1) for m in JR_MISSILES]
    out.append("skip")
    out += [f"door:{s}" for s in JR_SIDES]
    out += [f"hit:{k}" for k in range(0, JR_MAX_SLOT + 1)]
    out += ["wait", "keep", "forced-end"]
    out += [f"quaff:{t}" for t in JR_POTION_TILES]
    out += [f"read:{t}" for t in JR_SCROLL_TILES]
    out += [f"read:{t},{k}" for t in JR_SCROLL_TILES for k in range(0, JR_MAX_SLOT + 1)]
    out.append("rest")
    out += [f"search:{s}" for s in JR_SIDES]
    out += [f"pick:{k}" for k in slots]
    out += [f"attack:{k}" for k in range(0, JR_MAX_SLOT + 1)]
    out += ["enter", "pass", "go:back", "go:on"]
    items = range(1, JR_MAX_ITEMS + 1)
    out += [f"wield:{i}" for i in range(0, JR_MAX_ITEMS + 1)]
    out += [f"wear:{i}" for i in items]
    out += [f"remove:{i}" for i in items]
    out += [f"puton:{i}" for i in items]
    for what in ("w", "a", "r"):
        out += [f"drop:{what},{i}" for i in items]
    for what in ("w", "a", "r"):
        out += [f"discard:{what},{i}" for i in items]
    out += [f"discard:{t}" for t in (*JR_POTION_TILES, *JR_SCROLL_TILES)]
    out += [f"identify:{t}" for t in (*JR_POTION_TILES, *JR_SCROLL_TILES)]
    for what in ("r", "w", "a"):
        out += [f"identify:{what},{i}" for i in items]
    return out


_BUILDERS = {"minirogue-v1": _mr1, "minirogue": _mr, "deepspace-d6": _ds, "jongrogue": _jr}

GAME_IDS: tuple[str, ...] = tuple(_BUILDERS)


@cache
def catalogue(game_id: str) -> tuple[str, ...]:
    """Every decision notation of ``game_id``, in the fixed order of the action space."""
    if game_id not in _BUILDERS:
        raise ValueError(f"no action catalogue for {game_id!r}; games: {', '.join(GAME_IDS)}")
    out = tuple(_BUILDERS[game_id]())
    if len(set(out)) != len(out):  # pragma: no cover - a mistake in the lists above
        raise AssertionError(f"{game_id}: the action catalogue repeats a notation")
    return out


@cache
def index(game_id: str) -> dict[str, int]:
    """Notation -> index in :func:`catalogue`."""
    return {a: i for i, a in enumerate(catalogue(game_id))}


_JR_SLOT_ACTIONS = frozenset({"attack", "pick", "hit", "shoot", "read"})


def _jr_listed(state: State) -> dict[int, int]:
    """The game's slot number -> its place in the list of the room's tiles (1-based)."""
    obs = state.observation(state.to_move or 0)
    room = obs["position"].get("room")
    if room is None:  # in a passage: only the passage monster (0) is a target
        return {}
    return {s["slot"]: i + 1 for i, s in enumerate(obs["map"][room - 1]["slots"])}


def catalogue_notation(game_id: str, action: Action, listed: dict[int, int] | None) -> str:
    """The catalogue's notation of a legal ``action`` (JongRogue renumbers slots by their place in
    the room's list, ``listed``; every other notation is the game's own)."""
    if game_id != "jongrogue" or action.name not in _JR_SLOT_ACTIONS or listed is None:
        return str(action)
    args = list(action.args)
    k = 1 if action.name == "read" else 0
    slot = args[k] if len(args) > k else None
    if isinstance(slot, int) and slot > 0:
        args[k] = listed.get(slot, 0) or f"slot{slot}"  # not listed: outside the catalogue
    return str(Action(action.name, *args))


def legal_indices(game_id: str, state: State) -> tuple[dict[int, Action], list[Action]]:
    """The legal decisions of ``state`` by catalogue index, and any legal decision the catalogue
    does not hold (JongRogue: a target beyond :data:`JR_MAX_SLOT` tiles in one room)."""
    idx = index(game_id)
    legal = state.legal_actions()
    listed = _jr_listed(state) if game_id == "jongrogue" and any(
        a.name in _JR_SLOT_ACTIONS and a.args for a in legal) else None
    out: dict[int, Action] = {}
    outside: list[Action] = []
    for a in legal:
        i = idx.get(catalogue_notation(game_id, a, listed))
        if i is None:
            outside.append(a)
        else:
            out[i] = a
    return out, outside
