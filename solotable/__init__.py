"""solotable: solo tabletop games on the computer, played exactly as the rulebook says.

>>> import solotable
>>> game = solotable.load("minirogue-v1")
>>> state = game.new_state(seed=1, difficulty="normal")
>>> state.to_move == solotable.CHANCE
True
"""

# ``solotable.games`` is the games package, made callable: ``solotable.games()`` lists the games.
from solotable import games
from solotable.core.protocol import (
    CHANCE,
    Action,
    ChanceTable,
    Event,
    Game,
    IllegalAction,
    Option,
    Result,
    State,
)
from solotable.core.record import Record, RecordError, load_record, parse_record, save_record
from solotable.core.registry import load
from solotable.core.session import Session

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "Action",
    "ChanceTable",
    "Event",
    "Game",
    "IllegalAction",
    "Option",
    "Record",
    "RecordError",
    "Result",
    "Session",
    "State",
    "games",
    "load",
    "load_record",
    "parse_record",
    "save_record",
]
