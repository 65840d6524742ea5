"""Engine primitives: the protocol, chance, records, sessions and the message catalogue."""
