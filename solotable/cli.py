"""The ``solotable`` command: routes ``sim`` to the simulator and everything else to the
terminal interface (the two layers stay independent of each other, as DESIGN.md asks)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence

from solotable.core.i18n import default_lang
from solotable.ui import cli as ui_cli
from solotable.ui.present import msg


def degrade_output() -> None:
    """A terminal that cannot show every character (``PYTHONIOENCODING=ascii``, a latin-1 locale)
    shows ``?`` for what it cannot, rather than ending the program with ``UnicodeEncodeError``."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = str(getattr(stream, "encoding", "") or "").lower().replace("-", "").replace("_", "")
        if reconfigure is not None and encoding not in ("utf8", "utf8sig"):
            try:
                reconfigure(errors="replace")
            except (OSError, ValueError):  # a stream that cannot be changed any more
                continue


def main(argv: Sequence[str] | None = None) -> int:
    degrade_output()
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "sim":
        return run_sim(args[1:])
    if args and args[0] == "web":  # the browser interface (solotable/ui/web)
        from solotable.ui.web.cli import main as web_main

        return web_main(args[1:])
    if args and args[0] == "review":  # a game's review (solotable/ui/review_cli.py)
        from solotable.ui.review_cli import main as review_main

        return review_main(args[1:])
    return ui_cli.main(args)


def run_sim(argv: list[str]) -> int:
    """``solotable sim ...``: hand over to :func:`solotable.sim.cli.main`."""
    lang = default_lang()
    try:
        module = importlib.import_module("solotable.sim.cli")
        sim_main: Callable[[list[str]], int] = module.main
    except (ImportError, AttributeError) as exc:
        print(msg("cli.error", lang, message=msg("cli.sim_missing", lang, reason=exc)), file=sys.stderr)
        return 2
    return int(sim_main(argv))


if __name__ == "__main__":
    sys.exit(main())
