"""The game protocol every game, interface, bot and test uses (after OpenSpiel, made Pythonic).

A :class:`Game` is the static description of a game; a :class:`State` is one position in it.
Randomness lives only at chance nodes (``state.to_move == CHANCE``), which list every outcome
with its exact probability; no game calls a random generator itself.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import random
import sys
from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from importlib import resources
from importlib.resources.abc import Traversable
from types import ModuleType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from solotable.core.action import Action
from solotable.core.board import BoardActions
from solotable.core.chance import ChanceTable
from solotable.core.features import Features
from solotable.core.i18n import Catalogue, LocalizedError
from solotable.core.native import mypyc_attr
from solotable.core.untrusted import clip, read_text, shorten

__all__ = [
    "CHANCE",
    "Action",
    "BotHooks",
    "ChanceTable",
    "Chooser",
    "Event",
    "Game",
    "IllegalAction",
    "InfoEntry",
    "JSONValue",
    "Option",
    "OptionError",
    "Result",
    "State",
    "legal_list",
]

CHANCE = -1
"""``State.to_move`` at a chance node."""

MAX_NOTATION = 1000
"""The longest text :meth:`Game.parse_action` reads (every game's notations are far shorter):
a longer line is refused before any game's parsing meets it."""

JSONValue = Any
"""A value that ``json.dumps`` accepts (kept loose on purpose: observations are nested dicts)."""


class IllegalAction(LocalizedError):
    """An action that is not legal in this state. The state is left untouched."""


class OptionError(LocalizedError):
    """An unknown game option or value; the message names the valid choices."""

    def as_flag(self) -> OptionError:
        """The same error naming the option as a command line types it (``--dont-panic``, not
        ``dont_panic``)."""
        option = self.params.get("option")
        if self.key != "core.err.option_value" or not isinstance(option, str) or option.startswith("--"):
            return self
        return OptionError(self.key, **{**self.params, "option": "--" + option.replace("_", "-")})


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as a message id and parameters, so any interface can show and
    translate it. A string parameter starting with ``@`` is itself a message id."""

    key: str
    params: Mapping[str, str | int] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSONValue]:
        return {"key": self.key, "params": dict(self.params)}

    def __reduce__(self) -> tuple[Any, ...]:
        # a state's events go through pickle with it; compiled, a frozen dataclass cannot set its
        # fields back one by one, so it is rebuilt by its constructor
        return (Event, (self.key, self.params))


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game."""

    won: bool
    score: int | None = None
    details: Mapping[str, JSONValue] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSONValue]:
        return {"won": self.won, "score": self.score, "details": dict(self.details)}


@dataclass(frozen=True, slots=True)
class Option:
    """A game option: its name, the allowed values (the first one listed is not necessarily the
    default), the default, and aliases accepted for values (for example ``nightmare``).

    An option with no ``choices`` takes free text, which the game's ``new_state`` checks itself.
    A ``file`` option takes a file's **content**: a person names the file, the interface reads it
    with :meth:`Game.read_files` (through :mod:`solotable.core.untrusted`) and the game gets the
    text; no game opens a file, and a record never names one."""

    name: str
    choices: tuple[str | bool | int, ...]
    default: str | bool | int
    aliases: Mapping[str, str] = field(default_factory=dict)
    file: bool = False
    record: str = ""
    """How the player's record groups games by this option: ``"difficulty"``, ``"character"`` (a
    seat's character: the first such option always, a further one when it is not its default),
    ``"variant"`` (a rules set or switch, named in the record line), or ``""``: not at all."""
    _settled: dict[tuple[type, object], str | bool | int] = field(init=False, repr=False, compare=False)
    """The choices that check as themselves (no alias or case to fold), by type and value: a
    game's options as ``validate_options`` gave them, which ``new_state`` checks again at every
    game of a simulation, are found at once."""

    def __post_init__(self) -> None:
        settled: dict[tuple[type, object], str | bool | int] = {}
        for choice in self.choices:
            with contextlib.suppress(OptionError):
                checked = self._check(choice)
                if type(checked) is type(choice) and checked == choice:
                    settled[(type(choice), choice)] = checked
        object.__setattr__(self, "_settled", settled)

    def validate(self, value: object) -> str | bool | int:
        if type(value) in _PLAIN:
            settled = self._settled.get((type(value), value))
            if settled is not None:
                return settled
        return self._check(value)

    def _check(self, value: object) -> str | bool | int:
        if not self.choices:  # free text (a file's content, say): the game checks it
            if self.file and isinstance(value, str):
                return value  # as read (a SourceText keeps the file's name)
            return str(value).strip()
        if isinstance(value, str) and value.lower() in self.aliases:
            value = self.aliases[value.lower()]
        if isinstance(self.default, bool) and isinstance(value, str):
            lowered = value.lower()
            if lowered in ("true", "yes", "on", "1"):
                value = True
            elif lowered in ("false", "no", "off", "0"):
                value = False
        if isinstance(self.default, int) and not isinstance(self.default, bool) and isinstance(value, str):
            with contextlib.suppress(ValueError):
                value = int(value)
        if isinstance(value, str) and not isinstance(self.default, bool):
            value = value.lower()
        for choice in self.choices:
            if type(choice) is type(value) and choice == value:
                return choice
        valid = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices)
        raise OptionError("core.err.option_value", option=self.name, value=shorten(value), valid=valid)


