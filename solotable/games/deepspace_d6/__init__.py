"""Deep Space D-6, print-and-play edition (USS Crypsis): game id ``deepspace-d6``.

The state is :mod:`.state`, the rules :mod:`.rules` (one module per chapter of the rulebook), the
card data ``cards.toml`` (:mod:`.data`), what a player sees :mod:`.observation` and :mod:`.view`.
Rulings R… are the game's rules reference's; DS-P… the project's (docs/rulings.md).
"""

from __future__ import annotations

import re
import unicodedata
from typing import ClassVar

from solotable.core.i18n import register_catalogue
from solotable.core.protocol import Action, BotHooks, Game, Option, OptionError, State
from solotable.core.registry import register

from .actions import INST_OF
from .data import FACES, data
from .rules.crew import REROLL, ROLL
from .rules.threats import DRAW, THREAT
from .state import CARDS, PLACE_NAMES, ST_COM, ST_ENG, STATION_NAMES, DeepSpaceState
from .view import render_text

D = data()

# Words a player may type for a face (any case; Japanese as in the glossary §10.3).
FACE_WORDS: dict[str, int] = {}
for _i, _words in enumerate((
    ("1", "com", "c", "commander", "コマンダー", "指揮"),
    ("2", "tac", "t", "tactical", "戦術", "戦術担当"),
    ("3", "med", "m", "medical", "医療", "医療担当"),
    ("4", "sci", "s", "science", "科学", "科学担当"),
    ("5", "eng", "e", "engineering", "技術", "技術担当"),
    ("6", "thr", "x", "threat", "脅威", "脅威発見", "脅威発見！", "threat detected"),
)):  # fmt: skip
    for _w in _words:  # typed text is NFKC-normalized and lower-cased: so are the words
        FACE_WORDS[unicodedata.normalize("NFKC", _w).lower()] = _i


