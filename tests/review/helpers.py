"""Games to review: records of the heuristic policy's play, made on the spot from a seed."""

from __future__ import annotations

from solotable.agents.review import heuristic_record
from solotable.core.record import Record


def played(game_id: str, seed: int, limit: int | None = None, **options: object) -> Record:
    """A record of the game's heuristic playing ``game_id`` from ``seed`` (its first ``limit``
    steps only, if given: an unfinished game)."""
    return heuristic_record(game_id, seed, limit=limit, **options)
