"""Bots that play any game through the protocol, and per-game heuristics."""
