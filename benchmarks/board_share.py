"""How much of play happens on the browser's board: in every decision of a few heuristic games of
each game, the share of the legal actions attached to an element the board draws (a piece with
``data-el``, where the page offers that action), the rest being what the page keeps in its list of
choices (free actions, and those of elements the board does not draw).

Pooled over every decision's legal actions; also the share of the non-free actions (those the
game's ``board.py`` attaches to some element) that are drawn, and the CPU spent drawing a board.

    PYTHONPATH=$PWD python benchmarks/board_share.py                    # 3 heuristic games each
    PYTHONPATH=$PWD python benchmarks/board_share.py --games 5 --game minirogue
"""

from __future__ import annotations

import argparse
import re
import time
from collections import Counter

from solotable.agents.walk import decision_states
from solotable.core.registry import load as load_game
from solotable.ui.web import boards

GAMES: dict[str, dict[str, object]] = {
    "deepspace-d6": {},
    "jongrogue": {"rules": "ez-plus"},
    "minirogue": {},
    "minirogue-v1": {},
}
MAX_STEPS = 3000


def drawn_keys(board: str) -> set[str]:
    return {key for keys in re.findall(r'data-el="([^"]*)"', board) for key in keys.split()}


def measure(game_id: str, games: int, lang: str, agent: str, options: dict[str, object]) -> dict[str, object]:
    game = load_game(game_id)
    legal_total = on_board = free_total = decisions = 0
    listed_names: Counter[str] = Counter()
    draw_cpu = 0.0
    for seed in range(games):
        walk = decision_states(
            game_id, agent, 1000 + seed, rng_seed=seed, options={**GAMES[game_id], **options}, max_steps=MAX_STEPS
        )
        for state in walk:
            seat = state.to_move
            legal = [str(a) for a in state.legal_actions()]
            declared = game.board_actions(state)
            t0 = time.process_time()
            html, _ = boards.render(game_id, state.observation(seat if isinstance(seat, int) else 0), lang)
            draw_cpu += time.process_time() - t0
            drawn = drawn_keys(html)
            here = {str(a) for e in declared.elements if e.key in drawn for a in e.actions}
            legal_total += len(legal)
            on_board += sum(1 for n in legal if n in here)
            free_total += len(declared.free)
            for n in legal:
                if n not in here:
                    listed_names[n.split(":")[0]] += 1
            decisions += 1
    attached = legal_total - free_total
    return {
        "decisions": decisions,
        "legal": legal_total,
        "on_board": on_board,
        "share": on_board / legal_total if legal_total else 0.0,
        "drawn_of_attached": on_board / attached if attached else 1.0,
        "listed": listed_names.most_common(8),
        "draw_ms": 1000 * draw_cpu / max(1, decisions),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value")
    args = parser.parse_args()
    options: dict[str, object] = dict(o.split("=", 1) for o in args.option)
    for game_id in args.game or list(GAMES):
        r = measure(game_id, args.games, args.lang, args.agent, options)
        print(
            f"{game_id:13} decisions {r['decisions']:5}  legal actions {r['legal']:6}  on the board "
            f"{r['on_board']:6} = {100 * float(r['share']):5.1f}%  (of those not free: "  # type: ignore[arg-type]
            f"{100 * float(r['drawn_of_attached']):5.1f}%)  draw {float(r['draw_ms']):.2f} ms CPU/board"  # type: ignore[arg-type]
        )
        print(f"{'':13} in the list most: {r['listed']}")


if __name__ == "__main__":
    main()
