"""JongRogue EZ / EZ Plus Ver.0.1.0 (雀ローグEZ / EZプラス): game id ``jongrogue``.

The package: ``data.py`` and ``rules.toml`` (the rules data table), ``state.py`` (the state),
``rules/`` (the rules by chapter, as steps on the engine), ``observation.py`` (what the player
sees), ``view.py`` (line mode), ``heuristic.py`` (the bot and the evaluation for search).
Project rulings: docs/rulings.md (JR-P...).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import ClassVar

from solotable.core.i18n import register_catalogue
from solotable.core.protocol import Action, BotHooks, Game, IllegalAction, InfoEntry, Option, State
from solotable.core.registry import register

from . import rules as _rules  # noqa: F401  (the chapters, loaded with the game)
from .data import rules_data
from .info import info_entries
from .notation import LAB_NAMES, TILE_NAMES, honour, parse_lab, parse_tile, refusal, typed_name
from .state import GAME_ID, POTIONS, SCROLLS, JongRogueState
from .view import render_text
from .words import describe

D = rules_data()


class JongRogue(Game):
    id = GAME_ID
    prefix = "jr"
    rules_version = D.rules_version
    titles: ClassVar[dict[str, str]] = {
        "en": "JongRogue EZ / EZ Plus (Ver.0.1.0)",
        "ja": "雀ローグEZ / 雀ローグEZプラス（Ver.0.1.0）",
    }
    # §1.4-§1.5: the preset, each EZ Plus rule (None follows the preset), and continue.
    option_words: ClassVar[Mapping[str, str]] = {"rules": "jr.rules."}
    option_specs = (
        Option("rules", ("ez", "ez-plus"), "ez",
               aliases={"ezplus": "ez-plus", "plus": "ez-plus", "ez_plus": "ez-plus"}, record="variant"),
        Option("identification", ("preset", "on", "off"), "preset"),
        Option("forced-end-bonus", ("preset", "on", "off"), "preset"),
        Option("victory-bonus", ("preset", "on", "off"), "preset"),
        Option("continue", ("allowed", "off"), "allowed"),  # §1.5: allowed for casual play
        # §7.30: the random bot of the balance measurement plays with forced end disabled
        Option("forced-end", ("allowed", "off"), "allowed"),
    )
    sim_histogram: ClassVar[str | None] = "floor"
    sim_means: ClassVar[tuple[str, ...]] = ("floor", "deepest", "level", "gold", "score", "decisions")
    sim_assist: ClassVar[str | None] = "continues"  # §1.5, D42: a win after a continue is reported apart
    rules_listings: ClassVar[tuple[str, ...]] = ("provenance",)

    def new_state(self, seed: int | None = None, **options: object) -> JongRogueState:
        opts = self.validate_options(options)
        plus = opts["rules"] == "ez-plus"

        def flag(name: str) -> bool:
            v = opts[name]
            return plus if v == "preset" else v == "on"

        return JongRogueState(self, seed, flag("identification"), flag("forced-end-bonus"), flag("victory-bonus"),
                              opts["continue"] == "allowed", opts["forced-end"] == "allowed")

    # -- notation ---------------------------------------------------------------------------

    def normalize_notation(self, state: State, text: str) -> str:
        """Loose typing: in physical-tiles mode ``5m``, ``m5``, ``五萬``; labyrinth tiles as
        winds (東 南 西 北, east ...) or the stairs; a bare number for a link row."""
        raw = text.strip()
        if isinstance(state, JongRogueState) and state.is_chance():
            body = raw.split(":", 1)[1] if ":" in raw else raw
            kind = state.chance_table().actions[0].name
            if kind == "tile":
                tile = parse_tile(body)
                if tile is None and honour(body):
                    raise IllegalAction("jr.err.honour", tile=body)
                return "tile:" + (tile or body.lower())
            if kind == "lab":
                lab = parse_lab(body)
                return "lab:" + (lab or body)
            return "link:" + body.strip()
        low = raw.lower()
        low = re.sub(r"\s+", ":", low.strip())
        for app in ("quaff", "read", "identify", "discard"):
            if low.startswith(app + ":"):
                body, _, rest = low.split(":", 1)[1].replace(":", ",").partition(",")
                tile = parse_tile(body)
                if tile:
                    return f"{app}:{tile}" + (f",{rest}" if rest else "")
        if low.startswith("door:") or low.startswith("search:") or low.startswith("flee:"):
            head, _, side = low.partition(":")
            if side in ("n", "e", "s", "w"):
                return f"{head}:{side.upper()}"
        return low

    def parse_action(self, state: State, text: str) -> Action:
        """As :meth:`Game.parse_action`; at a draw, a tile that cannot be read, or that the pile
        no longer holds, is refused in a sentence that names tiles as printed (5萬, 東), never
        a list of codes (issue 20 item 7)."""
        try:
            return super().parse_action(state, text)
        except IllegalAction as exc:
            if not isinstance(state, JongRogueState) or not state.is_chance() or exc.key != "core.err.not_legal":
                raise
            raise refusal(state.chance_table().actions, text) from None

    def typed_outcome(self, state: State, action: Action, lang: str = "en") -> str | None:
        """A tile as a player names it: ``circles 5`` / ``5筒``, a wind as ``east`` / ``東``, the
        stairs as ``stairs`` / ``階段`` (:func:`.tiles.typed_name`)."""
        return typed_name(self.catalogue, action, lang)

    # -- words for people -------------------------------------------------------------------

    def describe(self, state: State, action: Action, lang: str = "en") -> str:
        assert isinstance(state, JongRogueState)
        return describe(self.catalogue, state, action, lang)

    def info_entries(self, state: State, lang: str = "en") -> list[InfoEntry]:
        assert isinstance(state, JongRogueState)
        return info_entries(self.catalogue, state, lang)

    def render_text(self, state: State, lang: str = "en") -> str:
        assert isinstance(state, JongRogueState)
        return render_text(state, self.catalogue, lang)

    def rules_listing(self, name: str, lang: str = "en") -> str:
        if name != "provenance":
            raise KeyError(name)
        t = self.catalogue.text
        lines = [t("jr.prov.title", lang), ""]
        params = list(D.params())
        width = max(len(k) for k, _ in params)
        for key, p in params:
            value = p.value
            shown = (list(value) if isinstance(value, tuple) else
                     {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
                     if dataclasses.is_dataclass(value) else value)  # fmt: skip
            lines.append(f"{key:<{width}}  [{p.tag}]  {shown}" + (f"  ({p.note})" if p.note else ""))
        lines.append("")
        lines.append(t("jr.prov.monsters", lang, tag=D.bestiary.tag))
        for m in D.monsters:
            dmg = "counter" if m.dmg < 0 else m.dmg
            lines.append(f"  #{m.index:<2} {m.ch} {m.id:<15} HP {m.hp:<2} dmg {dmg:<7} att {m.attack:<2} XP {m.xp:<5} "
                         f"drop {m.drop} sleep {m.sleep:<5} wanders {str(m.wanders).lower():<5} "
                         f"{','.join(sorted(m.abilities)) or '-'}  [{D.bestiary.tag}]")
        lines.append("")
        w = D.window
        lines.append(t("jr.prov.window", lang, tag=w.tag))
        if w.note:
            lines.append(f"  ({w.note})")
        for f, s in enumerate(w.start, start=1):
            names = " ".join(D.monsters[s + n].ch for n in range(9))
            ref = w.reference[f - 1] if f <= len(w.reference) else s
            was = f"  (was s={ref}: {' '.join(D.monsters[ref + n].ch for n in range(9))})" if ref != s else ""
            lines.append(f"  F{f}{'+' if f == len(w.start) else ''}: s={s}  {names}  [{w.tag}]{was}")
        return "\n".join(lines)

    def bot_hooks(self) -> BotHooks[JongRogueState]:
        from . import heuristic as h  # imported on first use: playing needs no bot

        # the review's rollouts stop 4 decisions ahead, not MCTS's 8: a long game has a thousand
        # decisions of up to thirty moves (docs/review.md, "CPU of a review")
        return BotHooks(heuristic=h.make_agent, evaluate=h.evaluate, stage=h.stage, horizon=h.SEARCH_HORIZON,
                        review_horizon=4)


GAME = register(JongRogue())
register_catalogue(GAME.catalogue)

__all__ = ["GAME", "LAB_NAMES", "POTIONS", "SCROLLS", "TILE_NAMES", "JongRogue", "JongRogueState"]
