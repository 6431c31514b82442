"""One module per command; each builds a game's subcommand from its options model."""
