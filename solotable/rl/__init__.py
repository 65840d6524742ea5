"""The games as environments for learning agents (the optional extra ``solotable[rl]``).

``import solotable.rl`` registers a Gymnasium environment ``solotable/<game>-v0`` for every game of
the registry that declares its features (``games/<game>/features.py``): ``gymnasium.make(id,
**options)``, options as in the CLI. :mod:`solotable.rl.coop` is the
PettingZoo AEC environment of Mini Rogue 2020 co-op; :mod:`solotable.rl.openspiel` registers the
games with OpenSpiel. See docs/rl.md.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError("solotable.rl needs Gymnasium: pip install 'solotable[rl]'") from exc

from .catalogue import GAME_IDS, catalogue
from .encode import encode, layout
from .env import SolotableEnv, register_envs

ENV_IDS: tuple[str, ...] = tuple(f"solotable/{g}-v0" for g in GAME_IDS)

register_envs()

__all__ = ["ENV_IDS", "GAME_IDS", "SolotableEnv", "catalogue", "encode", "layout", "register_envs"]
