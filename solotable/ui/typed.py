"""Reading a number a player types as a choice (full-width digits too), shared by the line player
and the full-screen interface's dialogs: which choice it picks, or why it picks none."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from solotable.core.protocol import Action, Game, State
from solotable.core.untrusted import clip
from solotable.ui.present import msg

MAX_NUMBER_DIGITS = 9
"""The longest number read as a choice or a step (longer ones are no choice: Python would not
even turn 5,000 digits into a number)."""


def typed_choice(text: str) -> int | None:
    """A number typed to pick a choice or a step (full-width digits too), or ``None`` when
    ``text`` is not one or is too long to be one."""
    folded = unicodedata.normalize("NFKC", text).strip()
    if not folded.isdecimal() or len(folded) > MAX_NUMBER_DIGITS:
        return None
    return int(folded)


def typed_number(game: Game, state: State, text: str, choices: Sequence[Action]) -> Action | str:
    """What a number typed as a choice means: the choice with that number (or the action the
    game reads in it, when there is no such choice). When the game reads the same text as another
    action (two dice typed together: ``11`` for 1 and 1, while choice 11 is another roll) nothing
    is guessed: the message id ``"cli.ambiguous"`` is returned, or ``"cli.bad_number"`` for a
    number that means nothing; :func:`typed_number_message` says it in words."""
    number = typed_choice(text)  # None for a number too long to be a choice (5,000 digits)
    listed = choices[number - 1] if number is not None and 1 <= number <= len(choices) else None
    try:
        read = game.parse_action(state, text)
    except ValueError:  # IllegalAction, or a game's OptionError: not a notation here
        read = None
    if read is not None and listed is not None and read != listed:
        return "cli.ambiguous"
    if listed is None:
        return read if read is not None else "cli.bad_number"
    return listed


def typed_number_message(game: Game, state: State, text: str, choices: Sequence[Action], lang: str) -> str:
    """The message for a number :func:`typed_number` could not take."""
    number = typed_choice(text)
    if number is not None and 1 <= number <= len(choices):
        read = game.parse_action(state, text)
        return msg("cli.ambiguous", lang, text=text.strip(), number=number, listed=str(choices[number - 1]),
                   read=str(read))  # fmt: skip
    return msg("cli.bad_number", lang, number=clip(text.strip(), 20), count=len(choices))
