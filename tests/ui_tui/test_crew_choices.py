"""Deep Space D-6's crew step at 80×24 (issue 20 item 12): the Commander's dozen or more ways to
turn a die, with the other crew choices, must not take two lines each (4 of 19 choices in view);
the choices of a die face share a line, every one still reached by its number, the arrows and
the mouse."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solotable.core.session import Session
from solotable.ui.tui.app import SoloTableApp
from solotable.ui.tui.choices import ChoiceList

from .drive import game_screen, run_async, screen_rows

SIZE = (80, 24)
NUMBER = re.compile(r"(?<![\d:])(\d+)\)")


def visible_numbers(app: SoloTableApp) -> set[int]:
    """The choice numbers (``12)``) the terminal shows in the list of choices."""
    region = game_screen(app).query_one("#actions").region
    rows = screen_rows(app)[region.y : region.y + region.height]
    return {int(m[1]) for row in rows for m in NUMBER.finditer(row[region.x : region.right])}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("seed", [3, 5, 8])  # 19, 26 and 25 choices at the first crew step
@run_async
async def test_a_crew_step_shows_most_of_its_choices_at_80x24(seed: int, lang: str, data_dir: Path) -> None:
    app = SoloTableApp(session=Session("deepspace-d6", seed=seed), data=data_dir, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        count = len(game_screen(app).choices())
        assert count >= 19
        shown = visible_numbers(app)
        assert shown == set(range(1, len(shown) + 1))  # the first ones, in order
        assert len(shown) >= 16, f"{len(shown)} of {count} choices in view"


@pytest.mark.parametrize("lang", ["en", "ja"])
@run_async
async def test_every_crew_choice_is_reached_by_the_arrows_and_plays_by_enter(lang: str, data_dir: Path) -> None:
    session = Session("deepspace-d6", seed=5)
    app = SoloTableApp(session=session, data=data_dir, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        choices = screen.query_one("#actions", ChoiceList)
        count = len(screen.choices())
        reached = [choices.highlighted_choice()]
        for _ in range(count - 1):  # → walks every choice in order, across the lines
            await pilot.press("right")
            reached.append(choices.highlighted_choice())
            assert reached[-1] is not None and reached[-1] + 1 in visible_numbers(app)
        assert reached == list(range(count))
        await pilot.press("home", *["left"] * 4)  # the first line keeps the column: back to its first
        assert choices.highlighted_choice() == 0
        await pilot.press("down")  # the line below, the same column
        assert choices.highlighted_choice() == 5
        await pilot.press("right")
        assert choices.highlighted_choice() == 6
        await pilot.press("enter")
        await pilot.pause()
    assert session.record.actions[3:] == ["change:med,tac"]  # after the two threat cards and the roll


@run_async
async def test_a_click_on_a_grouped_choice_plays_it(data_dir: Path) -> None:
    session = Session("deepspace-d6", seed=5)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        region = screen.query_one("#actions").region
        row = next(i for i, line in enumerate(screen_rows(app)) if "Sci→" in line[: region.right])
        column = screen_rows(app)[row].index("13)")
        assert await pilot.click("#actions", offset=(column - region.x + 1, row - region.y))
        await pilot.pause()
    assert session.record.actions[3:] == ["change:sci,med"]


def test_the_rows_of_a_group_all_use_the_names_or_all_the_short_names() -> None:
    """Each row chose its own form: in Japanese at 120 columns the Commander's first row read
    '戦術担当→1)コマンダー 2)医療担当' above '医療→6)指揮 7)戦術', two ways of naming one set of faces."""
    from solotable.core.choice_groups import GroupItem, GroupRow
    from solotable.ui.tui.choices import RowView

    def row(lead: str, short_lead: str, names: list[tuple[str, str]], start: int) -> GroupRow:
        items = tuple(GroupItem(start + i, name, short) for i, (name, short) in enumerate(names))
        return GroupRow(lead, short_lead, items)

    fits = row("Tac→ ", "Tac→ ", [("Com", "C"), ("Med", "M")], 0)
    too_long = row("Engineering→ ", "Eng→ ", [("Commander", "Com"), ("Tactical", "Tac"), ("Medical", "Med")], 2)
    width = 40
    assert RowView.fits(fits, width) and not RowView.fits(too_long, width)
    views = RowView.for_group((fits, too_long), width)
    assert [v.words for v in views] == [["1)C", "2)M"], ["3)Com", "4)Tac", "5)Med"]]
    assert [v.lead for v in views] == [" Tac→ ", " Eng→ "]
    views = RowView.for_group((fits,), width)  # alone it fits: its names
    assert views[0].words == ["1)Com", "2)Med"]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [SIZE, (120, 40), (100, 30)])
@run_async
async def test_a_crew_step_names_its_faces_one_way(lang: str, size: tuple[int, int], data_dir: Path) -> None:
    for seed in (2, 3, 5, 8):
        session = Session("deepspace-d6", seed=seed)
        app = SoloTableApp(session=session, data=data_dir, lang=lang)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            choices = game_screen(app).query_one("#actions", ChoiceList)
            views = list(choices._rows.values())
            assert views
            named = [v.words == [f"{it.index + 1}){it.name}" for it in v.items] for v in views]
            short = [v.words == [f"{it.index + 1}){it.short}" for it in v.items] for v in views]
            assert all(named) or all(short), (seed, [v.lead + " ".join(v.words) for v in views])
