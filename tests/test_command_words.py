"""No word the interfaces read as a command shadows what a player types to play (issue 11, item 2).

Line mode reads a few words as commands before it asks the game (``quit``, ``undo``, ``save FILE``
...), and a number as the choice with that number. The notations of every game's legal actions
and chance outcomes (typed in physical-dice mode) are collected by random games of each game
under every option value, and none may be a command word; a typed number may not silently play
something other than what the game reads in it. The full-screen interface takes typed text only
in its physical-dice dialog, which reads it as line mode does (numbers included); its other keys
are never typed as text.
"""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass, field
from functools import cache

import pytest

from solotable.core.protocol import Action, State
from solotable.core.registry import game_ids
from solotable.core.registry import load as load_game
from solotable.core.session import Session
from solotable.ui.cli import COMMAND_HEADS, COMMAND_WORDS, LinePlayer, typed_number

GAMES = sorted(g for g in game_ids() if type(load_game(g)).__module__.startswith("solotable.games."))
SEEDS = 20


@dataclass
class Seen:
    notations: set[str] = field(default_factory=set)
    """Every decision and chance outcome met."""
    states: list[tuple[list[str], State]] = field(default_factory=list)
    """Some states met (a copy), with the actions that led there."""


def presets(game_id: str) -> list[dict[str, object]]:
    """The defaults, then each other value of each option with its choices (others default)."""
    game = load_game(game_id)
    out: list[dict[str, object]] = [{}]
    for spec in game.option_specs:
        out.extend({spec.name: value} for value in spec.choices if value != spec.default)
    return out


@cache
def seen(game_id: str) -> Seen:
    game = load_game(game_id)
    found = Seen()
    for options in presets(game_id):
        for seed in range(SEEDS):
            try:
                state = game.new_state(seed=seed, **options)
            except ValueError:  # a combination the game refuses (both co-op seats the same)
                break
            rng = random.Random(seed)
            played: list[str] = []
            while not state.is_terminal():
                choices = list(state.chance_table().actions) if state.is_chance() else state.legal_actions()
                found.notations.update(str(a) for a in choices)
                if len(played) % 7 == 0 and seed < 4:
                    found.states.append((list(played), state.clone()))
                action = choices[rng.randrange(len(choices))]
                state.apply(action)
                played.append(str(action))
    return found


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().lower()


@pytest.mark.parametrize("game_id", GAMES)
def test_no_command_word_is_a_notation(game_id: str) -> None:
    clashes = set()
    for text in seen(game_id).notations:
        folded = _fold(text)
        if folded in COMMAND_WORDS or folded.split(":")[0] in COMMAND_HEADS or folded.split()[0] in COMMAND_HEADS:
            clashes.add(text)
    assert not clashes, f"{game_id}: notations read as commands by line mode: {sorted(clashes)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_reads_no_command_word_as_an_action(game_id: str) -> None:
    # a game's loose spelling (normalize_notation) must not want a command word either
    game = load_game(game_id)
    words = sorted(COMMAND_WORDS | COMMAND_HEADS)
    for played, state in seen(game_id).states[::5]:
        for word in words:
            try:
                action = game.parse_action(state, word)
            except ValueError:
                continue
            raise AssertionError(f"{game_id} reads the command word {word!r} as {action} after {played}")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_typed_number_is_the_listed_choice_or_refused(game_id: str) -> None:
    game = load_game(game_id)
    for played, state in seen(game_id).states[::2]:
        choices: list[Action] = list(state.chance_table().actions) if state.is_chance() else state.legal_actions()
        for number in range(1, min(len(choices), 70) + 1):
            got = typed_number(game, state, str(number), choices)
            try:
                read: Action | None = game.parse_action(state, str(number))
            except ValueError:
                read = None
            if read is None or read == choices[number - 1]:
                assert got == choices[number - 1], (game_id, played, number)
            else:  # the game reads another outcome in it (two dice typed together): never a guess
                assert got == "cli.ambiguous", (game_id, played, number, read)


def _physical_session_at_a_roll_of_two_dice() -> Session:
    """A Mini Rogue v1 game with the player's own dice, at an attack roll of two dice."""
    for seed in range(40):
        session = Session("minirogue-v1", seed=seed, physical_dice=True)
        rng = random.Random(seed)
        while not session.state.is_terminal():
            state = session.state
            choices = list(state.chance_table().actions) if state.is_chance() else state.legal_actions()
            if state.is_chance() and len(choices) > 11 and str(choices[10]) != "roll:1,1":
                return session
            session.play(choices[rng.randrange(len(choices))])
    raise AssertionError("no roll of two dice met")


def test_line_mode_does_not_take_dice_typed_together_for_a_choice_number() -> None:
    session = _physical_session_at_a_roll_of_two_dice()
    listed = str(session.state.chance_table().actions[10])
    said: list[str] = []
    player = LinePlayer(session, "en", input_fn=lambda _: "", output_fn=said.append)
    before = list(session.record.actions)
    player.handle("11")  # dice 1 and 1, or choice 11 (another roll): asked, not guessed
    assert session.record.actions == before
    assert f"'11' could be choice 11 ({listed}) or roll:1,1" in said[-1]
    player.handle("1 1")
    assert session.record.actions == [*before, "roll:1,1"]