_PLAIN = (str, bool, int)
"""The types of option values that can be looked up among the settled choices (hashable)."""


LEGAL_SHOWN = 6
"""An error names at most this many of the choices (a handful), then how many more there are."""


def legal_list(actions: Sequence[Action], limit: int = LEGAL_SHOWN) -> str:
    """The notations of ``actions`` for an error message: a handful, then ``... (N more)``."""
    shown = ", ".join(str(a) for a in actions[:limit])
    return shown + (f" ... ({len(actions) - limit} more)" if len(actions) > limit else "")


@mypyc_attr(allow_interpreted_subclasses=True)
class State(metaclass=ABCMeta):  # (not `ABC`, a Python class, which a compiled class cannot extend)
    """One position of a game. Mutable, cheap to clone; see the module docstring."""

    __slots__ = ()

    game: Game
    seed: int | None

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """A player index, :data:`CHANCE`, or ``None`` when the game is over."""

    @property
    @abstractmethod
    def events(self) -> Sequence[Event]:
        """What happened during the last ``apply``."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The decisions open now, in a stable order (empty at chance nodes and at the end)."""

    @abstractmethod
    def chance_table(self) -> ChanceTable:
        """At a chance node, its outcomes; raises :class:`IllegalAction` elsewhere."""

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Every outcome of this chance node with its exact probability."""
        return list(self.chance_table().outcomes)

    @abstractmethod
    def apply(self, action: Action, *, trusted: bool = False) -> None:
        """Play a decision or a chance outcome. Raises :class:`IllegalAction` (state untouched).

        ``trusted=True`` skips the legality check: only for callers that took ``action`` from
        ``legal_actions()`` or ``chance_table()`` of this very state (the simulator, search bots).
        Play, records and anything typed or received keep the check."""

    def set_events(self, on: bool) -> None:  # noqa: B027 - optional: most states need not implement it
        """Build events (``on``, the default) or not: bots and the simulator read none, and
        leave them off for speed. Clones keep the setting. Games that always build them ignore
        this."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def observation(self, player: int = 0) -> dict[str, JSONValue]:
        """A JSON-able view of what ``player`` may see; face-down cards are hidden."""

    def is_terminal(self) -> bool:
        return self.to_move is None

    @abstractmethod
    def result(self) -> Result:
        """Win or loss and score; only valid when the game is over."""

    def is_chance(self) -> bool:
        return self.to_move == CHANCE

    def options(self) -> dict[str, JSONValue]:
        """The options this state was created with (as stored in a record)."""
        return {}

    def resample_hidden(self, rng: random.Random) -> State:
        """A copy of this state with everything the player to move cannot see (face-down cards,
        deck order, another seat's hand) redrawn from ``rng``, consistently with what that player
        has seen: a determinization for search bots. The default returns ``self.clone()``
        unchanged, which is right for games with no hidden state (those that draw lazily at
        chance nodes, like minirogue-v1). The state itself is never changed."""
        return self.clone()

    def warnings(self, action: Action) -> list[Event]:
        """Things an interface should warn about before ``action`` is played (for example a
        wasted purchase, or a move that ends the game at once). Empty by default."""
        return []


