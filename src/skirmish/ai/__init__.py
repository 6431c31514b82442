"""Computer players: they answer a battle's decisions from a player's view alone.

``random`` (the engine's, uniform over the legal actions), ``greedy`` (the best activation
now by the exact odds and a position evaluation) and ``search`` (a look ahead over sampled
hidden facts within a time budget); see :mod:`skirmish.ai.players`.
"""
