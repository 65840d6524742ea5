"""The web interface's words: ``solotable/ui/web/messages.toml`` (en, ja), and the games' own
catalogues (registered globally when a game loads) for card and game words."""

from __future__ import annotations

from functools import cache

from solotable.core.i18n import Catalogue, message


@cache
def catalogue() -> Catalogue:
    return Catalogue.from_package(("solotable.ui.web", "messages.toml"))


def t(key: str, lang: str, **params: object) -> str:
    """A message of the web catalogue."""
    return catalogue().text(key, lang, **params)


def g(key: str, lang: str, **params: object) -> str:
    """A message of a game's catalogue (the global one); an unknown key comes back as it is."""
    return message(key, lang, **params)


def has(key: str) -> bool:
    return key in catalogue()
