"""``python -m solotable`` is the ``solotable`` command."""

from solotable.cli import main

raise SystemExit(main())
