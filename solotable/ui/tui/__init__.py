"""The full-screen terminal interface (Textual): ``solotable play`` on a terminal.

:mod:`solotable.ui.tui.app` holds the app (home screen, game screen, dialogs);
:mod:`solotable.ui.tui.boards` finds the board widget each game declares (``Game.tui_board``);
the player's record in SQLite is :mod:`solotable.ui.record_db` (shared with line mode).
Importing this package imports nothing else.
"""
