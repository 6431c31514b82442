"""The rules engine: one procedure, run as a referee or enumerated exactly.

>>> from skirmish.dice import CountAtMost
>>> def two_dice(context):
...     return context.roll(CountAtMost(2, 3), rule="demo", label="hits")
>>> exact(two_dice, policy=FixedPolicy()).probabilities[2]
Fraction(1, 4)
>>> play(two_dice, players=FixedPolicy(), seed=1).result in (0, 1, 2)
True
"""

from skirmish.engine.context import Context, Procedure
from skirmish.engine.continuation import Frame
from skirmish.engine.distribution import Distribution
from skirmish.engine.exact import Enumerator, exact, replay
from skirmish.engine.expectimax import ExpectimaxPolicy
from skirmish.engine.matrix import MatrixGame, Solution, solve
from skirmish.engine.play import Play, play
from skirmish.engine.policy import FixedPolicy, Mix, Policy, pure, uniform
from skirmish.engine.records import Decision, Entry, Event, LogEntry, Rolled, detail

__all__ = [
    "Context",
    "Decision",
    "Distribution",
    "Entry",
    "Enumerator",
    "Event",
    "ExpectimaxPolicy",
    "FixedPolicy",
    "Frame",
    "LogEntry",
    "MatrixGame",
    "Mix",
    "Play",
    "Policy",
    "Procedure",
    "Rolled",
    "Solution",
    "detail",
    "exact",
    "play",
    "pure",
    "replay",
    "solve",
    "uniform",
]
