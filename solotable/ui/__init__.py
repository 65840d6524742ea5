"""Ways for a person to play."""
