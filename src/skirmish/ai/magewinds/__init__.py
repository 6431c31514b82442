"""Computer players for Magewinds battles: exact attack outlooks, a position evaluation,
candidate activations, the greedy player, the search player, and explanations."""
