"""The fixed action catalogues: complete, without repeats, and as docs/rl.md lists them."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import solotable
from solotable import CHANCE
from solotable.agents.registry import make_agent
from solotable.rl.catalogue import GAME_IDS, catalogue, index, legal_indices

from .helpers import SETUPS, random_states

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize(("game_id", "options"), SETUPS)
def test_every_legal_action_of_random_games_is_in_the_catalogue(game_id: str, options: dict[str, object]) -> None:
    missing: set[str] = set()
    seen: set[int] = set()
    for state in random_states(game_id, options, 3000):
        legal, outside = legal_indices(game_id, state)
        assert len(legal) + len(outside) == len(state.legal_actions())  # no two share an index
        missing.update(str(a) for a in outside)
        seen.update(legal)
    assert not missing, f"{game_id}: legal actions outside the catalogue: {sorted(missing)}"
    assert len(seen) > 20  # the games got far enough to offer a real variety of decisions


def test_jongrogue_slots_are_numbered_by_their_place_in_the_room() -> None:
    """A tile that left the room keeps its slot number in the game; the catalogue counts the
    tiles still listed, so the same index always means "the k-th tile you see"."""
    game = solotable.load("jongrogue")
    bot = make_agent("heuristic", "jongrogue")
    renumbered = 0
    for seed in range(10):
        state = game.new_state(seed=seed, rules="ez-plus")
        rng = random.Random(seed)
        while not state.is_terminal() and renumbered < 5:
            if state.to_move == CHANCE:
                state.apply(state.chance_table().sample(rng))
                continue
            obs = state.observation(0)
            room = obs["position"].get("room")
            legal, _outside = legal_indices("jongrogue", state)
            for i, a in legal.items():
                if a.name in ("attack", "pick") and int(a.args[0]) > 0:
                    k = int(catalogue("jongrogue")[i].split(":")[1])
                    assert obs["map"][room - 1]["slots"][k - 1]["slot"] == a.args[0]
                    renumbered += k != a.args[0]
            state.apply(bot.choose(state, rng))
    assert renumbered >= 5


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_catalogue_has_no_repeats_and_indices_match(game_id: str) -> None:
    cat = catalogue(game_id)
    assert len(set(cat)) == len(cat)
    assert all(index(game_id)[a] == i for i, a in enumerate(cat))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_docs_list_the_catalogue_in_order(game_id: str) -> None:
    """The documented catalogue is the contract: index i always means the same action."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split(f"<!-- catalogue {game_id} -->", 1)[1].split("<!-- end -->", 1)[0]
    listed = re.findall(r"^\| (\d+) \| `([^`]+)` \|", section, re.M)
    assert [(int(i), a) for i, a in listed] == list(enumerate(catalogue(game_id)))


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        catalogue("chess")


def test_jongrogue_heuristic_games_find_every_action_in_the_catalogue() -> None:
    """Random play dies young; the heuristic bot lives long enough to carry more items than the
    carry limits between camps (§7.25), so its games check the item ranges."""
    game = solotable.load("jongrogue")
    bot = make_agent("heuristic", "jongrogue")
    missing: set[str] = set()
    most_items = 0
    for seed in range(3):
        state = game.new_state(seed=seed, rules="ez-plus")
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.to_move == CHANCE:
                state.apply(state.chance_table().sample(rng))
                continue
            _legal, outside = legal_indices("jongrogue", state)
            missing.update(str(a) for a in outside)
            eq = state.observation(0)["equipment"]
            most_items = max(most_items, len(eq["armours"]), len(eq["rings"]), len(eq["weapons"]))
            state.apply(bot.choose(state, rng))
    assert not missing, sorted(missing)
    assert most_items > 4  # past the largest carry limit (4 rings)


def test_rl_names_no_game() -> None:
    """Each game declares its features in its own folder; solotable.rl is generic over the registry."""
    from solotable.core.registry import game_ids

    rl = Path(__file__).resolve().parents[2] / "solotable" / "rl"
    for path in rl.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for game_id in game_ids():
            for spelling in (game_id, game_id.replace("-", "_")):
                assert not re.search(rf"\b{re.escape(spelling)}\b", text), f"{path.name} names {spelling}"


def test_vocabularies_follow_the_games_data() -> None:
    """The room cards, bosses and foes of Mini Rogue 2020's layout are the cards' own."""
    from solotable.games.minirogue.data import data
    from solotable.games.minirogue.names import ROOM_CARDS
    from solotable.rl.encode import layout

    names = layout("minirogue")
    assert [n.split(" = ")[1] for n in names if n.startswith("room (1,1) = ")] == list(ROOM_CARDS)
    assert {n.split(" = ")[1] for n in names if n.startswith("boss = ")} == {*data().bosses, "og"}
    foes = {n.split(" = ")[1] for n in names if n.startswith("combat foe = ")}
    assert {f.name for rows in data().monsters.values() for f in rows} <= foes