@dataclass(frozen=True, slots=True)
class InfoEntry:
    """What a player could read at the table about one thing in view: a card, a table, a tile.

    ``key`` names the thing stably within the state (``card:merchant``, ``threat:e18a``,
    ``slot:3``) so that a board can show the entry of what is selected; ``title`` and ``text``
    are in the language asked for (``text`` may hold several lines)."""

    key: str
    title: str
    text: str


class Chooser(Protocol):
    """A bot as the core knows it (``solotable.agents.base.Agent`` has the same shape)."""

    name: str

    def choose(self, state: State, rng: random.Random) -> Action: ...


StateT = TypeVar("StateT", bound="State")


@mypyc_attr(native_class=False)  # (a compiled generic dataclass cannot have slots: a Python class)
@dataclass(frozen=True, slots=True)
class BotHooks(Generic[StateT]):
    """What a game offers bots, declared by the game (``Game.bot_hooks``):

    - ``heuristic``: builds the game's sensible bot (the ``heuristic`` agent, and the rollout
      policy of the search bots);
    - ``evaluate``: a state's estimated chance of winning in [0, 1], for search leaves;
    - ``progress``: how far a finished, lost run got, in [0, 1) (MCTS gives partial credit);
    - ``stage`` and ``horizon``: a stage counter (a round, a floor) and how many stages ahead
      MCTS rollouts stop and are scored by ``evaluate`` (0: play to the end);
    - ``review_evaluate`` and ``review_horizon``: the same for the review's rollouts only
      (``solotable.agents.review``), for a game whose search bots play to the end but whose review
      stops at a horizon (Mini Rogue 2020); unset, the review uses ``evaluate`` and ``horizon``;
    - ``review_luck_only``: the review's evaluation and horizon value its chance nodes only (the
      luck), its decisions being searched as the search bots' rollouts go (``horizon``): Mini
      Rogue v1, whose fit misjudges trades the heuristic makes later."""

    heuristic: Callable[[], Chooser]
    evaluate: Callable[[StateT], float] | None = None
    progress: Callable[[StateT], float] | None = None
    stage: Callable[[StateT], int] | None = None
    horizon: int = 0
    review_evaluate: Callable[[StateT], float] | None = None
    review_horizon: int = 0
    review_luck_only: bool = False


