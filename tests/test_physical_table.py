"""A physical table plays whole games in physical-dice mode: the program is asked only for what
the table shows face up, never for a tile or card lying face down (issue 20 item 3, JR-P1).

JongRogue is played with a real pile held by the test: the tiles are shuffled once, drawn from the
top, laid face down on the map as the program lays them (the test sees the map's face-down slots
and lays its own tiles there, unseen), and turned up only when the program asks for a tile turned
up (encounter processing, Clairvoyance, the floor's tiles going to the open discard pile). The
labyrinth set is mixed and laid two per room at every floor. A restack turns the open discard pile
face down and shuffles it (the test reads what the open discard pile held from the program's pile
after the restack, the one thing it does not keep itself). The program's pile count must be the
test's at every draw, and every typed tile must be accepted: a tile asked for while the table has
it face down fails the test, as does a draw the table cannot make.

For the card games (Mini Rogue v1.2.1, Mini Rogue 2020, Deep Space D-6), whose cards are turned up
lazily already (P1, MR-P1, DS-P2), every chance node must be a face-up event of the table (a
column reached, a card turned up, a die rolled): the test keeps the list of each game's face-up
events, answers each with its own dice and draws, and fails on any other kind of draw (a deal).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from solotable.core.i18n import message
from solotable.core.protocol import Action
from solotable.core.registry import load
from solotable.core.session import Session
from solotable.games.jongrogue.heuristic import make_agent
from solotable.games.jongrogue.notation import TILE_NAMES
from solotable.games.jongrogue.observation import observation as jr_observation
from solotable.games.jongrogue.state import JongRogueState

KANJI = "一二三四五六七八九"
SUIT_JA = {"m": "萬", "p": "筒", "s": "索"}
WIND_WORDS = {"en": {"T": "east", "N": "south", "S": "west", "P": "north", "R": "stairs"},
              "ja": {"T": "東", "N": "南", "S": "西", "P": "北", "R": "階段"}}  # fmt: skip
TURNED_UP = {"reveal", "discard_up", "clairvoyance"}
"""The draws of a tile lying face down on the map, made when the table turns it up."""


def typed_tile(name: str, lang: str) -> str:
    """A tile as a player at the table types it: ``5m`` (English) or ``五萬`` (Japanese)."""
    return f"{name[1]}{name[0]}" if lang == "en" else KANJI[int(name[1]) - 1] + SUIT_JA[name[0]]


class JongRogueTable:
    """The tiles on a real table (see the module docstring)."""

    def __init__(self, rng: random.Random, copies: int) -> None:
        self.rng = rng
        self.pile = [t for t in TILE_NAMES for _ in range(copies)]
        rng.shuffle(self.pile)
        self.down: dict[tuple[int, int], str] = {}  # face down on the map, unseen: (room, slot) -> tile
        self.known: set[tuple[int, int]] = set()  # turned up (or looked at) this floor
        self.lab: dict[int, list[str]] = {}
        self.found: Counter[str] = Counter()

    def new_floor(self) -> None:
        assert not self.down, f"tiles left face down at a floor's end: {self.down}"
        self.known.clear()
        labyrinth = ["T"] * 4 + ["N"] * 4 + ["S"] * 4 + ["P"] * 4 + ["R"] * 2
        self.rng.shuffle(labyrinth)
        self.lab = {r: labyrinth[2 * r: 2 * r + 2] for r in range(9)}

    def restack(self, state: JongRogueState) -> None:
        """The open discard pile turned face down and shuffled: what it held is the program's new
        pile (JR-P1: the pile's counts, the face-down tiles held apart)."""
        assert not self.pile, "the program restacked while the table's pile still held tiles"
        self.pile = [TILE_NAMES[t] for t in range(27) for _ in range(state.pile[t])]
        self.rng.shuffle(self.pile)
        self.found["restack"] += 1

    def lay(self, state: JongRogueState, o: dict[str, Any]) -> None:
        """Lay a tile of the pile face down on every slot the program shows newly face down."""
        for room in o["map"]:
            for slot in room["slots"]:
                key = (room["room"] - 1, slot["slot"] - 1)
                if slot["tile"] != "?" or slot.get("unseen") or key in self.down or key in self.known:
                    continue
                if not self.pile:
                    self.restack(state)
                self.down[key] = self.pile.pop()
                self.found["laid"] += 1

    def answer(self, state: JongRogueState, lang: str) -> str:
        o: dict[str, Any] = jr_observation(state)  # type: ignore[assignment]
        phase = state.phase.name
        actions = state.chance_table().actions
        if phase == "start_room":
            self.new_floor()
        self.lay(state, o)
        kind = actions[0].name
        if kind == "lab":
            pos = o["position"]
            room = pos.get("room", 0) - 1
            if room < 0 or o["map"][room]["lab"] is not None or not self.lab.get(room):
                room = next(r for r in range(9) if o["map"][r]["lab"] is None and self.lab.get(r))
            self.found["labyrinth"] += 1
            return WIND_WORDS[lang][self.lab[room].pop(0)]
        if kind != "tile":  # a link row or a ring's kind, turned up when first used: a draw of the test's
            self.found[f"other:{phase}"] += 1
            return str(state.chance_table().sample(self.rng))
        if phase in TURNED_UP:
            if phase == "reveal":
                room = o["position"]["room"] - 1
                key = min(k for k in self.down if k[0] == room)
            else:
                key = min(self.down)
            self.known.add(key)
            self.found[phase] += 1
            return typed_tile(self.down.pop(key), lang)
        if not self.pile and o["pile"]:
            self.restack(state)
        assert len(self.pile) == o["pile"], f"{phase}: the program's pile is {o['pile']}, the table's {len(self.pile)}"
        self.found[f"pile:{phase}"] += 1
        return typed_tile(self.pile.pop(), lang)


def decide(legal: list[Action], step: int) -> Action:
    """A fixed way of playing (as the golden transcripts): no forced end."""
    legal = [a for a in legal if a.name != "forced-end"]
    return legal[(step * 7919) % len(legal)]


def play_at_the_table(seed: int, rules: str, lang: str, bot: bool) -> Counter[str]:
    """One whole JongRogue game in physical mode at the table; what the table did."""
    session = Session("jongrogue", seed=seed, options={"rules": rules, "continue": "off"}, physical_dice=True)
    state = session.state
    assert isinstance(state, JongRogueState)
    table = JongRogueTable(random.Random(seed), 3 if state.ident else 4)
    agent, rng = make_agent(), random.Random(seed)
    steps = 0
    while not session.state.is_terminal():
        steps += 1
        assert steps < 50000
        s = session.state
        assert isinstance(s, JongRogueState)
        if session.waiting_for_chance:
            session.play(table.answer(s, lang))  # IllegalAction: the table could not have shown it
        elif bot:
            session.play(agent.choose(s, rng))
        else:
            session.play(decide(s.legal_actions(), steps))
    table.found["games"] += 1
    table.found[f"floors:{s.deepest}"] += 0
    table.found["deepest"] = s.deepest
    return table.found


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_jongrogue_at_a_physical_table(lang: str) -> None:
    found: Counter[str] = Counter()
    deepest = 0
    for seed, rules, bot in ((1, "ez", False), (2, "ez-plus", False), (3, "ez", True), (4, "ez-plus", True),
                             (5, "ez", True), (6, "ez-plus", True)):  # fmt: skip
        one = play_at_the_table(seed, rules, lang, bot)
        deepest = max(deepest, one.pop("deepest"))
        found.update(one)
    # the table turned up tiles at encounters and at floors' ends, and reshuffled its discards
    assert found["reveal"] > 0 and found["discard_up"] > 0 and found["labyrinth"] > 0
    assert found["restack"] > 0 and deepest >= 3
    assert found["laid"] >= found["reveal"] + found["discard_up"]


FACE_UP: dict[str, set[str]] = {
    # Mini Rogue v1.2.1: a column's cards turned up when reached (P1), and dice
    "minirogue-v1": {"reveal", "trap_roll", "trap_skill", "event_roll", "event_skill", "monster_hp",
                     "attack_roll", "feat_roll", "treasure_gate", "item_roll", "crit_roll", "boss_roll",
                     "skill_roll", "rest_roll", "merchant_roll"},
    # Mini Rogue 2020: a room card or the boss turned up when revealed (MR-P1), and dice
    "minirogue": {"reveal", "boss_reveal", "check_roll", "feat_roll", "shrine_roll", "roll", "reward_roll",
                  "crit_roll", "fall_roll", "trap_roll", "event_roll"},
    # Deep Space D-6: a threat card drawn face up from the deck (DS-P2), the crew roll, the threat die
    "deepspace-d6": {"draw", "roll", "reroll", "threat"},
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", sorted(FACE_UP))
def test_card_games_ask_only_for_what_is_face_up(game: str, lang: str) -> None:
    g = load(game)
    asked: Counter[str] = Counter()
    for seed in range(1, 6):
        session = Session(g, seed=seed, physical_dice=True)
        rng = random.Random(seed)
        steps = 0
        while not session.state.is_terminal():
            steps += 1
            assert steps < 20000
            s = session.state
            if session.waiting_for_chance:
                phase = s.phase.name  # type: ignore[attr-defined]
                assert phase in FACE_UP[game], f"{game} asks for a draw the table does not show: {phase}"
                asked[phase] += 1
                session.play(str(s.chance_table().sample(rng)))
            else:
                session.play(decide(s.legal_actions(), steps))
            g.render_text(session.state, lang)  # what the player reads at each step
    assert asked


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_room_is_named_before_the_start_room_is_drawn(lang: str) -> None:
    """JongRogue's first draw is the start room (§6.2): the view names no room until it is drawn."""
    session = Session("jongrogue", seed=1, physical_dice=True)
    s = session.state
    assert s.phase.name == "start_room"  # type: ignore[attr-defined]
    text = load("jongrogue").render_text(s, lang)
    assert message("jr.view.pos.room", lang, room=1) not in text and message("jr.view.pos.none", lang) in text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_physical_refusals_are_sentences(lang: str) -> None:
    """Issue 20 item 6: a crew roll is asked for in a few lines, a wrong roll or card name is
    refused with a sentence, and no error lists more than a handful of choices."""
    from solotable.core.i18n import explain
    from solotable.core.protocol import IllegalAction
    from solotable.ui.cli import choices_text

    s = Session("deepspace-d6", seed=1, physical_dice=True)
    rng = random.Random(1)
    with pytest.raises(IllegalAction) as err:
        s.parse("9 9")  # the first draw is a card
    assert len(explain(err.value, lang)) < 300
    while not (s.waiting_for_chance and s.state.phase.name == "roll"):  # type: ignore[attr-defined]
        s.play(s.state.chance_table().sample(rng) if s.waiting_for_chance else s.state.legal_actions()[0])
    asked = choices_text(s.game, s.state, list(s.state.chance_table().actions), lang, chance=True)
    assert len(asked.splitlines()) <= 4 and not re.search(r"roll:\d", asked)
    for bad in ("9 9", "1 2 3", "roll:1,1,1,1,1,1,1", "commander"):
        with pytest.raises(IllegalAction) as err:
            s.parse(bad)
        text = explain(err.value, lang)
        assert not re.search(r"roll:\d", text.replace(bad, "")) and len(text) < 300
    g = load("minirogue-v1")
    st = g.new_state(seed=1)
    with pytest.raises(IllegalAction) as err:
        st.apply(Action("nonsense"))
    assert explain(err.value, lang).count(",") <= 6


@pytest.mark.parametrize(("lang", "word"), [("en", "at random"), ("ja", "ランダム")])
def test_co_op_first_leader_says_how_the_table_decides(lang: str, word: str) -> None:
    """Issue 20 item 10: "first leader: player 1 / player 2" said nothing of how a table decides."""
    session = Session("minirogue", seed=1, options={"character": "rogue", "partner": "mage"}, physical_dice=True)
    assert session.waiting_for_chance and session.state.phase.name == "leader_roll"  # type: ignore[attr-defined]
    assert word in load("minirogue").render_text(session.state, lang)


CARD_OR_TILE_CODE = re.compile(r"\[(draw|tile|lab|card):|\[([ei]\d+|dp|[mps][1-9])\]|\b(draw|tile|lab):\S")
"""A card's or tile's code where a player reads the outcomes (``[draw:e18]``, ``tile:p5``)."""


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", ["deepspace-d6", "jongrogue"])
def test_cards_and_tiles_are_shown_and_read_by_name(game: str, lang: str) -> None:
    """Issue 20 item 10: the physical mode's example and list showed codes (``e18``, ``p5``,
    ``[draw:e18]``); a threat card is typed by its printed name (with its activation values where
    two cards share it: ``Raiders 4 6``), a tile as printed (``5筒`` / ``circles 5``), in either
    language, and the game reads the name back."""
    from solotable.ui.cli import choices_text
    from solotable.ui.present import example_outcome, typed_example

    session = Session(game, seed=3, physical_dice=True)
    rng = random.Random(3)
    kinds: set[str] = set()
    for _ in range(60):
        state = session.state
        if state.is_terminal():
            break
        if session.waiting_for_chance:
            actions = list(state.chance_table().actions)
            kind = actions[0].name
            if kind in ("draw", "tile", "lab") and kind not in kinds:
                kinds.add(kind)
                listed = choices_text(session.game, state, actions, lang, chance=True)
                assert not CARD_OR_TILE_CODE.search(listed), listed
                for action in actions:
                    typed = typed_example(session.game, state, action, lang)
                    assert session.game.parse_action(state, typed) == action
                    assert typed != str(action) and ":" not in typed, typed
                example = typed_example(session.game, state, example_outcome(actions), lang)
                assert not re.fullmatch(r"[ei]\d+|dp|[mps][1-9]|[TNSPR]", example), example
            session.play(state.chance_table().sample(rng))
        else:
            session.play(rng.choice(state.legal_actions()))
    assert kinds == ({"draw"} if game == "deepspace-d6" else {"tile", "lab"})


SAID_TWICE = re.compile(r"(?:^|[ :：])(?P<name>[^ :：\[\]][^\[\]]*)   \[(?P=name)\]$", re.M)
"""An outcome whose label already ends with what is typed for it, shown again in brackets
(``牌 1萬   [1萬]``, ``Card turned up: Rat   [Rat]``)."""


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", ["minirogue-v1", "minirogue", "deepspace-d6", "jongrogue"])
def test_an_outcome_is_named_once(game: str, lang: str) -> None:
    """Issue 20: JongRogue's outcome list in physical mode repeated the tile (``牌 1萬   [1萬]``);
    the typed name is shown beside the label only when the label does not already end with it, in
    line mode and the full screen alike (both through ``outcome_labelled``), for every game."""
    from solotable.ui.cli import choices_text
    from solotable.ui.present import outcome_labelled, typed_example

    session = Session(game, seed=3, physical_dice=True)
    rng = random.Random(3)
    seen = 0
    for _ in range(200):
        state = session.state
        if state.is_terminal():
            break
        if session.waiting_for_chance:
            actions = list(state.chance_table().actions)
            if len(actions) <= 40:
                listed = choices_text(session.game, state, actions, lang, chance=True)
                assert not SAID_TWICE.search(listed), listed
                for action in actions:
                    label = session.game.describe(state, action, lang)
                    typed = typed_example(session.game, state, action, lang)
                    shown = outcome_labelled(label, typed)
                    assert typed in shown  # what to type is always there
                    seen += shown == label != typed
            session.play(state.chance_table().sample(rng))
        else:
            session.play(rng.choice(state.legal_actions()))
    # some outcome is named by its label alone (JongRogue's English tiles are typed otherwise:
    # "Tile 1萬   [characters 1]")
    assert bool(seen) == ((game, lang) != ("jongrogue", "en"))
