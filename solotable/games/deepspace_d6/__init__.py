"""Deep Space D-6, print-and-play edition (USS Crypsis): game id ``deepspace-d6``.

The state is :mod:`.state`, the rules :mod:`.rules` (one module per chapter of the rulebook), the
card data ``cards.toml`` (:mod:`.data`), what a player sees :mod:`.observation`, :mod:`.view` and :mod:`.info`.
Rulings R… are the game's rules reference's; DS-P… the project's (docs/rulings.md).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cached_property
from typing import ClassVar

from solotable.core.i18n import Catalogue, register_catalogue
from solotable.core.protocol import (
    Action,
    BotHooks,
    Event,
    Game,
    IllegalAction,
    InfoEntry,
    Option,
    OptionError,
    State,
)
from solotable.core.registry import register

from .actions import INST_NAMES, INST_OF
from .data import FACES, Card, data
from .info import info_entries
from .notation import FACE_WORDS, faces, find, normal
from .rules.crew import REROLL, ROLL
from .rules.threats import DRAW, THREAT
from .state import CARDS, GAME_ID, PLACE_NAMES, ST_COM, ST_ENG, STATION_NAMES, DeepSpaceState
from .view import card_messages, message_list, render_text
from .words import counted

D = data()

NAMES_SHOWN = 5
"""A refusal names the cards left when they are this few; more are counted, with two examples."""


class DeepSpaceD6(Game):
    id = GAME_ID
    prefix = "ds6"
    rules_version = D.meta.rules_version
    titles: ClassVar[dict[str, str]] = {
        "en": "Deep Space D-6 (print-and-play, USS Crypsis)",
        "ja": "ディープスペース・D-6（プリント＆プレイ版 USS Crypsis）",
    }
    option_words: ClassVar[Mapping[str, str]] = {"difficulty": "ds6.difficulty.", "length": "ds6.length."}
    option_specs = (
        Option("difficulty", tuple(D.difficulty.dont_panic), "beginner", record="difficulty"),  # §2.2, DS-P3
        Option("dont_panic", ("preset", "0", "1", "2", "3", "4", "5", "6"), "preset"),  # DS-P3
        Option("length", tuple(D.length.removed), "full", record="variant"),  # §2.3
    )
    sim_histogram: ClassVar[str | None] = "deck_left"
    sim_means: ClassVar[tuple[str, ...]] = ("rounds", "hull", "destroyed", "deck_left")

    def new_state(self, seed: int | None = None, **options: object) -> DeepSpaceState:
        opts = self.validate_options(options)
        difficulty = str(opts["difficulty"])
        dp = str(opts["dont_panic"])
        count = D.difficulty.dont_panic[difficulty] if dp == "preset" else int(dp)  # DS-P3: 0-6 overrides
        if not 0 <= count <= D.dont_panic.copies:
            raise OptionError("core.err.option_value", option="dont_panic", value=dp, valid="preset, 0-6")
        return DeepSpaceState(self, seed, difficulty, count, str(opts["length"]))

    # -- notation -------------------------------------------------------------------------

    def normalize_notation(self, state: State, text: str) -> str:
        """Loose typing: a roll as ``1 3 3 5 6 2`` or face names (en/ja) in any order, the threat
        die as ``4``, a card by its id or its name in either language (:mod:`.notation`), spaces for
        commas."""
        raw = normal(text)
        raw = re.sub(r"threat\s+detected!?", "threat", raw)  # the face's full name is two words
        if not isinstance(state, DeepSpaceState):
            return raw
        if state.is_chance():
            head, _, rest = raw.partition(":")
            body = rest if rest and head in ("roll", "threat", "draw") else raw
            if state.phase in (ROLL, REROLL):
                return "roll:" + ",".join(sorted(str(f + 1) for f in faces(body)))
            if state.phase is THREAT:
                digits = re.findall(r"[1-6]", body)
                return "threat:" + digits[0] if len(digits) == 1 else raw
            if state.phase is DRAW:
                found = self._drawable(state, body)
                return "draw:" + found[0].id if len(found) == 1 else raw
            return raw
        named = self._named_threat(state, raw)
        if named is not None:
            return named
        raw = re.sub(r"\s*[,\s]\s*", ",", raw)
        raw = raw.replace(",", ":", 1) if ":" not in raw and "," in raw else raw
        if ":" in raw:  # face words in decisions: change:tactical,science
            head, body = raw.split(":", 1)
            parts = [FACES[FACE_WORDS[p]] if p in FACE_WORDS and not p.isdigit() else p for p in body.split(",")]
            raw = head + ":" + ",".join(parts)
        return raw

    def parse_action(self, state: State, text: str) -> Action:
        """As :meth:`Game.parse_action`; a card typed by a name that fits no card that can be
        drawn, or several, gets an error saying which cards could be meant."""
        try:
            return super().parse_action(state, text)
        except IllegalAction as exc:
            if isinstance(state, DeepSpaceState) and state.phase in (ROLL, REROLL) and exc.key != "core.err.too_long":
                n = len(state.chance_table().actions[0].args)  # a crew roll: a sentence, not 462 codes
                example = " ".join("133562"[i % 6] for i in range(n))
                raise IllegalAction("ds6.err.crew_roll", text=text.strip()[:40], n=n, example=example) from None
            if not isinstance(state, DeepSpaceState) or state.phase is not DRAW or exc.key == "core.err.too_long":
                raise  # a line the core refused as too long is not read as a card name either
            body = normal(text).removeprefix("draw:").strip()
            found = self._drawable(state, body)
            if len(found) > 1:
                names = [self._drawn(state, c.id) for c in found]
                raise IllegalAction("ds6.err.which_card", text=text.strip(), cards=message_list(names)) from None
            unseen = list(dict.fromkeys(f"@ds6.card.{c.id}" for c in CARDS if state.unseen[c.index]))
            unseen = list({self.catalogue.text(k[1:], "en"): k for k in unseen}.values())  # one per name
            if len(unseen) > NAMES_SHOWN:  # a sentence, not the whole deck: two names and a count
                raise IllegalAction("ds6.err.no_card_many", text=text.strip(), a=unseen[0], b=unseen[1],
                                    n=len(unseen)) from None  # fmt: skip
            raise IllegalAction("ds6.err.no_card", text=text.strip(), cards=message_list(unseen)) from None

    def typed_outcome(self, state: State, action: Action, lang: str = "en") -> str | None:
        """A threat card drawn as a player names it, in ``lang``: its printed name, with its
        activation values when another card not seen yet has that name (``Raiders 4 6``), and its
        damage when those are shared too (``Bomber 2 4 -1``): the first that :meth:`parse_action`
        reads back as this card."""
        if action.name != "draw" or not isinstance(state, DeepSpaceState):
            return None
        card = D.by_id.get(str(action.args[0]))
        if card is None:
            return None
        name = self.catalogue.text(f"ds6.card.{card.id}", lang)
        values = " ".join(str(v) for v in card.activation)
        for typed in (name, f"{name} {values}", f"{name} {values} -{card.damage}"):
            if self._drawable(state, typed) == [card]:
                return typed
        return None

    def _drawable(self, state: DeepSpaceState, body: str) -> list[Card]:
        """The cards not seen yet that ``body`` names (an id, or a name: :func:`.notation.find`)."""
        body = body.strip()
        if body in D.by_id:
            return [D.by_id[body]] if state.unseen[D.by_id[body].index] else []
        unseen = [c for c in CARDS if state.unseen[c.index]]
        return find(body, unseen, lambda c: c, self._names)

    def _names(self, card: Card) -> list[str]:
        return list(self.catalogue.messages[f"ds6.card.{card.id}"].values())

    def _named_threat(self, state: DeepSpaceState, raw: str) -> str | None:
        """``hit raiders 46``, ``stasis bomber``, ``mission invaders tac``, ``hit raiders 2nd``:
        the threat in play named loosely, when exactly one fits (an id is read as it is)."""
        m = re.match(r"^(hit|stasis|mission)\s*[:\s]\s*(.+)$", raw)
        if m is None:
            return None
        head, body = m.group(1), m.group(2).strip()
        face = ""
        if head == "mission":
            tokens = re.split(r"[\s,]+", body)
            if len(tokens) < 2 or tokens[-1] not in FACE_WORDS or tokens[-1].isdigit():
                return None
            face, body = FACES[FACE_WORDS[tokens[-1]]], " ".join(tokens[:-1])
        if re.sub(r"[\s,]+", "", body) in INST_OF:
            return None  # an id: the plain notation
        copy = None  # "2nd" (or "1st"): the copies of a card printed twice, as they are named
        ordinal = re.search(r"(?<![a-z0-9])(1st|first|2nd|second)(?![a-z])|([12])枚目", body)
        if ordinal is not None:
            copy = 1 if ordinal.group(1) in ("2nd", "second") or ordinal.group(2) == "2" else 0
            body = body[: ordinal.start()] + " " + body[ordinal.end() :]
        named = {str(a.args[0]) for a in state.legal_actions() if a.name == head}
        in_play = [t for t in state.threats if t.name in named and (copy is None or t.key % 2 == copy)]
        found = find(body, in_play, lambda t: t.card, self._names)
        if len(found) > 1 and len({(t.card.id, t.health, t.stasis) for t in found}) == 1:
            found = found[:1]  # DS-P7: copies alike in every way: either is the same choice, the first
        if len(found) != 1:
            return None
        return f"{head}:{found[0].name}" + (f",{face}" if face else "")

    # -- words for people -------------------------------------------------------------------

    @cached_property
    def catalogue(self) -> Catalogue:
        """The game's messages, and a name and a reference with its card's text for every
        threat (``ds6.name.e18b``, ``ds6.threat.e18b``), built from them."""
        base = Catalogue.from_package((self._package(), "messages.toml"))
        return base.merged(Catalogue(card_messages(base)))

    def event_text(self, event: Event, lang: str = "en") -> str:
        faces = event.params.get("faces")
        if isinstance(faces, str):  # crew faces as codes (words.faces_param): in words
            t = self.catalogue.text
            words = t("ds6.sep.list", lang).join(t(f"ds6.face.{f}", lang) for f in faces.split(","))
            return t(event.key, lang, **{**event.params, "faces": words})
        return self.catalogue.render(event, lang)

    def describe(self, state: State, action: Action, lang: str = "en") -> str:
        t = self.catalogue.text
        name = action.name
        args = action.args
        if name == "roll":
            faces = t("ds6.sep.list", lang).join(t(f"ds6.face.{FACES[int(a) - 1]}", lang) for a in args)
            return t("ds6.act.roll", lang, dice=faces)
        if name == "threat":
            return t("ds6.act.threat", lang, face=args[0])
        if name == "draw":
            return t("ds6.act.draw", lang, card=self._drawn(state, str(args[0])))
        if name == "change":
            return t("ds6.act.change", lang, old=f"@ds6.face.{args[0]}", new=f"@ds6.face.{args[1]}")
        if name in ("fire", "repair"):
            n = int(args[0])
            return t(counted(f"ds6.act.{name}", n), lang, dice=n, amount=2 * n - 1)
        if name == "hit":
            inst = str(args[0])
            threat = state.threat(INST_OF[inst]) if isinstance(state, DeepSpaceState) and inst in INST_OF else None
            if threat is not None:
                card = threat.card
                return t("ds6.act.hit", lang, card=f"@ds6.threat.{inst}", health=threat.health, max=card.health)
        if name in ("hit", "stasis", "mission") and f"ds6.threat.{args[0]}" in self.catalogue:
            face = f"@ds6.face.{args[1]}" if len(args) > 1 else ""
            return t(f"ds6.act.{name}", lang, card=f"@ds6.threat.{args[0]}", face=face)
        if name in ("send", "distract", "recall"):
            d = int(args[0])
            where = ""
            if isinstance(state, DeepSpaceState):
                where = self._die_label(state, d - 1, lang)
            return t(f"ds6.act.{name}", lang, die=d, where=where)
        if f"ds6.act.{name}" in self.catalogue:
            return t(f"ds6.act.{name}", lang)
        return str(action)

    def _drawn(self, state: State, card_id: str) -> str:
        """The message id of a card about to be drawn, with the copy it would be (2nd ...)."""
        card = D.by_id.get(card_id)
        if card is None:
            return card_id
        copy = 0
        if isinstance(state, DeepSpaceState) and card is not D.dont_panic:
            copy = max(0, min(1, card.copies - state.unseen[card.index]))
        return f"@ds6.threat.{INST_NAMES[2 * card.index + copy]}"

    def _die_label(self, state: DeepSpaceState, d: int, lang: str) -> str:
        die = state.dice[d]
        where = die.where
        t = self.catalogue.text
        if ST_COM <= where <= ST_ENG:
            place = t(f"ds6.station.{STATION_NAMES[where - ST_COM]}", lang)
        else:
            place = t(f"ds6.where.{PLACE_NAMES[where]}", lang)
        if die.on >= 0:
            place = t("ds6.view.on_card", lang, place=place, card=f"@ds6.name.{INST_NAMES[die.on]}")
        face = t(f"ds6.face.{FACES[die.face]}", lang) if die.face >= 0 else t("ds6.face.none", lang)
        return t("ds6.view.die_at", lang, face=face, place=place)

    def info_entries(self, state: State, lang: str = "en") -> list[InfoEntry]:
        assert isinstance(state, DeepSpaceState)
        return info_entries(state, self.catalogue, lang)

    def render_text(self, state: State, lang: str = "en") -> str:
        assert isinstance(state, DeepSpaceState)
        return render_text(state, self.catalogue, lang)

    def bot_hooks(self) -> BotHooks[DeepSpaceState]:
        from . import heuristic as h  # imported on first use: playing needs no bot

        return BotHooks(
            heuristic=h.make_agent, evaluate=h.evaluate, progress=h.progress, stage=h.stage,
            horizon=h.SEARCH_HORIZON,
        )


GAME = register(DeepSpaceD6())
register_catalogue(GAME.catalogue)

__all__ = ["GAME", "DeepSpaceD6", "DeepSpaceState"]
