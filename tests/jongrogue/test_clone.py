"""A clone shares the rooms' tiles with its original until one of them changes a room
(copy-on-write, ``JongRogueState.room_slots``): neither may ever see the other's changes.

The face-down draws of JR-P1 change rooms too: a face-down tile drawn as it is turned up
(``REVEAL``) or as the floor's tiles go to the discard pile (``DISCARD_UP``) is replaced in its
room, and a restack marks the face-down tiles with the pool they are drawn from (``held``)."""

from __future__ import annotations

import random
from collections import Counter

import solotable
from solotable.core.protocol import CHANCE
from solotable.games.jongrogue.rules.pile import DISCARD_UP, REVEAL
from solotable.games.jongrogue.state import DOWN, FACE_DOWN, K_DOWN, JongRogueState


def dump(s: JongRogueState) -> list[object]:
    """Every tile of the map with every field (the observation hides face-down tiles)."""
    rooms = [[(x.tile, x.kind, x.up, x.monster, x.hp, x.flags, x.counter) for x in room] for room in s.slots]
    p = s.pmon
    return [rooms, None if p is None else (p.tile, p.kind, p.up, p.monster, p.hp, p.flags, p.counter)]


def advance(s: JongRogueState, rng: random.Random, steps: int, seen: Counter[str]) -> None:
    """Random play, never the forced end (it would end most games on the first floor, before any
    floor's end); ``seen`` counts the draws by what they are for, and the restacks that leave
    face-down tiles to a pool of their own."""
    for _ in range(steps):
        if s.to_move is None:
            return
        if s.to_move == CHANCE:
            seen[s.phase.name] += 1
            held = len(s.held)
            s.apply(s.chance_table().sample(rng))
            if len(s.held) > held:
                seen["held"] += 1
        else:
            legal = s.legal_actions()
            s.apply(rng.choice([a for a in legal if a.name != "forced-end"] or legal))


def test_clones_and_originals_never_see_each_others_tiles_change() -> None:
    game = solotable.load("jongrogue")
    seen_twin: Counter[str] = Counter()
    seen_original: Counter[str] = Counter()
    apart: Counter[str] = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        s = game.new_state(seed=seed)
        assert isinstance(s, JongRogueState)
        while s.to_move is not None:
            if s.phase is REVEAL or s.phase is DISCARD_UP:
                # a face-down tile drawn differently on each side: each keeps its own
                r, k = s.stack[-1][1][:2]  # the pending draw's room and slot (pile._turned)
                assert s.slots[r][k].kind == K_DOWN
                table = s.chance_table()
                if len(table.actions) > 1:
                    twin = s.clone()
                    phase = s.phase
                    seen_original[phase.name] += 1
                    s.apply(table.actions[0])
                    mine = dump(s)
                    twin.apply(table.actions[1])
                    assert dump(s) == mine
                    # each side holds its own tile (unless the floor ended and the next one is dealt)
                    if all(len(x.slots[r]) > k and x.slots[r][k].kind != K_DOWN for x in (s, twin)):
                        assert s.slots[r][k].tile != twin.slots[r][k].tile
                        apart[phase.name] += 1
                    continue
            twin = s.clone()
            before = dump(s)
            advance(twin, random.Random(rng.random()), 25, seen_twin)  # the clone plays on ...
            assert dump(s) == before  # ... and the original's tiles are as they were
            kept = dump(twin)
            advance(s, rng, 1, seen_original)  # the original plays on, the clone stays
            assert dump(twin) == kept
    # both sides played through the face-down draws and the floors' ends
    for seen in (seen_twin, seen_original):
        assert seen[REVEAL.name] and seen[DISCARD_UP.name] and seen["held"], seen
    assert apart[REVEAL.name] and apart[DISCARD_UP.name], apart
    # the one face-down tile every room shares was never changed in place (restacks included)
    assert (FACE_DOWN.tile, FACE_DOWN.kind, FACE_DOWN.up, FACE_DOWN.monster, FACE_DOWN.hp, FACE_DOWN.flags,
            FACE_DOWN.counter) == (0, K_DOWN, DOWN, None, 0, 0, 0)
