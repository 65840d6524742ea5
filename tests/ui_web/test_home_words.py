"""The home page speaks to players: no bot names or command lines (those stay in docs/strength.md);
the odds chart says who its players are, a careful player and a strong player, in words."""

from __future__ import annotations

import re

import pytest

from solotable.ui.web import pages
from solotable.ui.web.i18n import t


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_bot_names_or_commands_on_the_home_page(lang: str) -> None:
    html = pages.home_page(lang, [], [])
    for word in ("heuristic", "mcts", "expectimax", "python -m", "solotable sim", "--games", "--grid"):
        assert word not in html, word


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_odds_chart_names_its_players_in_words(lang: str) -> None:
    html = pages.home_page(lang, [], [])
    odds = html[html.index('id="odds"') :]
    careful, strong = t("web.odds_agent.careful", lang), t("web.odds_agent.strong", lang)
    # what each player is, said once above the charts
    assert t("web.odds_careful", lang) in odds and t("web.odds_strong", lang) in odds
    # every bar is labelled and described with one of them
    bars = re.findall(r'<g role="listitem" aria-label="([^"]+)"', odds)
    rows = [r for e in pages.odds_data()["games"].values() for r in e["rows"]]
    assert len(bars) == len(rows) > 0 and all(r["agent"] in pages.ODDS_PLAYERS for r in rows)
    assert all((careful in b) != (strong in b) for b in bars)
    assert odds.count(f"{careful}</text>") + odds.count(f"{strong}</text>") == len(bars)
