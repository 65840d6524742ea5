"""The rows of :class:`solotable.rl.table.Table`: a mask row written straight from the legal actions'
catalogue indices is the row kept by list, and the catalogue's own reading of the legal actions."""

from __future__ import annotations

from itertools import chain

import numpy as np
import pytest

from solotable.agents.walk import decision_states
from solotable.rl.catalogue import catalogue, legal_indices
from solotable.rl.encode import size
from solotable.rl.table import TRIAL, Table, _Rows

from .helpers import SETUPS, random_states


def _table(game_id: str, options: dict[str, object], direct: bool) -> Table:
    table = Table(game_id, options, np.zeros(size(game_id), dtype=np.float32),
                  np.zeros(len(catalogue(game_id)), dtype=np.int8))
    rows = table._rows = _Rows()  # a fresh record of its own, set to one way of writing rows
    rows.direct = direct
    rows.met = TRIAL  # (counted out: it keeps that way)
    return table


@pytest.mark.parametrize(("game_id", "options"), SETUPS)
def test_rows_written_directly_are_the_rows_kept_by_list(game_id: str, options: dict[str, object]) -> None:
    """Over random play's positions and the heuristic's games played to their end (random play
    dies early: the later floors' and rounds' choices come from the bot)."""
    direct = _table(game_id, options, True)
    kept = _table(game_id, options, False)
    bot_games = (decision_states(game_id, "heuristic", seed, options=options) for seed in (1, 2))
    for state in chain(random_states(game_id, options, 600, seed=3), *bot_games):
        for table in (direct, kept):
            table.state = state
            table.fill()
        by_index, outside = legal_indices(game_id, state)
        expected = np.zeros(len(catalogue(game_id)), dtype=np.int8)
        expected[list(by_index)] = 1
        assert direct.mask.tobytes() == kept.mask.tobytes() == expected.tobytes()
        assert direct.legal == kept.legal == by_index
        assert direct.outside == kept.outside == len(outside)


@pytest.mark.parametrize(("game_id", "direct"), [("minirogue-v1", False), ("minirogue", False),
                                                 ("deepspace-d6", True), ("jongrogue", True)])
def test_a_game_of_mostly_new_lists_writes_its_rows_directly(game_id: str, direct: bool) -> None:
    options = dict(next(o for g, o in SETUPS if g == game_id))
    table = _table(game_id, options, False)
    rows = table._rows = _Rows()
    for n, state in enumerate(random_states(game_id, options, TRIAL, seed=4)):
        table.state = state
        table.fill()
        assert rows.direct is (direct and n == TRIAL - 1)
    assert rows.met == TRIAL
    assert (len(table._masks) == 0) is direct  # the rows kept are dropped once nothing reads them
