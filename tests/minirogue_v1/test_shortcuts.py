"""The speed shortcuts of the rules agree with what they stand for, over random games and the
heuristic's games played to the end (wins included, where random play never goes): whether a
feat is open (``feats_open``) with the feats' list, an attack roll read once per outcome with the
outcome's faces, and the Merchant's wares on sale to a purse with the wares' prices (R30)."""

from __future__ import annotations

import random
from typing import Any

import solotable
from solotable.agents.walk import decision_states
from solotable.core.chance import dice_table
from solotable.core.protocol import CHANCE
from solotable.games.minirogue_v1.data import data
from solotable.games.minirogue_v1.rules import combat, rooms
from solotable.games.minirogue_v1.state import HIT, MISS, OPEN

G = solotable.load("minirogue-v1")


def test_feats_open_is_whether_any_feat_is_offered() -> None:
    rng = random.Random(7)
    seen = {True: 0, False: 0}
    for seed in range(60):
        s: Any = G.new_state(seed=seed)
        while s.to_move is not None:
            if s.dice:
                open_now = combat.feats_open(s)
                assert open_now == bool(combat.feat_actions(s))
                seen[open_now] += 1
            if s.to_move == CHANCE:
                s.apply(s.chance_table().sample(rng))
            else:
                s.apply(rng.choice(s.legal_actions()))
    assert seen[True] and seen[False]


def test_feats_open_holds_through_the_heuristics_games_to_the_end() -> None:
    wins = 0
    for seed in range(30):
        s: Any = None
        for s in decision_states("minirogue-v1", "heuristic", seed):
            if s.dice:
                assert combat.feats_open(s) == bool(combat.feat_actions(s))
        wins += bool(s.won)  # the walk plays on the state it yields: it ends over
    assert wins  # the last area's boss beaten: the late game was reached


def test_an_attack_roll_reads_its_faces_and_statuses() -> None:
    for n in range(1, 5):
        for outcome in dice_table(n, "roll").actions:
            faces, statuses, feats, text = combat._read_roll(outcome)
            assert faces == tuple(int(f) for f in outcome.args)
            assert text == "".join(str(f) for f in faces)  # as the roll's event writes it ("256")
            assert statuses == tuple(MISS if f == 1 else OPEN if f == 6 else HIT for f in faces)  # §6.2 A2
            assert feats == (False,) * n
            assert combat._read_roll(outcome) is combat._read_roll(outcome)  # read once


def test_wares_on_sale_follow_the_purse() -> None:  # R30
    d = data()
    for gold in range(0, 25):
        s: Any = G.new_state(seed=0)
        s.gold = gold
        on_sale = [a for a in rooms._merchant_legal(s) if a.name == "buy"]
        assert [str(a.args[0]) for a in on_sale] == [n for n, w in d.wares.items() if gold >= w.price]
