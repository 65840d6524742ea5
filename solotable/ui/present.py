"""What the three interfaces word alike, written once: the line player (:mod:`solotable.ui.cli`),
the full-screen terminal (:mod:`solotable.ui.tui`) and the browser (:mod:`solotable.ui.web`) all
take these texts from here and only lay them out their own way.

- the interface's shared words (``solotable/ui/messages.toml``): :func:`messages`, :func:`msg`;
- a choice in words with its notation: :func:`labelled`, :func:`example_outcome`;
- the hint panel: :func:`hint_panel` (the best decision, the runners-up, each with its chance of
  winning and its interval, :func:`hint_figure`, and the note when a runner-up shows higher);
- the end of a game: :func:`result_lines`;
- what the table shows (``Game.info_entries``): :func:`entries_text`;
- option labels: :func:`option_label`, :func:`value_label` (the game's own words first).

It imports no interface: each interface imports it (DESIGN.md, "Interfaces").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from solotable.agents.hint import WILSON, Hint
from solotable.core.i18n import Catalogue
from solotable.core.protocol import Action, Game, InfoEntry, State
from solotable.core.text_layout import wrap

if TYPE_CHECKING:
    from solotable.ui.record_db import Summary


@cache
def messages() -> Catalogue:
    """The interfaces' shared message catalogue (``solotable/ui/messages.toml``)."""
    return Catalogue.from_package(("solotable.ui", "messages.toml"))


def msg(key: str, lang: str, **params: object) -> str:
    return messages().text(key, lang, **params)


# -- choices -----------------------------------------------------------------------------------


def labelled(label: str, notation: str) -> str:
    """``Reroll the 6 on die 2   [crit:2]`` (the notation is left out when it is the label)."""
    return label if label == notation else f"{label}   [{notation}]"


def outcome_labelled(label: str, typed: str) -> str:
    """A chance outcome with what is typed for it at the table (:func:`typed_example`), which
    is left out when the label already says it, as the label or as its last words after a space
    or a colon: ``牌 1萬`` (not ``牌 1萬   [1萬]``, issue 20), ``Card turned up: Rat``,
    ``脅威ダイス：1``; ``Tile 1萬   [characters 1]`` keeps it."""
    return label if says(label, typed) else labelled(label, typed)


def says(label: str, typed: str) -> bool:
    """Whether ``label`` ends with ``typed`` as words of their own (after a space, ``:`` or
    ``：``), or is it."""
    if not typed or not label.endswith(typed):
        return False
    before = label[: len(label) - len(typed)]
    return not before or before[-1] in " \u3000:："


