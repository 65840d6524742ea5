"""One package per game; each imports solotable.core only."""
