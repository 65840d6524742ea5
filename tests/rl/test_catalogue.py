"""The fixed action catalogues: complete, without repeats, and as docs/rl.md lists them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solotable.rl.catalogue import GAME_IDS, catalogue, index

from .helpers import SETUPS, random_states

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize(("game_id", "options"), SETUPS)
def test_every_legal_action_of_random_games_is_in_the_catalogue(game_id: str, options: dict[str, object]) -> None:
    idx = index(game_id)
    missing: set[str] = set()
    seen: set[str] = set()
    for state in random_states(game_id, options, 3000):
        for a in state.legal_actions():
            (seen if str(a) in idx else missing).add(str(a))
    assert not missing, f"{game_id}: legal actions outside the catalogue: {sorted(missing)}"
    assert len(seen) > 20  # the games got far enough to offer a real variety of decisions


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
    with pytest.raises(ValueError, match="no action catalogue"):
        catalogue("chess")
