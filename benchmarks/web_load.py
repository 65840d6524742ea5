"""A bounded load test of the web server on loopback: N concurrent tables played by bots over HTTP.

    python benchmarks/web_load.py --database sqlite:///tmp/load.sqlite3 [--tables 200] [--moves 30]
    python benchmarks/web_load.py --database postgresql://USER:PW@127.0.0.1/DB --servers 2

Starts ``--servers`` server processes (``python -m solotable web``) on loopback ports sharing the
database (the client spreads the tables over them, as a load balancer would, and sends every other
move of a table to the other process), opens ``--tables`` tables (the four games in turn), and
plays each with a bot that picks uniformly among the choices the server sends, up to ``--moves``
moves a table, all tables at once. With ``--think S`` a bot waits 0.5 S to 1.5 S before each move
(a player reading the table) and sits down at a random moment in the first S seconds. One move
in ten is sent a second time with the version it was made on (a double click): the server must
refuse it with 409. The run stops itself after
``--limit`` seconds. At the end every table's moves in the database are compared with the moves the
bots saw accepted: none lost, none applied twice. Prints the latency of a move (p50, p99) and the
counts. Traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

GAMES = [("minirogue-v1", {}), ("minirogue", {}), ("deepspace-d6", {}), ("jongrogue", {})]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def process_cpu(pid: int) -> float:
    """User plus system CPU seconds of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_servers(
    database: str, count: int, profile: str | None = None
) -> tuple[list[subprocess.Popen[bytes]], list[str]]:
    procs: list[subprocess.Popen[bytes]] = []
    urls: list[str] = []
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    for i in range(count):
        port = free_port()
        log = open(Path(os.environ.get("TMPDIR", "/tmp")) / f"web_load_server_{port}.log", "wb")  # noqa: SIM115
        # --profile: the server runs under cProfile, every thread (the event loop and the workers)
        command = (
            [sys.executable, "-m", "solotable"]
            if profile is None
            else [sys.executable, __file__, "--profiled-server", f"{profile}.{i}" if count > 1 else profile]
        )
        procs.append(
            subprocess.Popen(
                [
                    *command,
                    "web",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                    "--database",
                    database,
                    "--create-limit",
                    "0",  # every simulated player comes from 127.0.0.1
                ],
                env=env,
                stdout=log,
                stderr=log,
            )
        )
        urls.append(f"http://127.0.0.1:{port}")
    deadline = time.monotonic() + 60
    for url in urls:
        while True:
            try:
                if httpx.get(url + "/api/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                for proc in procs:  # the ones that did start end with the run
                    proc.kill()
                    proc.wait()
                raise RuntimeError(f"the server at {url} did not start")
            time.sleep(0.2)
    return procs, urls


async def play_table(
    client: httpx.AsyncClient,
    urls: list[str],
    index: int,
    moves: int,
    stop_at: float,
    stats: dict[str, Any],
    think: float,
) -> None:
    game, options = GAMES[index % len(GAMES)]
    rng = random.Random(index)
    base = urls[index % len(urls)]
    if think:  # players do not all sit down in the same instant
        await asyncio.sleep(rng.uniform(0, think))
    try:
        r = await client.post(
            base + "/api/tables", json={"game": game, "options": options, "seed": index, "practice": True}
        )
        r.raise_for_status()
    except httpx.HTTPError as exc:
        stats["errors"].append(("-", "create", repr(exc)))
        await seated(stats)
        return
    table, token = r.json()["table"], r.json()["tokens"][0]
    headers = {"X-Seat-Token": token}

    async def request(method: str, url: str, **kwargs: Any) -> httpx.Response:
        """A request; when the connection drops before the answer (a kept-alive connection the
        server closed), sent once more: a move sent twice is refused by its version."""
        try:
            return await client.request(method, url, headers=headers, **kwargs)
        except httpx.TransportError:
            stats["resent"] += 1
            return await client.request(method, url, headers=headers, **kwargs)

    view = (await request("GET", f"{base}/api/t/{table}")).json()
    await seated(stats)  # every table open and seen before the first move: the warm measure starts
    accepted: list[str] = []
    for n in range(moves):
        if view["over"] or not view["actions"] or time.monotonic() > stop_at:
            break
        notation = rng.choice(view["actions"])["n"]
        if think:  # a player reading the table before the move
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
        server = urls[(index + n) % len(urls)]  # alternate processes: each must see the other's moves
        body = {"action": notation, "version": view["version"]}
        started = time.perf_counter()
        try:
            r = await request("POST", f"{server}/api/t/{table}/move", json=body)
        except httpx.HTTPError as exc:
            stats["errors"].append((table, "transport", repr(exc)))
            break
        stats["latency"].append(time.perf_counter() - started)
        if r.status_code == 409:  # resent after a dropped answer: was the first one played?
            view = (await request("GET", f"{server}/api/t/{table}")).json()
            if view["version"] == body["version"] + 1:
                accepted.append(notation)
                continue
        if r.status_code != 200:
            stats["errors"].append((table, r.status_code, r.text[:200]))
            break
        accepted.append(notation)
        if rng.random() < 0.1:  # a double click: the same move on the version it was made on
            again = await request("POST", f"{urls[(index + n + 1) % len(urls)]}/api/t/{table}/move", json=body)
            stats["repeats"] += 1
            stats["repeat_refused"] += again.status_code == 409
        view = r.json()
    stats["tables"][table] = accepted


async def seated(stats: dict[str, Any]) -> None:
    """Wait until every bot has opened its table and seen it (the server's CPU is read then)."""
    stats["seated"] += 1
    if stats["seated"] == stats["count"]:
        stats["cpu_warm"] = stats["cpu"]()
        stats["all_seated"].set()
    await stats["all_seated"].wait()


async def run(
    urls: list[str], tables: int, moves: int, limit: float, think: float, cpu: Any = lambda: 0.0
) -> dict[str, Any]:
    stats: dict[str, Any] = {"latency": [], "errors": [], "repeats": 0, "repeat_refused": 0, "resent": 0, "tables": {}}
    stats.update(seated=0, count=tables, cpu=cpu, all_seated=asyncio.Event(), cpu_warm=0.0)
    stop_at = time.monotonic() + limit
    limits = httpx.Limits(max_connections=tables, max_keepalive_connections=tables)
    async with httpx.AsyncClient(limits=limits, timeout=60) as client:
        started = time.perf_counter()
        await asyncio.gather(*(play_table(client, urls, i, moves, stop_at, stats, think) for i in range(tables)))
        stats["wall"] = time.perf_counter() - started
    return stats


async def pressure(urls: list[str], streams: int, hints: int, cpu: Any) -> None:
    """``--streams N``: N live streams held open at once (two a table, each by a browser of its
    own), then one browser and one table asking for more than their caps; the server's CPU while
    they are open, and how soon a move reaches the streams (with ``--servers 2`` the streams are
    opened on the second process and the moves sent to the first: the delay across processes).
    ``--hints N``: N hints asked at once, two tables each by N/2 players: the order they are
    served in."""
    base = urls[0]
    watch = urls[-1]  # where the streams are opened
    limits = httpx.Limits(max_connections=streams + hints + 50, max_keepalive_connections=50)
    async with httpx.AsyncClient(limits=limits, timeout=120) as client:

        async def table() -> tuple[str, str]:
            r = await client.post(base + "/api/tables", json={"game": "minirogue-v1"})
            r.raise_for_status()
            return r.json()["table"], r.json()["tokens"][0]

        if streams:
            made = [await table() for _ in range((streams + 1) // 2)]
            heard: dict[str, list[tuple[int, float]]] = {}
            statuses: list[int] = []
            opened = asyncio.Event()

            async def follow(tid: str, tok: str, cookie: str) -> None:
                headers = {"X-Seat-Token": tok, "Cookie": f"solotable_player={cookie}"}
                try:
                    async with client.stream("GET", f"{watch}/api/t/{tid}/events", headers=headers) as r:
                        statuses.append(r.status_code)
                        if len(statuses) >= streams:
                            opened.set()
                        async for line in r.aiter_lines():
                            if line.startswith("data:"):
                                heard.setdefault(tid, []).append(
                                    (int(line.split(":")[-1].strip(" }")), time.monotonic())
                                )
                except httpx.HTTPError:
                    statuses.append(-1)

            tasks = [
                asyncio.create_task(follow(made[i // 2][0], made[i // 2][1], f"stream-client-{i:08d}"))
                for i in range(streams)
            ]
            await asyncio.wait_for(opened.wait(), 60)
            before = cpu()
            await asyncio.sleep(10)
            idle = cpu() - before
            # a move on twenty tables: how soon both streams of each hear of it
            delays = []
            for tid, tok in made[:20]:
                view = (await client.get(f"{base}/api/t/{tid}", headers={"X-Seat-Token": tok})).json()
                sent = time.monotonic()
                body = {"action": view["actions"][0]["n"], "version": view["version"]}
                await client.post(f"{base}/api/t/{tid}/move", headers={"X-Seat-Token": tok}, json=body)
                while sum(1 for v, _ in heard.get(tid, []) if v == body["version"] + 1) < 2:
                    await asyncio.sleep(0.01)
                delays.append(max(t for v, t in heard[tid] if v == body["version"] + 1) - sent)
            # over the caps: one browser, one table
            extra_statuses: list[int] = []

            async def probe(tid: str, tok: str, cookie: str) -> None:
                headers = {"X-Seat-Token": tok, "Cookie": f"solotable_player={cookie}"}
                async with client.stream("GET", f"{watch}/api/t/{tid}/events", headers=headers) as r:
                    extra_statuses.append(r.status_code)

            await asyncio.gather(*(probe(made[0][0], made[0][1], f"probe-table-{i:08d}") for i in range(20)))
            one_table = extra_statuses.count(429)
            extra_statuses.clear()
            await asyncio.gather(*(probe(made[1 + i][0], made[1 + i][1], "one-browser-0000000000") for i in range(12)))
            one_browser = extra_statuses.count(429)
            print(
                f"streams: {statuses.count(200)} of {streams} open ({len(made)} tables, two each); server CPU "
                f"{1000 * idle / 10:.1f} ms a second with them open; a move reached both streams of its table "
                f"{'on the other process ' if watch != base else ''}in {1000 * statistics.median(delays):.0f} ms "
                f"at the median, {1000 * max(delays):.0f} ms at most ({len(delays)} moves); over the caps: "
                f"20 more on one table -> {one_table} refused (429), 12 from one browser -> {one_browser} refused"
            )
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        if hints:
            players = max(1, hints // 2)
            made = [await table() for _ in range(hints)]
            order: list[tuple[int, str]] = []

            async def ask(i: int) -> int:
                tid, tok = made[i]
                player = f"hint-player-{i % players:06d}" + "x" * 4
                r = await client.post(
                    f"{base}/api/t/{tid}/hint",
                    json={"seconds": 0.5},
                    headers={"X-Seat-Token": tok, "Cookie": f"solotable_player={player}"},
                )
                if r.status_code == 200:
                    order.append((int(r.json()["turn"]), player))
                return r.status_code

            started = time.monotonic()
            codes = await asyncio.gather(*(ask(i) for i in range(hints)))
            wall = time.monotonic() - started
            # in the order they were started, past the two the workers took at once: every player's
            # first hint before anyone's second (round robin over the players' lines)
            started_order = [p for _, p in sorted(order)]
            in_turn = all(
                p not in started_order[:k] or len(set(started_order[:k])) == players
                for k, p in enumerate(started_order)
                if k >= 2
            )
            print(
                f"hints: {hints} asked at once by {players} players (two tables each): answers "
                f"{sorted(set(codes))}, all in {wall:.1f} s; every player's first hint started before "
                f"anyone's second: {'yes' if in_turn else 'no'}"
            )


def audit(database: str, stats: dict[str, Any]) -> tuple[int, int]:
    """Moves the bots saw accepted but the database lacks, and moves the database holds twice."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from solotable.ui.web.storage import Storage

    storage = Storage(database)
    lost = duplicated = 0
    for table, accepted in stats["tables"].items():
        stored = [m["notation"] for m in storage.moves_of(table) if m["kind"] == "move"]
        row = storage.get(table)
        assert row is not None
        lost += sum(1 for i, n in enumerate(accepted) if i >= len(stored) or stored[i] != n)
        duplicated += max(0, len(stored) - len(accepted))
        if row.version != len(stored):
            duplicated += abs(row.version - len(stored))
    storage.dispose()
    return lost, duplicated


def profiled_server(out: str, argv: list[str]) -> int:
    """``solotable`` with ``argv`` under cProfile in every thread; the stats of all threads merged
    into ``out`` when it stops (``python -m pstats out``)."""
    import cProfile
    import pstats
    import threading

    profiles: list[cProfile.Profile] = []

    def start(*_: Any) -> None:  # the first event of a new thread: its own profiler from now on
        sys.setprofile(None)
        profile = cProfile.Profile(time.thread_time)  # each thread's own CPU time, not the wall's
        profiles.append(profile)
        profile.enable()

    threading.setprofile(start)
    start()
    from solotable.cli import main as solotable_main

    try:
        code = solotable_main(argv)
    finally:
        for profile in profiles:
            profile.create_stats()
        stats = pstats.Stats(profiles[0])
        for profile in profiles[1:]:
            if getattr(profile, "stats", None):
                stats.add(profile)
        stats.dump_stats(out)
    return int(code or 0)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--profiled-server"]:
        return profiled_server(argv[1], argv[2:])
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", required=True)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--servers", type=int, default=1)
    parser.add_argument("--limit", type=float, default=300.0, help="stop after this many seconds")
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a bot waits before each move (0: moves back to back)"
    )
    parser.add_argument("--streams", type=int, default=0, help="hold this many live streams open instead of playing")
    parser.add_argument("--hints", type=int, default=0, help="ask this many hints at once instead of playing")
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="run the server under cProfile (every thread) and write its stats here (FILE.N with several "
        "servers); CPU figures are then the profiler's, not the server's",
    )
    ns = parser.parse_args(argv)
    procs, urls = start_servers(ns.database, ns.servers, ns.profile)
    if ns.streams or ns.hints:
        try:
            asyncio.run(pressure(urls, ns.streams, ns.hints, lambda: sum(process_cpu(p.pid) for p in procs)))
            print(f"load average {os.getloadavg()[0]:.1f}")
        finally:
            for p in procs:
                p.send_signal(signal.SIGINT)
            for p in procs:
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
        return 0
    try:
        cpu_before = sum(process_cpu(p.pid) for p in procs)
        stats = asyncio.run(
            run(urls, ns.tables, ns.moves, ns.limit, ns.think, lambda: sum(process_cpu(p.pid) for p in procs))
        )
        cpu_after = sum(process_cpu(p.pid) for p in procs)
        server_cpu = cpu_after - cpu_before
        warm_cpu = cpu_after - stats["cpu_warm"]
    finally:
        for p in procs:
            p.send_signal(signal.SIGINT)
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
    lost, duplicated = audit(ns.database, stats)
    lat = sorted(stats["latency"])
    p50 = statistics.median(lat) * 1000
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))] * 1000
    print(
        f"database {ns.database.split('://')[0]}, {ns.servers} server process(es), {ns.tables} tables at once, "
        f"think {ns.think:g} s"
    )
    print(
        f"moves {len(lat)} in {stats['wall']:.1f} s ({len(lat) / stats['wall']:.0f}/s); "
        f"latency p50 {p50:.1f} ms, p99 {p99:.1f} ms"
    )
    print(
        f"double clicks {stats['repeats']}, refused with 409: {stats['repeat_refused']}; "
        f"errors {len(stats['errors'])}; requests sent again after a dropped connection {stats['resent']}; "
        f"lost moves {lost}; duplicated moves {duplicated}"
    )
    print(
        f"server CPU {server_cpu:.1f} s in all, {1000 * server_cpu / max(1, len(lat)):.1f} ms a move "
        f"(every request counted: table openings, views, double clicks); load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"server CPU warm (from the first move on: the moves, their double clicks, the views after a 409) "
        f"{warm_cpu:.1f} s, {1000 * warm_cpu / max(1, len(lat)):.1f} ms a move"
    )
    for err in stats["errors"][:5]:
        print("  error:", err)
    ok = lost == 0 and duplicated == 0 and not stats["errors"] and stats["repeat_refused"] == stats["repeats"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
