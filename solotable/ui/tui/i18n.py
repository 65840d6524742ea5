"""The interface's catalogue (``tui.*`` in ``messages.toml``, English and Japanese), registered in
the global catalogue so boards and dialogs share it."""

from __future__ import annotations

from functools import cache

from solotable.core.i18n import Catalogue, register_catalogue


@cache
def catalogue() -> Catalogue:
    cat = Catalogue.from_package(("solotable.ui.tui", "messages.toml"))
    register_catalogue(cat)
    return cat


def tr(key: str, lang: str, **params: object) -> str:
    """A ``tui.*`` message in ``lang``."""
    return catalogue().text(key, lang, **params)
