"""Small helpers so the Deep Space D-6 rule tests read like the rulebook.

Every helper drives the real state machine with chosen chance outcomes written in the game's
own notation (``roll:2,2,3``, ``threat:4``, ``draw:e18``). Scenario set-up that play cannot
reach cheaply (a threat already in play, the hull at 5) is done by setting the state's fields,
as the brief allows; everything after that is played.
"""

from __future__ import annotations

import json
import random
from typing import Any

import solotable
from solotable.core.protocol import Action, State
from solotable.games.deepspace_d6.actions import INST_NAMES, INST_OF
from solotable.games.deepspace_d6.data import FACES, data
from solotable.games.deepspace_d6.state import PLACE_NAMES, Threat
from solotable.games.deepspace_d6.state import die as make_die

G = solotable.load("deepspace-d6")
D = data()

# §6.2-§6.4 of the rules reference, transcribed here on purpose: the tests compare the engine
# with the reference, not with cards.toml.
# id: (name, kind, copies, health, activation, hull damage, mission faces)
DECK: dict[str, tuple[str, str, int, int | None, tuple[int, ...], int, tuple[str, ...]]] = {
    "e1": ("Assault Cruiser", "external", 1, 4, (4, 5), 2, ()),
    "e2": ("Assault Cruiser", "external", 1, 4, (1, 2), 2, ()),
    "e3": ("Boarding Ship", "external", 1, 4, (3, 4), 2, ("tac",)),
    "e4": ("Bomber", "external", 1, 3, (3, 4), 1, ()),
    "e5": ("Bomber", "external", 1, 2, (2, 4), 2, ()),
    "e6": ("Bomber", "external", 1, 2, (2, 4), 1, ()),
    "e7": ("Bounty Ship", "external", 1, 4, (1, 2), 1, ()),
    "e8": ("Corsair", "external", 1, 2, (4, 5, 6), 2, ()),
    "e9": ("Drone", "external", 1, 1, (2, 4, 6), 1, ()),
    "e10": ("Drone", "external", 1, 1, (3, 5), 1, ()),
    "e11": ("Flagship", "external", 1, 4, (4, 5, 6), 3, ()),
    "e12": ("Hijackers", "external", 1, 4, (4, 5), 2, ("com", "com")),
    "e13": ("Intercepter", "external", 1, 3, (1, 2, 3, 4, 5), 1, ()),
    "e14": ("Intercepter X", "external", 1, 4, (1, 2, 3, 4, 5), 1, ()),
    "e15": ("Mercenary", "external", 1, 3, (), 2, ()),
    "e16": ("Meteoroid", "external", 1, 4, (1,), 5, ()),
    "e17": ("Nebula", "external", 1, 3, (1, 2, 3, 4, 5), 0, ()),
    "e18": ("Raiders", "external", 2, 2, (4, 6), 2, ()),
    "e19": ("Raiders", "external", 1, 2, (1, 4), 2, ()),
    "e20": ("Scouting Ship", "external", 1, 3, (), 1, ()),
    "e21": ("Solar Winds", "external", 1, None, (2,), 5, ()),
    "e22": ("Space Pirates", "external", 1, 3, (1, 3), 2, ()),
    "e23": ("Space Pirates", "external", 2, 2, (3, 6), 2, ()),
    "i1": ("Boost Morale", "internal", 1, None, (6,), 0, ()),
    "i2": ("Cloaked Threats", "internal", 1, None, (2,), 0, ("sci", "com")),
    "i3": ("Comms Offline", "internal", 1, None, (), 0, ("eng",)),
    "i4": ("Cosmic Existentialism", "internal", 1, None, (), 0, ("sci",)),
    "i5": ("Distracted", "internal", 1, None, (3, 4), 0, ("med", "med")),
    "i6": ("Friendly Fire", "internal", 1, None, (), 0, ()),
    "i7": ("Invaders", "internal", 1, None, (2, 4), 0, ("tac", "tac")),
    "i8": ("Pandemic", "internal", 1, None, (1,), 0, ("sci/med",)),
    "i9": ("Panel Explosion", "internal", 1, None, (), 0, ("med",)),
    "i10": ("Robot Uprising", "internal", 1, None, (1, 2, 3), 0, ("eng",)),
    "i11": ("Time Warp", "internal", 1, None, (2,), 0, ("sci", "sci")),
    "dp": ("Don't Panic!", "dont_panic", 6, None, (), 0, ()),
}
IGNORES_SHIELDS = {"e18", "e19"}
PLAIN_DAMAGE = {"e1", "e2", "e3", "e8", "e9", "e10", "e11", "e12", "e13", "e14", "e18", "e19", "e22", "e23"}
BOMBERS = {"e4", "e5", "e6"}
SEND_UNIT = {"i7", "i8", "i10"}
PIPS = {"com": 1, "tac": 2, "med": 3, "sci": 4, "eng": 5, "thr": 6}  # §4.2