def example_outcome(actions: Sequence[Action]) -> Action:
    """An outcome to show as an example: one with the most different values (Deep Space D-6's
    crew roll 1,2,3,4,5,6, whose words give every face), else the middle one."""
    middle = actions[len(actions) // 2]
    best = max(actions, key=lambda a: len(set(a.args)))
    return best if len(set(best.args)) > len(set(middle.args)) else middle


def typed_example(game: Game, state: State, action: Action, lang: str) -> str:
    """What a player types for the outcome ``action`` at a chance node, as an example in words
    rather than a code (issue 20, item 10: ``card:GRV-4``, ``leader:2``, ``d6:4``, ``e18``,
    ``p5``): the game's own words for it (``Game.typed_outcome``: ``Raiders 4 6``, ``5筒``), else
    its values when they are numbers (dice: ``1 2 3 4 5 6``), else the label's name (its part
    after a colon: the card's name), whichever the game reads back as ``action``, else its
    notation."""
    words = game.describe(state, action, lang)
    text = str(action)
    values = (text.split(":", 1)[1] if ":" in text else text).replace(",", " ")
    named = words.rsplit(": ", 1)[-1].rsplit("：", 1)[-1].strip()
    # dice are typed as numbers (1 2 3 4 5 6: the example then shows how the game reads them);
    # anything else, a card or a tile, by its name: the game's own (Game.typed_outcome), else the
    # label's, where the game reads one
    order = (values, named) if values.replace(" ", "").isdigit() else (named, values)
    own = game.typed_outcome(state, action, lang)
    for candidate in (own, *order) if own else order:
        if not candidate:
            continue
        try:
            if game.parse_action(state, candidate) == action:
                return candidate
        except Exception:  # a game's parser refuses in its own way
            continue
    return text


# -- the hint panel ------------------------------------------------------------------------------


HINT_RUNNERS_UP = 3
"""How many runner-up decisions a hint shows."""


def percent_range(win: float, low: float, high: float) -> tuple[str, str, str]:
    """A chance and its interval as percentages, whole where the interval spans two points or
    more, else to a tenth (to a hundredth if still less): never a collapsed "2–2%"."""
    for places in (0, 1, 2):
        texts = tuple(f"{100 * x:.{places}f}" for x in (win, low, high))
        if round(100 * high, places) - round(100 * low, places) >= 2 * 10**-places or high - low <= 0:
            break
    return texts[0], texts[1], texts[2]


def hint_figure(h: Hint, lang: str) -> str:
    """A hint's chance of winning in words, with its 95% interval, what it was measured on (how
    many simulated games, how many of them cut short and scored by the game's evaluation) and how
    it was found (Wilson's, widened by the evaluation's spread where an evaluation scored some),
    or the search's figure with no interval (expectimax)."""
    if h.method is None or h.low is None or h.high is None:
        return msg("cli.hint_figure_exact", lang, win=f"{100 * h.win:.0f}", visits=h.visits)
    win, low, high = percent_range(h.win, h.low, h.high)
    if h.method == WILSON:
        return msg("cli.hint_figure_wilson", lang, win=win, low=low, high=high, visits=h.visits)
    return msg("cli.hint_figure_se", lang, win=win, low=low, high=high, visits=h.visits, cut=h.cut)


def hint_note_needed(ranked: Sequence[Hint]) -> bool:
    """Whether a runner-up shows a higher chance than the recommended move (the note explains
    why the bot still recommends it)."""
    return bool(ranked) and any(h.visits > 0 and h.win > ranked[0].win for h in ranked[1:])


@dataclass(frozen=True)
class HintLine:
    """One decision of a hint: its number in the list of choices, its words, its figure, and the
    line that says them together."""

    hint: Hint
    number: int
    label: str
    figure: str
    line: str


@dataclass(frozen=True)
class HintPanel:
    """A hint in words: the heading and line of the best decision, the runners-up that were
    searched (at most :data:`HINT_RUNNERS_UP`) under their heading, and the note when one of them
    shows a higher chance than the best (empty otherwise)."""

    best_heading: str
    best: HintLine
    others_heading: str
    others: tuple[HintLine, ...]
    note: str


def hint_panel(game: Game, state: State, ranked: Sequence[Hint], lang: str) -> HintPanel | None:
    """The hint panel every interface shows for ``ranked`` (the hint bot's answer at ``state``),
    or None when there is nothing to recommend."""
    if not ranked:
        return None
    choices = state.legal_actions()

    def line(h: Hint) -> HintLine:
        number = choices.index(h.action) + 1 if h.action in choices else 0
        label = labelled(game.describe(state, h.action, lang), str(h.action))
        figure = hint_figure(h, lang)
        return HintLine(h, number, label, figure, msg("cli.hint_line", lang, number=number, label=label, figure=figure))

    best = ranked[0]
    others = [h for h in ranked[1 : HINT_RUNNERS_UP + 1] if h.visits > 0]
    return HintPanel(
        best_heading=msg("cli.hint_best", lang),
        best=line(best),
        others_heading=msg("cli.hint_others", lang) if others else "",
        others=tuple(line(h) for h in others),
        note=msg("cli.hint_note", lang) if hint_note_needed([best, *others]) else "",
    )


# -- the end of a game ---------------------------------------------------------------------------


def result_lines(state: State, lang: str, *, details: bool = True) -> list[str]:
    """A finished game in words: won or lost, the score, how it ended, and (``details``) the
    game's other details (``Result.details``)."""
    result = state.result()
    game = state.game
    lines = [msg("cli.game_over", lang, outcome=msg("cli.won" if result.won else "cli.lost", lang))]
    if result.score is not None:
        lines.append(msg("cli.score", lang, score=result.score))
    cause = result.details.get("cause")
    if isinstance(cause, str):
        lines.append(msg("cli.cause", lang, cause=game.cause_label(cause, lang)))
    if not details:
        return lines
    for name, value in result.details.items():
        if name == "cause":
            continue
        shown = msg("cli.help.on" if value else "cli.help.off", lang) if isinstance(value, bool) else value
        lines.append(msg("cli.detail", lang, name=game.stat_label(name, lang), value=shown))
    return lines


# -- what the table shows ------------------------------------------------------------------------


def entries_text(entries: Sequence[InfoEntry], width: int | None = None) -> str:
    """What the table shows (``Game.info_entries``) as text: each entry's title, then its text
    indented under it (each line wrapped to ``width`` columns if given)."""
    lines: list[str] = []
    for entry in entries:
        if lines:
            lines.append("")
        lines.append(entry.title)
        for line in entry.text.split("\n"):
            if width is None:
                lines.append("  " + line)
            else:
                lines.extend(wrap(line, width, "  ", "    "))
    return "\n".join(lines)


# -- the player's record -------------------------------------------------------------------------


def setup_words(game: Game | None, difficulty: str, character: str, variant: str, lang: str) -> str:
    """A record line's setup in words (``Hard, Rogue+Mage``), as the home screen names the
    option values, each by the option the game declares for it (``Option.record``); the stored
    values themselves for a game no longer known."""
    specs = game.option_specs if game is not None else ()

    def words(record: str, value: str) -> str:
        for spec in specs:
            if spec.record != record:
                continue
            if isinstance(spec.default, bool) and value == spec.name:  # a switch that is on: its name
                return option_label(game, spec.name, lang)
            if value in {str(c) for c in spec.choices}:
                return value_label(game, spec.name, value, lang)
        return value

    parts = []
    if difficulty:
        parts.append(words("difficulty", difficulty))
    if character:
        parts.append("+".join(words("character", c) for c in character.split("+")))
    for value in variant.split(",") if variant else ():
        parts.append(words("variant", value))
    return msg("cli.record.sep", lang).join(parts) or "-"


def record_lines(rows: Sequence[Summary], lang: str) -> list[str]:
    """The player's record (``RecordDB.summary``) in words: a heading, then per game and setup the
    games played, won and lost and the best score, and per game its total when it has several
    setups (the home screen's Record tab and ``solotable record``)."""
    if not rows:
        return [msg("cli.record.none", lang)]
    from solotable.core.registry import load as load_game
    from solotable.ui.record_db import totals

    lines = [msg("cli.record.head", lang)]
    game_totals = {t.game: t for t in totals(list(rows))}
    for index, r in enumerate(rows):
        try:
            game: Game | None = load_game(r.game)
        except ValueError:
            game = None
        title = game.title(lang) if game is not None else r.game
        setup = setup_words(game, r.difficulty, r.character, r.variant, lang)
        best = "-" if r.best is None else str(r.best)
        lines.append(msg("cli.record.row", lang, title=title, setup=setup, played=r.played, won=r.won, lost=r.lost,
                         best=best))  # fmt: skip
        last_of_game = index + 1 == len(rows) or rows[index + 1].game != r.game
        total = game_totals[r.game]
        if last_of_game and total.played != r.played:
            best = "-" if total.best is None else str(total.best)
            lines.append(msg("cli.record.total", lang, title=title, played=total.played, won=total.won,
                             lost=total.lost, best=best))  # fmt: skip
    return lines


# -- option labels -------------------------------------------------------------------------------


def option_label(game: Game | None, option: str, lang: str) -> str:
    """An option's name in words: the game's (``<prefix>.opt.<option>`` in its catalogue), else
    its command-line name."""
    if game is not None and game.prefix:
        key = f"{game.prefix}.opt.{option}"
        if key in game.catalogue:
            return game.catalogue.text(key, lang)
    return option


def value_label(game: Game | None, option: str, value: str, lang: str) -> str:
    """An option value in words: the game's own word for it (:meth:`Game.value_word`, the same
    as on its board and in its log), else the interfaces' word for the common ones (on, off,
    none, preset...), else a count, else the value as typed on the command line."""
    if game is not None:
        word = game.value_word(option, value, lang)
        if word is not None:
            return word
    if value in COMMON_VALUES:
        return msg(COMMON_VALUES[value], lang)
    if value.isdigit():
        return msg("cli.value_number", lang, n=value)
    return value


COMMON_VALUES = {
    "on": "cli.value.on",
    "off": "cli.value.off",
    "true": "cli.value.true",
    "false": "cli.value.false",
    "none": "cli.value.none",
    "preset": "cli.value.preset",
    "allowed": "cli.value.allowed",
}
"""Option values many games share, in the interfaces' words."""