_GAME_MODULES: dict[tuple[str, str], ModuleType | None] = {}
"""The games' own modules found by :meth:`Game.game_module`, by (package, name); None: absent."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(metaclass=ABCMeta):
    """The static description of a game: id, titles, options, and how to start it."""

    id: ClassVar[str]
    rules_version: ClassVar[str]
    titles: ClassVar[Mapping[str, str]]
    players: ClassVar[tuple[int, int]] = (1, 1)
    option_specs: ClassVar[tuple[Option, ...]] = ()
    sim_histogram: ClassVar[str | None] = None
    """The ``Result.details`` key whose histogram shows where runs end (for the simulator)."""
    sim_means: ClassVar[tuple[str, ...]] = ()
    """``Result.details`` keys (or ``score``) whose means the simulator reports."""
    sim_histograms: ClassVar[tuple[str, ...]] = ()
    """Further ``Result.details`` keys the simulator histograms (for example a rank, the hull
    left, threats destroyed); with :attr:`sim_means`, :attr:`sim_histogram` and the ``"cause"``
    detail, a game's declaration of its statistics."""
    sim_assist: ClassVar[str | None] = None
    """The ``Result.details`` key that counts the assists a player took (JongRogue's continues):
    a win after one is not a win a designer can compare, so the simulator reports the wins with
    none as its headline and the assists apart, and a hint's chance of winning is of winning with
    no further assist (the observation's key of the same name, if any, holds the count so far).
    ``None``: the game has no assist."""
    rules_listings: ClassVar[tuple[str, ...]] = ()
    """Extra listings ``solotable rules GAME --NAME`` prints (for example ``provisional``)."""
    option_words: ClassVar[Mapping[str, str]] = {}
    """Options whose values the game's own catalogue names (the same words as on its board and in
    its log): option name -> message-id prefix, the value's words being ``prefix + value``
    (``{"difficulty": "mr1.difficulty."}``). See :meth:`value_word`."""

    def title(self, lang: str = "en") -> str:
        return self.titles.get(lang, self.titles["en"])

    def __reduce__(self) -> tuple[Any, ...]:
        # every state names its game: pickled by its id (OpenSpiel, process pools pickle states), a
        # state carries neither a copy of the game nor its caches (the message catalogue made 34-61
        # KB of each state's pickle) and comes back with the registered game itself; a game no
        # registry holds (made by hand) comes back as a new instance of its class
        from solotable.core import registry

        if registry.registered(self.id) is self:
            return (registry.load, (self.id,))
        return (type(self), ())

    def validate_options(self, options: Mapping[str, object]) -> dict[str, str | bool | int]:
        """Fill defaults and check every option; an unknown name or value raises ``ValueError``
        that names the valid choices."""
        specs = self.option_specs
        given = 0
        for spec in specs:
            if spec.name in options:
                given += 1
        if given != len(options):  # a name no option has (the names checked before any value)
            known = [o.name for o in specs]
            for name in options:
                if name not in known:
                    valid = ", ".join(known) or "-"
                    raise OptionError("core.err.option_name", game=self.id, option=clip(str(name)), valid=valid)
        out: dict[str, str | bool | int] = {}
        for spec in specs:
            name = spec.name
            out[name] = spec.validate(options[name]) if name in options else spec.default
        return out

    @abstractmethod
    def new_state(self, seed: int | None = None, **options: object) -> State: ...

    def read_files(self, options: Mapping[str, object]) -> dict[str, object]:
        """``options`` as a person gave them, with each ``file`` option's value (a file name)
        replaced by that file's text, read through :func:`solotable.core.untrusted.read_text`
        (regular files only, bounded; an :class:`~solotable.core.untrusted.UntrustedError`
        otherwise). Interfaces call this on what people type; records are never read with it."""
        out = dict(options)
        for spec in self.option_specs:
            value = out.get(spec.name)
            if spec.file and isinstance(value, str) and value.strip():
                out[spec.name] = read_text(os.path.expanduser(value.strip()))
        return out

    def parse_action(self, state: State, text: str) -> Action:
        """Read an action notation back (a decision, or a chance outcome at a chance node).

        Raises :class:`IllegalAction`, and nothing else, if the text names no legal action of
        ``state``: this is where typed and received text enters, so whatever a game's
        :meth:`normalize_notation` makes of it (its own error, or a slip on text it did not
        expect) comes out as an :class:`IllegalAction` with a one-line message that shows the
        text shortened.
        """
        if not isinstance(text, str):
            raise IllegalAction("core.err.not_action", value=shorten(text))
        if len(text) > MAX_NOTATION:
            raise IllegalAction("core.err.too_long", text=clip(text, 20), limit=MAX_NOTATION)
        try:
            wanted = self.normalize_notation(state, text)
        except IllegalAction:
            raise
        except LocalizedError as exc:  # the game's own words for what it could not read
            raise IllegalAction(exc.key, **exc.params) from exc
        except Exception as exc:  # the boundary: text a game's parsing did not expect
            raise IllegalAction("core.err.unreadable", text=clip(text.strip())) from exc
        candidates = state.chance_table().actions if state.is_chance() else state.legal_actions()
        for action in candidates:
            if str(action) == wanted:
                return action
        if state.is_terminal():
            raise IllegalAction("core.err.over")
        raise IllegalAction("core.err.not_legal", action=clip(text.strip()), legal=legal_list(candidates))

    def normalize_notation(self, state: State, text: str) -> str:
        """Hook for games that accept looser spellings (for example dice typed with spaces)."""
        return text.strip().lower()

    # -- words for people ------------------------------------------------------------------------
    #
    # A game with a ``prefix`` keeps its words in ``messages.toml`` beside its Game class (ids
    # ``<prefix>.*``) and its rules in short in ``rules_help_en.md`` / ``rules_help_ja.md``; the
    # methods below read them by these conventions, once for every game. A game overrides only
    # ``describe`` (its actions' labels need the state) and what it shows beyond the catalogue.

    prefix: ClassVar[str] = ""
    """The game's message ids start with ``<prefix>.`` (``mr1``, ``ds6``...); empty: no catalogue."""

    @cached_property
    def catalogue(self) -> Catalogue:
        """The game's message catalogue (``messages.toml`` in the package of its Game class)."""
        if not self.prefix:
            return Catalogue()
        return Catalogue.from_package((self._package(), "messages.toml"))

    def _package(self) -> str:
        """The package whose files hold the game's words: that of its Game class (a game's
        ``__init__``)."""
        return type(self).__module__

    def describe(self, state: State, action: Action, lang: str = "en") -> str:
        """A label for people, in ``lang``. Games override this with their catalogue."""
        return str(action)

    def typed_outcome(self, state: State, action: Action, lang: str = "en") -> str | None:
        """What a player at the table types for the chance outcome ``action`` in ``lang``, in
        words (a card's printed name, a tile as printed), which :meth:`parse_action` reads back
        as ``action``; None when the outcome's values are what is typed (dice as numbers) or the
        label's name reads back. The interfaces show it as the example of physical mode."""
        return None

    def event_text(self, event: Event, lang: str = "en") -> str:
        """An event in words, in ``lang``, from the game's catalogue."""
        if self.prefix:
            return self.catalogue.render(event, lang)
        params = ", ".join(f"{k}={v}" for k, v in event.params.items())
        return f"{event.key}({params})" if params else event.key

    def render_text(self, state: State, lang: str = "en") -> str:
        """The table as plain text for line-mode play, built from ``state.observation()``."""
        return json.dumps(state.observation(), ensure_ascii=False, indent=1)

    def help_text(self, lang: str = "en") -> str:
        """The rules in short and every ruling, for the ``help`` command (Markdown)."""
        if self.prefix:
            place = resources.files(self._package()).joinpath(f"rules_help_{lang}.md")
            if place.is_file():
                return place.read_text(encoding="utf-8")
        return self.title(lang)

    def rules_listing(self, name: str, lang: str = "en") -> str:
        """The listing ``name`` of :attr:`rules_listings` (``solotable rules GAME --NAME``)."""
        raise KeyError(name)

    def info_entries(self, state: State, lang: str = "en") -> list[InfoEntry]:
        """Everything a player could read at the table about what is in view (the cards and
        their texts, prices, tables, tiles), for the ``i`` key and the ``info`` command; each
        entry's ``key`` lets a board show the one selected. None by default."""
        return []

    def value_word(self, option: str, value: str, lang: str = "en") -> str | None:
        """An option's value in the game's words (:attr:`option_words`), or None when the game
        names it nowhere (the interface then uses its own word, or the value as typed)."""
        prefix = self.option_words.get(option)
        if prefix is None or prefix + value not in self.catalogue:
            return None
        return self.catalogue.text(prefix + value, lang)

    def option_help(self, option: str, value: str | None = None, lang: str = "en") -> str | None:
        """What an option (or one of its values) does, in words, from the game's catalogue:
        ``<prefix>.optinfo.<option>``, ``<prefix>.valinfo.<option>.<value>`` (else
        ``<prefix>.valinfo.<value>``, for values every option shares); None if it says nothing."""
        if not self.prefix:
            return None
        if value is None:
            keys = [f"{self.prefix}.optinfo.{option}"]
        else:
            keys = [f"{self.prefix}.valinfo.{option}.{value}", f"{self.prefix}.valinfo.{value}"]
        for key in keys:
            if key in self.catalogue:
                return self.catalogue.text(key, lang)
        return None

    # -- boards --------------------------------------------------------------------------------

    # What the interfaces need of a game's board, declared by files in the game's folder by name and
    # imported only when asked for (so loading a game never loads Textual): ``board.py`` (its
    # ``board_actions``), ``tui.py`` (its ``Board``), ``web.py`` (its ``draw``). A game without
    # the file gets the default; a game may still override the method.

    def game_module(self, name: str) -> ModuleType | None:
        """The game's own module ``name`` (``board``, ``tui``, ``web``...) by the folder convention:
        ``<the package of the Game class>.<name>``, imported on first use; None when the game has no
        such module (a game defined in a plain module, as the tests' toy game, has none). An import
        error inside the module is raised, not taken for its absence."""
        package = self._package()
        target = f"{package}.{name}"
        key = (package, name)
        if key not in _GAME_MODULES:
            try:
                _GAME_MODULES[key] = importlib.import_module(target)
            except ModuleNotFoundError as exc:
                if exc.name != target:
                    raise
                _GAME_MODULES[key] = None
        return _GAME_MODULES[key]

    def folder_file(self, name: str) -> Traversable | None:
        """A data file of the game's folder (``odds.json``...) by its name, or None when the folder
        has no such file (or the game has no folder: one defined in a plain module)."""
        module = sys.modules.get(self._package())
        if module is None or not hasattr(module, "__path__"):
            return None
        place = resources.files(module).joinpath(name)
        return place if place.is_file() else None

    def odds(self) -> dict[str, Any] | None:
        """The chance of winning the game's bots measured, for the odds chart (the web's home page):
        the folder's ``odds.json``, written from docs/strength.md by ``benchmarks/odds_from_strength.py``
        (``heading``, ``commands``, ``column``, and ``rows`` of ``row`` (an option's value), ``agent``,
        ``games``, ``rate``, ``low``, ``high``); None: nothing measured."""
        place = self.folder_file("odds.json")
        if place is None:
            return None
        data: dict[str, Any] = json.loads(place.read_text(encoding="utf-8"))
        return data

    def board_actions(self, state: State) -> BoardActions:
        """The legal actions of ``state`` sorted by the board elements they concern (the game's
        ``board.py``, its ``board_actions(state)``: dice, cards, rooms, tiles, stations, threats,
        items, heroes) and the free ones (:mod:`solotable.core.board`). Without ``board.py`` every
        action is free."""
        module = self.game_module("board")
        if module is None:
            return BoardActions((), tuple(state.legal_actions()))
        sort: Callable[[State], BoardActions] = module.board_actions
        return sort(state)

    def tui_board(self) -> Callable[..., Any] | None:
        """The full-screen terminal interface's board (the game's ``tui.py``, its ``Board``): a
        Textual widget class built as ``Board(game, id="board")`` with ``show(observation, lang)``
        (and optionally ``details(lang)``, ``selected_key()``); None: the interface's generic board."""
        module = self.game_module("tui")
        if module is None:
            return None
        board: Callable[..., Any] = module.Board
        return board

    def web_board(self) -> Callable[[Mapping[str, Any], str, dict[str, dict[str, str]]], str] | None:
        """The browser's board (the game's ``web.py``, its ``draw``): ``draw(observation, lang,
        infos)`` returns the board's HTML (built with :mod:`solotable.core.html`, which escapes every
        text) and fills ``infos[key]`` with ``{"title", "body"}`` for each card it lets a player
        open; None: the generic board."""
        module = self.game_module("web")
        if module is None:
            return None
        draw: Callable[[Mapping[str, Any], str, dict[str, dict[str, str]]], str] = module.draw
        return draw

    def message_keys(self) -> list[str]:
        """Every message id this game can show (checked by the catalogue tests)."""
        return sorted(self.catalogue.keys())

    def stat_label(self, name: str, lang: str = "en") -> str:
        """A ``Result.details`` key (or ``score``) in words, in ``lang``, for reports such as the
        simulator's: ``<prefix>.simstat.<name>`` in the catalogue, else ``name`` itself."""
        key = f"{self.prefix}.simstat.{name}"
        return self.catalogue.text(key, lang) if self.prefix and key in self.catalogue else name

    def cause_label(self, name: str, lang: str = "en") -> str:
        """A ``Result.details["cause"]`` value (why a game ended) in words, in ``lang``:
        ``<prefix>.cause.<name>`` in the catalogue, else ``name`` itself."""
        key = f"{self.prefix}.cause.{name}"
        return self.catalogue.text(key, lang) if self.prefix and key in self.catalogue else name

    # -- bots ------------------------------------------------------------------------------------

    def bot_hooks(self) -> BotHooks[Any] | None:
        """What the game offers bots (its heuristic, evaluation, stages); None: nothing, and the
        search bots play with random rollouts. Games import their bot module lazily here."""
        return None

    # -- learning agents -------------------------------------------------------------------------

    def features(self) -> Features | None:
        """The game's numeric view for learning agents (action catalogue, encoder, progress,
        limits: :class:`solotable.core.features.Features`), which ``solotable.rl`` serves through
        Gymnasium, PettingZoo and OpenSpiel: the ``FEATURES`` of the game's ``features.py``,
        imported on first use (only learning agents need it); None: the game has none."""
        module = self.game_module("features")
        if module is None:
            return None
        features: Features = module.FEATURES
        return features
