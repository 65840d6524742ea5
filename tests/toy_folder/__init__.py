"""The toy game (``tests/toygame.py``, "Pig to 10") as a game folder of its own, under the id
``toy-pig-folder``: what a new game is. Its files are found by their names, as every game's are
(docs/architecture.md): ``board.py`` (the die a player acts on), ``features.py`` (its numeric view
for learning agents). Nothing outside this folder names it; ``tests/test_toy_folder.py`` registers
it (the one line a new game adds outside its folder) and plays it through every interface."""

from __future__ import annotations

import toygame


class PigFolder(toygame.PigGame):
    id = "toy-pig-folder"


GAME = PigFolder()
"""Not registered on import: the tests register it where they play it."""
