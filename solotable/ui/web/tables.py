"""The tables of the web interface: games played through :class:`~solotable.core.session.Session`,
stored as records (:mod:`solotable.ui.web.storage`), each change checked against the version the
browser saw.

Nothing here knows a rule: moves are action notations read by ``game.parse_action``; the page is
built from ``state.observation(seat)``, ``legal_actions``, the chance table, ``warnings``, events
and the game's text methods.

A table replays from its record when a process first needs it (records replay bit for bit) and is
then kept in a small cache keyed by its version, so a process that did not make the last change
(another server behind the load balancer) replays again instead of trusting a stale copy.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from solotable.core.i18n import LANGS, LocalizedError, explain
from solotable.core.protocol import CHANCE, Event, Game, IllegalAction, State
from solotable.core.record import Record, RecordError
from solotable.core.registry import game_ids
from solotable.core.registry import load as load_game
from solotable.core.session import Session
from solotable.ui.present import result_lines
from solotable.ui.web import boards
from solotable.ui.web.i18n import t
from solotable.ui.web.storage import Conflict, Storage, StoredTable, new_token, player_hash, token_hash

CACHE_SIZE = 256
"""Tables kept replayed in one process's memory."""
MAX_NOTATION = 200
"""The longest action notation a request may carry (the longest real one is far shorter)."""
MAX_NAME = 40
"""The longest seat name."""
MAX_LISTED_OUTCOMES = 60
"""Physical dice: up to this many chance outcomes are offered as buttons (with words); above it,
the player types the notation (the 462 crew rolls of Deep Space D-6)."""
VIEWS_KEPT = 8
"""Views of one table kept built (two seats, two languages, a rewound step or two)."""
LOG_LIMIT = 400
"""The log sent with a table: its last entries (the whole record stays in the database)."""


class WebError(Exception):
    """A refused request: an HTTP status and a message in words (from the catalogue or a game)."""

    def __init__(self, status: int, key: str, **params: object) -> None:
        super().__init__(key)
        self.status = status
        self.key = key
        self.params = params
        self.text: dict[str, str] | None = None

    @classmethod
    def worded(cls, status: int, exc: BaseException) -> WebError:
        """A refusal carrying an engine error's own words (for example an illegal move)."""
        err = cls(status, "")
        err.text = {lang: explain(exc, lang) for lang in LANGS}
        return err

    def message(self, lang: str) -> str:
        if self.text is not None:
            return self.text.get(lang, self.text["en"])
        return t(self.key, lang, **self.params)


@dataclass
class Entry:
    """One step of the record as the log shows it (its texts kept once made, per language)."""

    notation: str
    chance: bool
    mover: int | None
    label: dict[str, str]
    events: list[Event]
    shown: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass
class Live:
    """A table replayed in memory at ``version``."""

    row: StoredTable
    session: Session
    opening: list[Event]
    entries: list[Entry] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    views: dict[tuple[int, int, str, int | None], dict[str, Any]] = field(default_factory=dict)
    """What :meth:`Tables.view` built at ``views_version``, by (version, seat, language, step)."""
    views_version: int = -1


def option_choices(game: Game) -> list[tuple[str, list[str], str]]:
    """The options a browser may set: ``(name, choices as text, default)``. Free-text options (a
    card file on the server's disk) are left out: a web request never names a server file."""
    out = []
    for spec in game.option_specs:
        if not spec.choices:
            continue
        out.append((spec.name, [_text_of(c) for c in spec.choices], _text_of(spec.default)))
    return out


