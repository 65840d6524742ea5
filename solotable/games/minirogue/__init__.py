"""Mini Rogue, 2020 retail edition as on Board Game Arena: game id ``minirogue``.

Rules: the rules reference's decisions D1-D35 and the project's rulings MR-P1... in
docs/rulings.md. One player, or two co-operative players (seat 0 plays ``--character``, seat 1
``--partner``). The package: ``data.py`` (cards.toml as typed models), ``state.py``, ``rules/``
(one module per chapter), ``observation.py``, ``view.py`` (words and listings), ``heuristic.py``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar

from solotable.core.i18n import register_catalogue
from solotable.core.protocol import Action, BotHooks, Event, Game, IllegalAction, InfoEntry, Option, OptionError, State
from solotable.core.registry import register
from solotable.core.untrusted import SourceText, shorten

from .data import CHARACTERS, DIFFICULTIES, CardsError, check_json, check_text, data
from .info import info_entries
from .notation import read_card, read_roll, roll_shape
from .rules import CHECK_ROLL, CRIT_ROLL, FEAT_ROLL, LEADER, ROLL
from .state import GAME_ID, MiniRogueState
from .view import provisional_listing, render_text
from .words import describe, event_words


class MiniRogue(Game):
    id = GAME_ID
    prefix = "mr"
    rules_version = data().rules_version
    titles: ClassVar[dict[str, str]] = {
        "en": "Mini Rogue (2020 edition, as on Board Game Arena)",
        "ja": "ミニローグ（2020年版・BGA準拠）",
    }
    players: ClassVar[tuple[int, int]] = (1, 2)
    option_words: ClassVar[Mapping[str, str]] = {
        "difficulty": "mr.difficulty.",
        "character": "mr.char.",
        "partner": "mr.char.",
    }
    option_specs = (
        Option("character", CHARACTERS, "rogue", record="character"),
        Option("partner", ("none", *CHARACTERS), "none", record="character"),
        Option("difficulty", DIFFICULTIES, "normal", record="difficulty"),
        Option("cards", (), "", file=True),  # a TOML file of card corrections, read by the interface (MR-P2)
        Option("cards_data", (), ""),  # the corrections' content, as records keep it (MR-P2)
    )
    sim_histogram: ClassVar[str | None] = "area"
    sim_means: ClassVar[tuple[str, ...]] = ("area", "bosses", "xp", "hp", "xp2", "hp2")  # MR-P9: both characters
    rules_listings: ClassVar[tuple[str, ...]] = ("provisional",)

    def new_state(self, seed: int | None = None, **options: object) -> MiniRogueState:
        opts: dict[str, Any] = dict(self.validate_options(options))
        if opts["partner"] == opts["character"]:  # §2.1: two different characters
            raise OptionError("mr.err.same_character", character=opts["character"])
        overrides = str(opts["cards_data"])
        cards = opts["cards"]
        if cards:
            # the file's content, read by the interface; checked whole before anything applies (MR-P2)
            source = cards.source if isinstance(cards, SourceText) else "cards"
            if not isinstance(cards, SourceText) and "=" not in cards and "[" not in cards:
                raise CardsError("mr.err.cards_name", value=shorten(str(cards).strip()))  # issue 12: a name
            if isinstance(cards, SourceText) and not _has_values(cards):  # only comments or blank lines
                raise CardsError("mr.err.cards_empty", file=source)
            overrides = check_text(str(cards), source)
        elif overrides:
            overrides = check_json(overrides)
        return MiniRogueState(
            self,
            seed,
            data(overrides),
            str(opts["character"]),
            str(opts["partner"]),
            str(opts["difficulty"]),
            overrides,
        )

    # -- notation -------------------------------------------------------------------------

    def normalize_notation(self, state: State, text: str) -> str:
        """Loose typing, for physical dice above all (:mod:`.notation`): a roll as its dice
        (``x 5 6 3 p``), ``1`` or ``x`` for a white ×, a card id in any case, ``leader:2`` or
        ``2`` for the first Leader; spaces for commas in decisions (``feat 2 xp``)."""
        raw = text.strip().lower()
        if not isinstance(state, MiniRogueState) or not state.is_chance():
            raw = re.sub(r"\s*[,\s]\s*", ",", raw)
            return raw.replace(",", ":", 1) if ":" not in raw and "," in raw else raw
        phase = state.phase
        if phase is ROLL or phase is CHECK_ROLL:
            try:
                return read_roll(text, roll_shape(state.chance_table().actions[0]))
            except IllegalAction:
                return raw
        body = (raw.split(":", 1)[1] if ":" in raw else raw).strip()
        if phase is CRIT_ROLL or phase is FEAT_ROLL:
            return "white:" + ("x" if body in ("x", "1") else body)
        if re.fullmatch(r"[1-6]", body):
            return ("leader:" if phase is LEADER else "d6:") + body
        actions = state.chance_table().actions
        if actions[0].name in ("card", "boss"):  # a card by its printed name, in either language
            return read_card(text, actions)
        return raw

    def parse_action(self, state: State, text: str) -> Action:
        """As the protocol's, with a roll that cannot be read refused by saying what a roll is here
        (how many white dice, which extra dice, an example)."""
        if isinstance(state, MiniRogueState) and (state.phase is ROLL or state.phase is CHECK_ROLL):
            wanted = read_roll(text, roll_shape(state.chance_table().actions[0]))
            for action in state.chance_table().actions:
                if str(action) == wanted:
                    return action
        return super().parse_action(state, text)

    # -- words for people -------------------------------------------------------------------

    def describe(self, state: State, action: Action, lang: str = "en") -> str:
        assert isinstance(state, MiniRogueState)
        return describe(self.catalogue, state, action, lang)

    def event_text(self, event: Event, lang: str = "en") -> str:
        return event_words(self.catalogue, event, lang)

    def info_entries(self, state: State, lang: str = "en") -> list[InfoEntry]:
        """Every card in view, its rows and prices, the boss, the foe, the Reward card, the
        potions, the icons, the skills, the XP track (issue 11 item 8)."""
        assert isinstance(state, MiniRogueState)
        return info_entries(self.catalogue, state, lang)

    def render_text(self, state: State, lang: str = "en") -> str:
        assert isinstance(state, MiniRogueState)
        return render_text(state, self.catalogue, lang)

    def rules_listing(self, name: str, lang: str = "en") -> str:
        if name != "provisional":
            raise KeyError(name)
        return provisional_listing(self.catalogue, lang)

    def bot_hooks(self) -> BotHooks[MiniRogueState]:
        from . import heuristic as h  # imported on first use: playing needs no bot

        return BotHooks(heuristic=h.make_agent, stage=h.stage, review_evaluate=h.evaluate,
                        review_horizon=h.REVIEW_HORIZON)


def _has_values(text: str) -> bool:
    """A card file sets something: a line that is not blank and not a comment."""
    return any(line.strip() and not line.strip().startswith("#") for line in text.splitlines())

GAME = register(MiniRogue())
register_catalogue(GAME.catalogue)

__all__ = ["GAME", "MiniRogue", "MiniRogueState"]
