"""Dark Realms benchmarks: optimal re-rolls through the engine against a hand-written recursion.

Run by ``python benchmarks/run.py``. The baseline is the same answer (expected damage of a
rolled-range attack with optimal re-rolls and die assignment) computed by a recursion written
for this one case with ``functools.cache``; the engine's answer comes from the generic
expectimax policy and exact enumeration over the rules procedure, which also yield the whole
distribution, the referee's choices and the log.
"""

from __future__ import annotations

import itertools
import timeit
from fractions import Fraction
from functools import cache

from skirmish.games.darkrealms import CardAttack, Figure, Kind, Situation, odds

FACES = range(1, 7)
TABLE = {1: None, 2: -2, 3: -1, 4: 0, 5: 1, 6: 2}
BASE, DISTANCE = 4, 3


def hit(face: int) -> int:
    modifier = TABLE[face]
    return 0 if modifier is None else max(0, BASE + modifier)


def split(a: int, b: int) -> Fraction:
    options = [hit(attack) for rng, attack in ((a, b), (b, a)) if rng >= DISTANCE]
    return Fraction(max(options, default=0))


def hand_written(stamina: int) -> Fraction:
    @cache
    def value(a: int, b: int, left: int) -> Fraction:
        best = split(a, b)
        if left:
            again_a = sum((value(x, b, left - 1) for x in FACES), Fraction(0)) / 6
            again_b = sum((value(a, x, left - 1) for x in FACES), Fraction(0)) / 6
            best = max(best, again_a, again_b)
        return best

    return (
        sum((value(a, b, stamina) for a, b in itertools.product(FACES, repeat=2)), Fraction(0)) / 36
    )


def engine(stamina: int) -> Fraction:
    situation = Situation(
        Figure("Ranger", melee=2, range=BASE, health=99),
        Figure("Target", melee=0, range=0, health=99),
        CardAttack("Aimed", Kind.RANGE, rolled_range=True),
        distance=DISTANCE,
        stamina=stamina,
    )
    return odds(situation).mean(lambda r: r.damage)


def main() -> None:
    print("Dark Realms: rolled-range attack, optimal re-rolls and die assignment (best of 3)")
    for stamina in (1, 2, 3):
        assert engine(stamina) == hand_written(stamina)
        slow = min(timeit.repeat(lambda s=stamina: engine(s), number=1, repeat=3))
        fast = min(timeit.repeat(lambda s=stamina: hand_written(s), number=1, repeat=3))
        print(
            f"   {stamina} Stamina: engine {slow:.3f} s, hand-written recursion {fast:.4f} s, "
            f"ratio {slow / fast:.0f}x"
        )


if __name__ == "__main__":
    main()
