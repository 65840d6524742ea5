"""``python -m solotable`` is the ``solotable`` command."""

from solotable.ui.cli import main

raise SystemExit(main())
