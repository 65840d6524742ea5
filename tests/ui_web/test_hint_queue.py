"""Hints are shared fairly: one in work per table, each player's hints in a line of their own, the
lines served in turn; a table with a hint in work gets the right message, the others wait their
turn instead of being refused."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from solotable.ui.web import app as web_app
from solotable.ui.web.app import HintQueue, create_app
from solotable.ui.web.tables import WebError


def test_twenty_hints_from_ten_players_are_served_in_turn() -> None:
    async def main() -> list[str]:
        queue = HintQueue(workers=2)

        def work() -> str:
            time.sleep(0.01)
            return "ok"

        # both workers busy with someone else's hints while everyone asks
        gate = threading.Event()
        busy = [asyncio.ensure_future(queue.run("other", f"busy{i}", lambda: gate.wait(5))) for i in range(2)]
        await asyncio.sleep(0.05)
        # each player asks for two hints at once (two tables), all at the same moment
        asks = [
            asyncio.ensure_future(queue.run(f"player{p}", f"table{p}-{k}", work)) for p in range(10) for k in range(2)
        ]
        await asyncio.sleep(0.05)
        gate.set()
        results = await asyncio.gather(*asks, *busy)
        assert results[:20] == ["ok"] * 20
        return queue.served[2:]

    served = asyncio.run(main())
    # every player's first hint before anyone's second
    assert sorted(served[:10]) == sorted(f"player{p}" for p in range(10))
    assert sorted(served[10:]) == sorted(f"player{p}" for p in range(10))


def test_one_hint_per_table_and_a_bounded_line() -> None:
    async def main() -> None:
        queue = HintQueue(workers=1, limit=2)
        gate = threading.Event()
        first = asyncio.ensure_future(queue.run("a", "t1", lambda: gate.wait(5)))
        await asyncio.sleep(0.05)
        with pytest.raises(WebError) as err:
            await queue.run("b", "t1", lambda: None)
        assert err.value.status == 429 and err.value.key == "web.err.hint_busy"
        waiting = [asyncio.ensure_future(queue.run("b", f"t{i}", lambda: None)) for i in (2, 3)]
        await asyncio.sleep(0.05)
        with pytest.raises(WebError) as err:
            await queue.run("c", "t4", lambda: None)
        assert err.value.key == "web.err.hint_queue_full"
        gate.set()
        await asyncio.gather(first, *waiting)

    asyncio.run(main())


def test_one_players_slow_hints_do_not_refuse_another_table(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    real = web_app._hint

    def slow(state: Any, budget: float) -> Any:
        time.sleep(0.6)
        return real(state, 0.05)

    monkeypatch.setattr(web_app, "_hint", slow)
    app = create_app(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    with TestClient(app) as c:
        made = [c.post("/api/tables", json={"game": "minirogue-v1"}).json() for _ in range(3)]
        answers: dict[int, Any] = {}

        def ask(i: int, cookie: str) -> None:
            answers[i] = c.post(
                f"/api/t/{made[i]['table']}/hint",
                json={"seconds": 0.2},
                headers={"X-Seat-Token": made[i]["tokens"][0], "Cookie": f"solotable_player={cookie}"},
            )

        hog = "h" * 24
        threads = [threading.Thread(target=ask, args=(i, hog)) for i in (0, 1)]
        for th in threads:
            th.start()
        time.sleep(0.2)
        # the same table again: refused, with the reason that is true
        again = c.post(
            f"/api/t/{made[0]['table']}/hint",
            json={"seconds": 0.2},
            headers={"X-Seat-Token": made[0]["tokens"][0]},
        )
        assert again.status_code == 429 and "this table" in again.json()["error"]
        # another player's table waits its turn and gets its hint
        ask(2, "o" * 24)
        for th in threads:
            th.join()
    assert [answers[i].status_code for i in range(3)] == [200, 200, 200]
    assert answers[2].json()["ranked"]