class DeepSpaceD6(Game):
    id = "deepspace-d6"
    prefix = "ds6"
    rules_version = D.meta.rules_version
    titles: ClassVar[dict[str, str]] = {
        "en": "Deep Space D-6 (print-and-play, USS Crypsis)",
        "ja": "ディープスペース・D-6（プリント＆プレイ版 USS Crypsis）",
    }
    option_specs = (
        Option("difficulty", tuple(D.difficulty.dont_panic), "beginner"),  # §2.2, DS-P3
        Option("dont_panic", ("preset", "0", "1", "2", "3", "4", "5", "6"), "preset"),  # DS-P3
        Option("length", tuple(D.length.removed), "full"),  # §2.3
    )
    sim_histogram: ClassVar[str | None] = "deck_left"
    sim_means: ClassVar[tuple[str, ...]] = ("rounds", "hull", "destroyed", "deck_left")

    def new_state(self, seed: int | None = None, **options: object) -> DeepSpaceState:
        opts = self.validate_options(options)
        difficulty = str(opts["difficulty"])
        dp = str(opts["dont_panic"])
        count = D.difficulty.dont_panic[difficulty] if dp == "preset" else int(dp)
        if not 0 <= count <= D.dont_panic.copies:
            raise OptionError("core.err.option_value", option="dont_panic", value=dp, valid="preset, 0-6")
        return DeepSpaceState(self, seed, difficulty, count, str(opts["length"]))

    # -- notation -------------------------------------------------------------------------

    def normalize_notation(self, state: State, text: str) -> str:
        """Loose typing: a roll as ``1 3 3 5 6 2`` or face names (en/ja) in any order, the threat
        die as ``4``, a card by its id or its name in either language, spaces for commas."""
        raw = unicodedata.normalize("NFKC", text).strip().lower()
        raw = re.sub(r"threat\s+detected!?", "threat", raw)  # the face's full name is two words
        if not isinstance(state, DeepSpaceState):
            return raw
        if state.is_chance():
            body = raw.split(":", 1)[1] if ":" in raw and raw.split(":", 1)[0] in ("roll", "threat", "draw") else raw
            if state.phase in (ROLL, REROLL):
                return "roll:" + ",".join(sorted(str(f + 1) for f in self._faces(body)))
            if state.phase is THREAT:
                digits = re.findall(r"[1-6]", body)
                return "threat:" + digits[0] if len(digits) == 1 else raw
            if state.phase is DRAW:
                card = self._card_from_text(state, body)
                return "draw:" + card if card else raw
            return raw
        raw = re.sub(r"\s*[,\s]\s*", ",", raw)
        raw = raw.replace(",", ":", 1) if ":" not in raw and "," in raw else raw
        if ":" in raw:  # face words in decisions: change:tactical,science
            head, body = raw.split(":", 1)
            parts = [FACES[FACE_WORDS[p]] if p in FACE_WORDS and not p.isdigit() else p for p in body.split(",")]
            raw = head + ":" + ",".join(parts)
        return raw

    def _faces(self, body: str) -> list[int]:
        out: list[int] = []
        for token in re.split(r"[\s,、，/]+", body):
            if not token:
                continue
            if token.isdigit():
                out.extend(int(ch) - 1 for ch in token if ch in "123456")
            elif token in FACE_WORDS:
                out.append(FACE_WORDS[token])
            else:
                return [-9]  # not a roll: the parser reports the legal outcomes
        return out

    def _card_from_text(self, state: DeepSpaceState, body: str) -> str | None:
        """A card drawn: ``e18``, or a name (en or ja) narrowed, when names repeat, by the
        activation values and a ``-N`` damage typed after it (``bomber 24 -2``)."""
        body = body.strip()
        if body in D.by_id:
            return body
        words = body.replace("　", " ")
        damage = re.findall(r"-\s*(\d)", words)
        words = re.sub(r"-\s*\d", " ", words)
        digits = set(re.findall(r"[1-6]", words))
        name = re.sub(r"[\d,\s]+", " ", words).strip()
        name_key = re.sub(r"[\s・!！'’\-]+", "", name)
        candidates = []
        for c in CARDS:
            if not state.unseen[c.index]:
                continue
            names = self.catalogue.messages.get(f"ds6.card.{c.id}", {})
            if any(re.sub(r"[\s・!！'’\-]+", "", n.lower()) == name_key for n in names.values()):
                candidates.append(c)
        if len(candidates) > 1 and digits:
            candidates = [c for c in candidates if {str(v) for v in c.activation} == digits]
        if len(candidates) > 1 and damage:
            candidates = [c for c in candidates if str(c.damage) == damage[0]]
        return candidates[0].id if len(candidates) == 1 else None

    # -- words for people -------------------------------------------------------------------

    def describe(self, state: State, action: Action, lang: str = "en") -> str:
        t = self.catalogue.text
        name = action.name
        args = action.args
        if name == "roll":
            faces = ", ".join(t(f"ds6.face.{FACES[int(a) - 1]}", lang) for a in args)
            return t("ds6.act.roll", lang, dice=faces)
        if name == "threat":
            return t("ds6.act.threat", lang, face=args[0])
        if name == "draw":
            return t("ds6.act.draw", lang, card=f"@ds6.card.{args[0]}")
        if name == "change":
            return t("ds6.act.change", lang, old=f"@ds6.face.{args[0]}", new=f"@ds6.face.{args[1]}")
        if name in ("fire", "repair"):
            n = int(args[0])
            return t(f"ds6.act.{name}", lang, dice=n, amount=2 * n - 1)
        if name in ("hit", "stasis"):
            inst = str(args[0])
            return t(f"ds6.act.{name}", lang, card=self._card_label(state, inst, lang))
        if name == "mission":
            inst = str(args[0])
            return t("ds6.act.mission", lang, card=self._card_label(state, inst, lang), face=f"@ds6.face.{args[1]}")
        if name in ("send", "distract", "recall"):
            d = int(args[0])
            where = ""
            if isinstance(state, DeepSpaceState):
                where = self._die_label(state, d - 1, lang)
            return t(f"ds6.act.{name}", lang, die=d, where=where)
        return t(f"ds6.act.{name}", lang)

    def _card_label(self, state: State, inst: str, lang: str) -> str:
        key = INST_OF.get(inst, -1)
        if key < 0:
            return inst
        card = CARDS[key // 2]
        label = f"{self.catalogue.text(f'ds6.card.{card.id}', lang)} ({inst})"
        threat = state.threat(key) if isinstance(state, DeepSpaceState) else None
        if threat is not None and card.external and card.health:
            label += " " + self.catalogue.text("ds6.view.health", lang, health=threat.health, max=card.health)
        return label

    def _die_label(self, state: DeepSpaceState, d: int, lang: str) -> str:
        die = state.dice[d]
        where = die.where
        t = self.catalogue.text
        place = t(f"ds6.station.{STATION_NAMES[where - ST_COM]}", lang) if ST_COM <= where <= ST_ENG else t(
            f"ds6.where.{PLACE_NAMES[where]}", lang
        )
        face = t(f"ds6.face.{FACES[die.face]}", lang) if die.face >= 0 else t("ds6.face.none", lang)
        return f"{face}, {place}"

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
