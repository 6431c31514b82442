"""Analysis adapters over the engine's exact answers: plots (matplotlib, imported lazily)."""