def _text_of(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


class Tables:
    """Every table of one database (see the module docstring)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._cache_lock = threading.Lock()

    # -- opening a table -----------------------------------------------------------------------

    def create(
        self,
        game_id: str,
        options: Mapping[str, object],
        *,
        player: str,
        physical_dice: bool = False,
        name: str = "",
        seed: int | None = None,
        practice: bool = False,
    ) -> tuple[StoredTable, list[str]]:
        """A new table; returns it with one token per seat (the first is the opener's). The server
        draws the seed; a chosen one (it tells every roll to come) makes a practice table, kept out
        of the record."""
        if seed is not None and not practice:
            raise WebError(400, "web.err.seed_practice")
        if game_id not in game_ids():
            raise WebError(404, "web.err.unknown_game", game=game_id)
        game = load_game(game_id)
        allowed = {name for name, _, _ in option_choices(game)}
        for key in options:
            if key not in allowed:
                raise WebError(400, "web.err.bad_option", option=key)
        try:
            checked = game.validate_options(options)
            session = Session(game, seed=seed, options=dict(checked), physical_dice=physical_dice)
        except (LocalizedError, ValueError) as exc:
            raise WebError.worded(400, exc) from exc
        seats = _seat_count(game, session.state)
        tokens = [new_token() for _ in range(seats)]
        names = [clean_name(name) if i == 0 else "" for i in range(seats)]
        row = StoredTable(
            id=new_token(),
            game=game.id,
            rules_version=game.rules_version,
            options=dict(session.record.options),
            seed=session.seed,
            physical_dice=physical_dice,
            actions=list(session.record.actions),
            version=0,
            # only hashes: the tokens are given once (to the opener, who hands on the invitations)
            seats=[
                {"hash": token_hash(tok), "name": nm, "player": player_hash(player) if i == 0 else None}
                for i, (tok, nm) in enumerate(zip(tokens, names, strict=True))
            ],
            player=player_hash(player),
            practice=practice,
        )
        if session.state.is_terminal():
            row.finished = True
        self.storage.create(row)
        return row, tokens

    # -- loading ---------------------------------------------------------------------------------

    def load(self, table_id: str) -> Live:
        if not _plausible_id(table_id):
            raise WebError(404, "web.err.unknown_table")
        with self._cache_lock:
            live = self._cache.get(table_id)
        # the copy in memory, if no other process changed the table since
        if live is not None and self.storage.version(table_id) == live.row.version:
            with self._cache_lock:
                if table_id in self._cache:
                    self._cache.move_to_end(table_id)
            return live
        row = self.storage.get(table_id)
        if row is None:
            raise WebError(404, "web.err.unknown_table")
        if live is not None and self._catch_up(live, row):
            return live
        live = self._replay(row)
        self._remember(live)
        return live

    def _for_change(self, table_id: str, seen: int) -> Live:
        """The table for a change made on version ``seen``. A copy in memory at that very version
        (or past it, to refuse the change) is used without asking the database: the change's
        ``UPDATE ... WHERE version = seen`` refuses it if the table moved on meanwhile (through
        another process), so nothing is lost by trusting it, and a move costs one round trip less.
        Otherwise, as :meth:`load`."""
        if _plausible_id(table_id):
            with self._cache_lock:
                live = self._cache.get(table_id)
            if live is not None and live.row.version >= seen:
                # past ``seen`` already: the database is there or further (versions only grow), so
                # the change is refused (after the seat's check) without asking it (a double click)
                return live
        return self.load(table_id)

    def _catch_up(self, live: Live, row: StoredTable) -> bool:
        """Bring a copy up to a record that only grew since (moves made through another server
        process): play the new steps, chance outcomes as recorded. False when the record changed
        otherwise (an undo), which calls for a replay from the start."""
        with live.lock:
            done = live.row.actions
            if live.row.version < 0 or row.actions[: len(done)] != done or len(row.actions) <= len(done):
                return False
            session = live.session
            probe = session.state.clone()
            session.physical_dice = True  # the record's outcomes are played as typed dice
            try:
                for text in row.actions[len(done) :]:
                    _append_entry(live, session.game, probe, text)
                    session.play(text)
            except (LocalizedError, ValueError):
                live.row.version = -1
                return False
            finally:
                session.physical_dice = row.physical_dice
            live.row = row
        return True

    def _remember(self, live: Live) -> None:
        with self._cache_lock:
            self._cache[live.row.id] = live
            self._cache.move_to_end(live.row.id)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    def _discard(self, live: Live) -> None:
        """A copy whose session went further than its record: nobody may use it again (a request
        holding it sees a version no change can match)."""
        live.row.version = -1
        self._forget(live.row.id)

    def _forget(self, table_id: str) -> None:
        with self._cache_lock:
            self._cache.pop(table_id, None)

    def _replay(self, row: StoredTable) -> Live:
        record = Record(
            game=row.game,
            rules_version=row.rules_version,
            options=dict(row.options),
            seed=row.seed,
            physical_dice=row.physical_dice,
            actions=list(row.actions),
        )
        try:
            session = Session.from_record(record)
        except RecordError as exc:
            raise WebError.worded(500, exc) from exc
        game = session.game
        state = game.new_state(seed=row.seed, **row.options)
        live = Live(row=row, session=session, opening=list(state.events))
        for text in row.actions:
            _append_entry(live, game, state, text)
        return live

    # -- changing --------------------------------------------------------------------------------

    def play(
        self, table_id: str, token: str | None, notation: object, version: object, *, player: str | None = None
    ) -> Live:
        """Play ``notation`` for the seat of ``token`` (or of the browser's cookie ``player``) on a
        table still at ``version``."""
        if not isinstance(notation, str) or not notation.strip() or len(notation) > MAX_NOTATION:
            raise WebError(400, "web.err.bad_action")
        seen = _version_of(version)
        live = self._for_change(table_id, seen)
        seat = self._seat(live, token, player)
        with live.lock:
            if live.row.version != seen:
                raise WebError(409, "web.err.stale", version=live.row.version)
            session = live.session
            state = session.state
            if state.is_terminal():
                raise WebError(409, "web.err.over")
            if not session.waiting_for_chance and state.to_move != seat:
                raise WebError(409, "web.err.not_your_turn")
            try:
                action = session.parse(notation)
            except (LocalizedError, ValueError) as exc:
                raise WebError.worded(422, exc) from exc
            before = len(session.record.actions)
            probe = session.state.clone()
            try:
                session.play(action)
            except IllegalAction as exc:  # the state is untouched
                raise WebError.worded(422, exc) from exc
            new_actions = session.record.actions[before:]
            finished = session.state.is_terminal()
            result = session.state.result().to_json() if finished else None
            try:
                self.storage.change(
                    live.row,
                    seen,
                    actions=session.record.actions,
                    kind="move",
                    notation=str(action),
                    seat=seat,
                    finished=finished,
                    result=result,
                )
            except Conflict as exc:
                self._discard(live)  # its session played a move the database refused
                raise WebError(409, "web.err.stale", version=seen + 1) from exc
            except Exception:
                self._discard(live)
                raise
            game = session.game
            for text in new_actions:
                _append_entry(live, game, probe, text)
            return live

    def undo(self, table_id: str, token: str | None, version: object, *, player: str | None = None) -> Live:
        """Take back the last decision, if it was this seat's and no roll or reveal came after it
        (the session's own rule: a chance outcome is a wall)."""
        seen = _version_of(version)
        live = self.load(table_id)
        seat = self._seat(live, token, player)
        with live.lock:
            if live.row.version != seen:
                raise WebError(409, "web.err.stale", version=live.row.version)
            if not live.entries or live.session.state.is_terminal():
                raise WebError(409, "web.err.nothing_to_undo")
            last = live.entries[-1]
            if last.chance:
                raise WebError(409, "web.err.undo_wall")
            if last.mover != seat:
                raise WebError(409, "web.err.undo_other_seat")
            actions = list(live.row.actions[:-1])
            try:
                self.storage.change(
                    live.row, seen, actions=actions, kind="undo", notation=last.notation, seat=seat, finished=False
                )
            except Conflict as exc:
                self._forget(table_id)
                raise WebError(409, "web.err.stale", version=seen + 1) from exc
            self._forget(table_id)
        return self.load(table_id)

    def name_seat(
        self, table_id: str, token: str | None, name: object, version: object, *, player: str | None = None
    ) -> Live:
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise WebError(400, "web.err.bad_name", max=MAX_NAME)
        seen = _version_of(version)
        live = self.load(table_id)
        seat = self._seat(live, token, player)
        with live.lock:
            if live.row.version != seen:
                raise WebError(409, "web.err.stale", version=live.row.version)
            seats = [dict(s) for s in live.row.seats]
            seats[seat]["name"] = clean_name(name)
            try:
                self.storage.change(
                    live.row,
                    seen,
                    actions=live.row.actions,
                    kind="name",
                    notation="",
                    seat=seat,
                    finished=live.row.finished,
                    seats=seats,
                )
            except Conflict as exc:
                self._forget(table_id)
                raise WebError(409, "web.err.stale", version=seen + 1) from exc
        return live

    def claim(self, table_id: str, token: str, player: str) -> Live:
        """The browser of cookie ``player`` opened the link of a seat: its cookie holds that seat
        from now on (Continue reopens it), unless the seat is held by another browser already or
        this browser holds another seat here (a host opening the partner's invitation keeps their
        own seat; the page asks which one to play)."""
        for _ in range(3):
            live = self.load(table_id)
            seat = self._seat(live, token, None)
            with live.lock:
                row = live.row
                if row.seats[seat].get("player") or row.seats_of_player(player):
                    return live
                seats = [dict(s) for s in row.seats]
                seats[seat]["player"] = player_hash(player)
                try:
                    self.storage.change(
                        row,
                        row.version,
                        actions=row.actions,
                        kind="claim",
                        notation="",
                        seat=seat,
                        finished=row.finished,
                        seats=seats,
                        holder=player_hash(player),
                    )
                    return live
                except Conflict:
                    self._forget(table_id)
        return self.load(table_id)

    def invite(
        self, table_id: str, token: str | None, seat_wanted: object, version: object, *, player: str | None = None
    ) -> tuple[Live, str]:
        """A fresh invitation for seat ``seat_wanted`` (2 or more: seats are numbered from 1 as the
        page shows them), made by the opener's seat: a new token whose hash
        replaces the old one (the old link stops working) and the seat free for whoever opens it."""
        seen = _version_of(version)
        live = self.load(table_id)
        seat = self._seat(live, token, player)
        with live.lock:
            row = live.row
            if row.version != seen:
                raise WebError(409, "web.err.stale", version=row.version)
            if (
                seat != 0
                or isinstance(seat_wanted, bool)
                or not isinstance(seat_wanted, int)
                or not 2 <= seat_wanted <= len(row.seats)
            ):
                raise WebError(400, "web.err.bad_invite")
            fresh = new_token()
            seats = [dict(s) for s in row.seats]
            index = seat_wanted - 1  # seats are numbered from 1 on the page (P1, P2)
            seats[index] = {"hash": token_hash(fresh), "name": seats[index].get("name", ""), "player": None}
            try:
                self.storage.change(
                    row,
                    seen,
                    actions=row.actions,
                    kind="invite",
                    notation="",
                    seat=seat,
                    finished=row.finished,
                    seats=seats,
                )
            except Conflict as exc:
                self._forget(table_id)
                raise WebError(409, "web.err.stale", version=seen + 1) from exc
        return live, fresh

    def seat(self, live: Live, token: str | None, player: str | None = None) -> int:
        return self._seat(live, token, player)

    @staticmethod
    def _seat(live: Live, token: str | None, player: str | None) -> int:
        """The seat of a seat token, else the first seat the browser's cookie holds. A wrong
        token and an unknown table get the same answer (it tells no one which tables exist)."""
        if token:
            seat = live.row.seat_of(token)
            if seat is not None:
                return seat
            raise WebError(404, "web.err.unknown_table")
        held = live.row.seats_of_player(player)
        if held:
            return held[0]
        raise WebError(404, "web.err.unknown_table")

    # -- what a browser is sent ------------------------------------------------------------------

    def view(self, live: Live, seat: int, lang: str, *, at: int | None = None, fresh: bool = False) -> dict[str, Any]:
        """Everything the page shows for ``seat``: the board drawn from the observation, the
        choices, whose decision it is, the log. ``at`` (rewind) shows the table after that many
        steps of the record, read-only.

        Built once per version, seat, language and step shown, then reused (the mover's answer,
        the partner's refresh after the live stream's word, a reload): a new version is a new
        key. ``fresh`` builds it again regardless (a test that swaps the state in place)."""
        key = (live.row.version, seat, lang, at)
        if live.views_version != live.row.version:
            live.views.clear()
            live.views_version = live.row.version
        cached = live.views.get(key)
        if cached is None or fresh:
            cached = self._build_view(live, seat, lang, at)
            live.views[key] = cached
            while len(live.views) > VIEWS_KEPT:
                live.views.pop(next(iter(live.views)))
        return dict(cached)  # a copy of the top level: a request adds its own keys

    def _build_view(self, live: Live, seat: int, lang: str, at: int | None) -> dict[str, Any]:
        session = live.session
        game = session.game
        row = live.row
        total = len(row.actions)
        rewound = at is not None and 0 <= at < total
        state: State = _state_at(game, row, at) if rewound and at is not None else session.state
        observation = state.observation(seat)
        board_html, infos = boards.render(game.id, observation, lang)
        names = [s.get("name") or t("web.seat_default", lang, n=i + 1) for i, s in enumerate(row.seats)]
        to_move = state.to_move
        waiting_chance = bool(state.is_chance() and row.physical_dice)
        payload: dict[str, Any] = {
            "table": row.id,
            "game": game.id,
            "title": game.title(lang),
            "version": row.version,
            "steps": total,
            "at": at if rewound else None,
            "seat": seat,
            "seats": names,
            "physical_dice": row.physical_dice,
            "over": state.is_terminal(),
            "observation": observation,
            "board": board_html,
        }
        texts: list[str] = []  # a card's text once, however many cards share it
        index: dict[str, int] = {}
        payload["infos"] = {
            key: {"title": info["title"], "text": index.setdefault(info["body"], len(index))}
            for key, info in infos.items()
        }
        texts.extend(index)
        payload["texts"] = texts
        # what a player could read at the table about what is in view (the terminal's `i`):
        # the game's own entries for this state, in this language, shown as they come
        payload["entries"] = [{"key": e.key, "title": e.title, "text": e.text} for e in game.info_entries(state, lang)]
        payload["turn"] = _turn_text(state, seat, names, waiting_chance, lang)
        payload["your_turn"] = (not state.is_terminal()) and (to_move == seat or waiting_chance)
        actions: list[dict[str, Any]] = []
        elements: list[dict[str, Any]] = []
        typed = False
        if not rewound and not state.is_terminal():
            if waiting_chance:
                outcomes = state.chance_table().actions
                if len(outcomes) <= MAX_LISTED_OUTCOMES:
                    actions = [
                        {"n": str(a), "label": game.describe(state, a, lang), "warn": [], "free": True}
                        for a in outcomes
                    ]
                else:
                    typed = True
            elif to_move == seat:
                # the board's elements and the actions that concern each, as the game declares
                # them (games/<game>/board.py): the page offers those on the board and keeps in
                # its list only the free ones (and any whose element the board does not draw)
                board = game.board_actions(state)
                free = {str(a) for a in board.free}
                elements = [
                    {"key": e.key, "kind": e.kind, "actions": [str(a) for a in e.actions]} for e in board.elements
                ]
                for a in state.legal_actions():
                    warn = [game.event_text(e, lang) for e in state.warnings(a)]
                    n = str(a)
                    actions.append({"n": n, "label": game.describe(state, a, lang), "warn": warn, "free": n in free})
        payload["actions"] = actions
        payload["elements"] = elements
        payload["chance_typed"] = typed
        payload["chance_prompt"] = t("web.chance_prompt", lang) if waiting_chance else ""
        payload["can_undo"] = bool(
            not rewound
            and live.entries
            and not live.entries[-1].chance
            and live.entries[-1].mover == seat
            and not state.is_terminal()
        )
        payload["result"] = _result_text(state, lang) if state.is_terminal() else ""
        payload["log"] = _log(live, game, lang)
        return payload


def _append_entry(live: Live, game: Game, state: State, text: str) -> None:
    """Play ``text`` on ``state`` (a replay copy) and log it."""
    mover = state.to_move
    chance = mover == CHANCE
    action = game.parse_action(state, text)
    # a roll or a reveal is told by its events; the log words decisions only
    label = {} if chance else {lang: game.describe(state, action, lang) for lang in LANGS}
    state.apply(action)
    live.entries.append(Entry(text, chance, None if chance else mover, label, list(state.events)))


def _state_at(game: Game, row: StoredTable, steps: int) -> State:
    state = game.new_state(seed=row.seed, **row.options)
    for text in row.actions[:steps]:
        state.apply(game.parse_action(state, text))
    return state


def _log(live: Live, game: Game, lang: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    start = max(0, len(live.entries) - LOG_LIMIT)
    if start == 0:
        out.append(
            {
                "step": 0,
                "label": t("web.log_start", lang),
                "chance": True,
                "events": [game.event_text(e, lang) for e in live.opening],
            }
        )
    for i, entry in enumerate(live.entries[start:], start + 1):
        shown = entry.shown.get(lang)
        if shown is None:
            shown = {
                "step": i,
                "label": "" if entry.chance else entry.label[lang],
                "chance": entry.chance,
                "mover": entry.mover,
                "events": [game.event_text(e, lang) for e in entry.events],
            }
            entry.shown[lang] = shown
        out.append(shown)
    return out


def _turn_text(state: State, seat: int, names: list[str], waiting_chance: bool, lang: str) -> str:
    if state.is_terminal():
        return t("web.turn_over", lang)
    if waiting_chance:
        return t("web.turn_dice", lang)
    mover = state.to_move
    if mover == seat:
        return t("web.turn_yours", lang) if len(names) == 1 else t("web.turn_yours_named", lang, name=names[seat])
    if mover is not None and 0 <= mover < len(names):
        return t("web.turn_other", lang, name=names[mover])
    return t("web.turn_chance", lang)


_SENTENCE_ENDS = (".", "!", "?", "。", "！", "？")


def _result_text(state: State, lang: str) -> str:
    """The end of the game, worded as every interface words it (solotable.ui.present), its lines
    in one paragraph: each a sentence ('Score: 19.'), one after the other as the language writes
    them (a space between in English, none in Japanese)."""
    text = ""
    for line in result_lines(state, lang, details=False):
        sentence = line if line.endswith(_SENTENCE_ENDS) else t("web.sentence", lang, text=line)
        text = t("web.sentences", lang, first=text, then=sentence) if text else sentence
    return text


def _seat_count(game: Game, state: State) -> int:
    """Seats at a table: the players of this state (Mini Rogue 2020 with a partner has two)."""
    observed = state.observation(0)
    players = observed.get("players") if isinstance(observed, dict) else None
    if isinstance(players, int) and 1 <= players <= game.players[1]:
        return players
    return game.players[0]


def clean_name(name: str) -> str:
    """A seat name as typed, trimmed; control characters dropped (the page escapes the rest)."""
    return "".join(ch for ch in name.strip() if ch.isprintable())[:MAX_NAME]


def _version_of(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
        raise WebError(400, "web.err.bad_version")
    return value


def _plausible_id(table_id: str) -> bool:
    return 0 < len(table_id) <= 64 and all(ch.isalnum() or ch in "-_" for ch in table_id)


def random_seed() -> int:
    return random.SystemRandom().randrange(2**31)
