"""One package per game; each imports solotable.core only.

``solotable.games`` is both this package and the public function ``solotable.games()`` that
lists the registered games: importing a game (``solotable.games.minirogue_v1``) binds the
package to the attribute ``solotable.games``, so the package itself is made callable.
"""

from __future__ import annotations

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self, lang: str = "en") -> dict[str, str]:
        """Every registered game id with its title (``solotable.games()``)."""
        from solotable.core.registry import games

        return games(lang)


sys.modules[__name__].__class__ = _CallablePackage
