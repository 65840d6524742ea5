"""The full-screen terminal interface (Textual): ``solotable play`` on a terminal.

:mod:`solotable.ui.tui.app` holds the app (home screen, game screen, dialogs);
:mod:`solotable.ui.tui.boards` one board widget per game (see its docstring for the contract);
:mod:`solotable.ui.record_db` the player's record in SQLite (no Textual needed, so line-mode
play writes to the same record). Importing this package imports nothing else.
"""
