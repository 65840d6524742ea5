"""Mini Rogue, print-and-play v1.2.1 (2016): game id ``minirogue-v1``.

The rules are in ``rules/`` (one module per chapter of the rules reference), the state in
``state.py``, the data in ``cards.toml`` (models in ``data.py``), what a player sees in
``observation.py`` (and as line-mode text in ``view.py``); the project's rulings are in docs/rulings.md.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import ClassVar

from solotable.core.i18n import register_catalogue
from solotable.core.protocol import Action, BotHooks, Event, Game, InfoEntry, Option, State
from solotable.core.registry import register

from .data import data
from .info import chance_label, info_entries
from .observation import Observation
from .rules import ATTACK_ROLL, REVEAL, new_game
from .state import CARD_NAMES, GAME_ID, MiniRogueState
from .view import render_text

D = data()


class MiniRogueV1(Game):
    id = GAME_ID
    prefix = "mr1"
    rules_version = D.rules_version
    titles: ClassVar[dict[str, str]] = {
        "en": "Mini Rogue (print-and-play v1.2.1)",
        "ja": "ミニ・ローグ（プリント＆プレイ版 v1.2.1）",
    }
    option_words: ClassVar[Mapping[str, str]] = {"difficulty": "mr1.difficulty."}
    option_specs = (
        # R36: nightmare is the rules' other name for impossible
        Option("difficulty", D.difficulty_order, "normal", aliases={"nightmare": "impossible"}, record="difficulty"),
        Option("keys", (False, True), False, record="variant"),
    )
    sim_histogram: ClassVar[str | None] = "area"
    sim_means: ClassVar[tuple[str, ...]] = ("area", "level", "rank", "bosses", "score")

    def new_state(self, seed: int | None = None, **options: object) -> MiniRogueState:
        opts = self.validate_options(options)
        return new_game(self, seed, str(opts["difficulty"]), bool(opts["keys"]))

    # -- notation -------------------------------------------------------------------------

    def normalize_notation(self, state: State, text: str) -> str:
        """Accept loose spellings: ``3`` for a die, ``1 5 6`` for a roll in any order, card
        names in either language and order, spaces for commas."""
        raw = text.strip().lower()
        if not isinstance(state, MiniRogueState):
            return raw
        if state.is_chance():
            body = raw.split(":", 1)[1] if ":" in raw else raw
            if state.phase is ATTACK_ROLL:
                faces = re.findall(r"[1-6]", body)
                return "roll:" + ",".join(sorted(faces))
            if state.phase is REVEAL:
                cards = sorted(
                    {self._card_from_word(w) for w in re.split(r"[\s,、，/]+", body) if w},
                    key=lambda c: CARD_NAMES.index(c) if c in CARD_NAMES else 99,
                )
                return "reveal:" + ",".join(cards)
            if re.fullmatch(r"[1-6]", body):
                return "d6:" + body
            return raw
        raw = re.sub(r"\s*[,\s]\s*", ",", raw)
        return raw.replace(",", ":", 1) if ":" not in raw and "," in raw else raw

    def _card_from_word(self, word: str) -> str:
        for card in CARD_NAMES:
            names = self.catalogue.messages.get(f"mr1.card.{card}", {})
            if word == card or word in (n.lower() for n in names.values()):
                return card
        return word

    # -- words for people -------------------------------------------------------------------

    def event_text(self, event: Event, lang: str = "en") -> str:
        dice = event.params.get("dice")
        if isinstance(dice, str):  # the attack dice as their faces (256): a list of the language
            t = self.catalogue.text
            return t(event.key, lang, **{**event.params, "dice": t("mr1.ui.list", lang).join(dice)})
        return self.catalogue.render(event, lang)

    def describe(self, state: State, action: Action, lang: str = "en") -> str:
        t = self.catalogue.text
        args = action.args
        name = action.name
        if name in ("reveal",):
            cards = " + ".join(t(f"mr1.card.{c}", lang) for c in args)
            return t("mr1.act.reveal_1" if len(args) == 1 else "mr1.act.reveal", lang, cards=cards)
        if name == "roll":
            return t("mr1.act.roll", lang, dice=t("mr1.ui.list", lang).join(str(a) for a in args))
        if name == "d6":
            said = chance_label(state, action, self.catalogue, lang) if isinstance(state, MiniRogueState) else None
            return said if said is not None else t("mr1.act.d6", lang, face=args[0])
        if name == "take":
            return t("mr1.act.take", lang, card=f"@mr1.card.{args[0]}")
        if name in ("cast", "discard"):
            return t(f"mr1.act.{name}", lang, spell=f"@mr1.spell.{args[0]}")
        if name in ("buy", "sell"):
            return t(f"mr1.act.{name}", lang, ware=f"@mr1.ware.{args[0]}", price=self._price(name, str(args[0])))
        if name == "rest":
            return t("mr1.act.rest", lang, option=f"@mr1.rest.{args[0]}")
        if name == "crit":
            value = state.dice[int(args[0]) - 1] if isinstance(state, MiniRogueState) and state.dice else 6
            return t("mr1.act.crit", lang, die=args[0], value=value)
        if name == "feat":
            return t("mr1.act.feat", lang, die=args[0], cost=f"@mr1.cost.{args[1]}")
        if name in ("up", "down", "keep") and isinstance(state, MiniRogueState):
            roll = state.event_roll + {"up": 1, "down": -1, "keep": 0}[name]
            return t(f"mr1.act.{name}", lang, face=roll, result=f"@mr1.event.{D.event_results[roll - 1]}")
        if name == "check":
            return t("mr1.act.check", lang, rank=state.rank if isinstance(state, MiniRogueState) else 1)
        return t(f"mr1.act.{name}", lang)

    def _price(self, name: str, what: str) -> int:
        if name == "sell":
            return D.sell_armor if what == "armor" else D.sell_spell
        return D.wares[what].price

    def render_text(self, state: State, lang: str = "en") -> str:
        assert isinstance(state, MiniRogueState)
        return render_text(state, self.catalogue, lang)

    def info_entries(self, state: State, lang: str = "en") -> list[InfoEntry]:
        """Every card and table of the game (the room cards with their tables and prices, the
        spells, combat, the character and dungeon cards, the score sheet), the foe first."""
        assert isinstance(state, MiniRogueState)
        return info_entries(state, self.catalogue, lang)

    def bot_hooks(self) -> BotHooks[MiniRogueState]:
        from . import heuristic as h  # imported on first use: playing needs no bot

        # the review stops its rollouts at the next area and scores them by its fitted evaluation;
        # the search bots keep ``evaluate`` and play to the end (horizon 0)
        return BotHooks(heuristic=h.make_agent, evaluate=h.evaluate, progress=h.progress, stage=h.stage,
                        review_evaluate=h.review_evaluate, review_horizon=h.REVIEW_HORIZON,
                        review_luck_only=h.REVIEW_LUCK_ONLY)


GAME = register(MiniRogueV1())
register_catalogue(GAME.catalogue)

__all__ = ["GAME", "MiniRogueState", "MiniRogueV1", "Observation"]