def play(s: State, *notations: str) -> State:
    """Apply each notation (decision or chosen chance outcome, loose typing allowed)."""
    for text in notations:
        s.apply(G.parse_action(s, text))
    return s


def roll(s: State, faces: str) -> State:
    """The crew roll (or a re-roll) showing ``faces`` (``"tac tac med"``)."""
    pips = sorted(PIPS[f] for f in faces.split())
    return play(s, "roll:" + ",".join(map(str, pips)))


def put(s: Any, card_id: str, health: int | None = None) -> str:
    """A threat already in play (scenario set-up): take it out of the unseen cards and the deck
    and place it, in entry order. Returns its name in play (``e18a`` ...)."""
    c = D.by_id[card_id]
    s.unseen[c.index] -= 1
    s.deck -= 1
    key = 2 * c.index + (c.copies - s.unseen[c.index] - 1)
    s.threats.append(Threat(c, key, c.health if health is None else health))
    return INST_NAMES[key]


def set_health(s: Any, name: str, health: int) -> None:
    """A threat in play already damaged (scenario set-up)."""
    t = s.threat(INST_OF[name])
    s.replace(t, Threat(t.card, t.key, health, t.stasis))


def move(s: Any, die: int, where: str, face: str | None = None, card: str | None = None) -> None:
    """Die ``die`` (1-6) put somewhere by hand (scenario set-up): ``infirmary``, ``distracted``
    ... (the observation's place names), showing ``face``, on ``card`` (``i5``)."""
    d = s.dice[die - 1]
    s.dice[die - 1] = make_die(
        d.face if face is None else FACES.index(face),  # type: ignore[arg-type]
        PLACE_NAMES.index(where),  # type: ignore[arg-type]
        d.on if card is None else INST_OF[card],
    )


def new(
    *cards: str,
    faces: str | None = None,
    difficulty: str = "beginner",
    length: str = "full",
    **fields: Any,
) -> Any:
    """Setup with two Don't Panic cards drawn (an empty table), then ``cards`` put in play,
    ``fields`` set, and the round-1 crew roll showing ``faces`` if given."""
    s = G.new_state(seed=0, difficulty=difficulty, length=length)
    play(s, "draw:dp", "draw:dp")
    assert phase(s) == "roll"
    for c in cards:
        put(s, c)
    for name, value in fields.items():
        setattr(s, name, value)
    if faces is not None:
        roll(s, faces)
    return s


def legal(s: State) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def phase(s: State) -> str:
    return s.observation()["phase"]


def keys_of(s: State) -> list[str]:
    return [e.key.removeprefix("ds6.") for e in s.events]


def where(s: State) -> list[str]:
    """Where each die is (``station:tactical``, ``mission:e12``, ``infirmary`` ...)."""
    out = []
    for d in s.observation()["dice"]:
        label = d["where"]
        if d["station"]:
            label += ":" + d["station"]
        elif d["card"]:
            label += ":" + d["card"]
        out.append(label)
    return out


def count(s: State, place: str) -> int:
    return s.observation()["dice_count"][place]


def threat(s: State, name: str) -> dict[str, Any] | None:
    return next((t for t in s.observation()["threats"] if t["card"] == name), None)


def to_step5(s: State, draw: str = "dp") -> State:
    """End step 3 and draw ``draw`` at step 4 (a Don't Panic by default)."""
    play(s, "end")
    if phase(s) == "draw":
        play(s, f"draw:{draw}")
    return s


def obs_json(s: State) -> str:
    return json.dumps(s.observation(), sort_keys=True, ensure_ascii=False)


def random_game(seed: int, **options: Any) -> tuple[Any, list[Action]]:
    rng = random.Random(seed)
    s = G.new_state(seed=seed, **options)
    actions: list[Action] = []
    while not s.is_terminal():
        a = s.chance_table().sample(rng) if s.is_chance() else rng.choice(s.legal_actions())
        s.apply(a)
        actions.append(a)
    return s, actions
