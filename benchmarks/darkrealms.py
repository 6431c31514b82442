"""Dark Realms benchmarks: optimal re-rolls through the engine against a hand-written recursion.

Run by ``python benchmarks/run.py``. The baseline is the same answer — the whole distribution
of (damage, Stamina spent) of a rolled-range attack with optimal re-rolls and die assignment,
ties going to keeping the dice and then to the first die, as the engine breaks them —
computed by a recursion written for this one case with ``functools.cache``. The engine's
answer comes from the generic expectimax policy and exact enumeration over the rules
procedure, which merge every path that reaches the same dice and Stamina (continuations),
and also yield every field of the result, the referee's choices and the log. Both answers
are compared whole before anything is timed.
"""

from __future__ import annotations

import itertools
import timeit
from fractions import Fraction
from functools import cache

from skirmish.games.darkrealms import CardAttack, Figure, Kind, Shields, Situation, odds

FACES = range(1, 7)
TABLE = {1: None, 2: -2, 3: -1, 4: 0, 5: 1, 6: 2}
BASE, DISTANCE = 4, 3
Outcomes = dict[tuple[int, int], Fraction]
"""(damage, Stamina spent) -> probability."""


def hit(face: int) -> int:
    modifier = TABLE[face]
    return 0 if modifier is None else max(0, BASE + modifier)


def mean(outcomes: Outcomes) -> Fraction:
    return sum((p * damage for (damage, _), p in outcomes.items()), Fraction(0))


def hand_written(stamina: int) -> Outcomes:
    @cache
    def value(a: int, b: int, left: int) -> Outcomes:
        splits = [hit(attack) for rng, attack in ((a, b), (b, a)) if rng >= DISTANCE]
        best: Outcomes = {(max(splits, default=0), stamina - left): Fraction(1)}
        if left:
            for again in ((lambda x: (x, b)), (lambda x: (a, x))):
                outcomes: Outcomes = {}
                for x in FACES:
                    for key, p in value(*again(x), left - 1).items():
                        outcomes[key] = outcomes.get(key, Fraction(0)) + p / 6
                if mean(outcomes) > mean(best):
                    best = outcomes
        return best

    total: Outcomes = {}
    for a, b in itertools.product(FACES, repeat=2):
        for key, p in value(a, b, stamina).items():
            total[key] = total.get(key, Fraction(0)) + p / 36
    return total


def situation(stamina: int) -> Situation:
    return Situation(
        Figure("Ranger", melee=2, range=BASE, health=99),
        Figure("Target", melee=0, range=0, health=99),
        CardAttack("Aimed", Kind.RANGE, rolled_range=True),
        distance=DISTANCE,
        stamina=stamina,
    )


def engine(stamina: int) -> Outcomes:
    results = odds(situation(stamina))
    return dict(results.map(lambda r: (r.damage, r.stamina_spent)).probabilities)


def both_sides(stamina: int) -> object:
    """A strike at a target with a rolled shield and a die shield, both sides re-rolling."""
    return odds(
        Situation(
            Figure("Duelist", melee=5, range=0, health=99),
            Figure("Guard", melee=0, range=0, health=9, shields=Shields(1, True, True)),
            CardAttack("Strike", Kind.MELEE),
            stamina=stamina,
            defender_stamina=stamina,
        )
    )


def at_the_limits() -> None:
    """The largest questions the limits allow, each timed once, with the positions counted
    against the estimate the work budget is checked on."""
    from skirmish.games.darkrealms.odds import positions

    ranger = Figure("Ranger", melee=4, range=4, health=99)
    cases = {
        "99 Stamina, one attack die": Situation(
            ranger, Figure("Target", 0, 0, 99), CardAttack("Strike", Kind.MELEE), stamina=99
        ),
        "31 Stamina, three dice (Confused, rolled range)": Situation(
            ranger,
            Figure("Target", 0, 0, 99),
            CardAttack("Aimed", Kind.RANGE, rolled_range=True),
            distance=DISTANCE,
            stamina=31,
            confused=True,
        ),
        "19 Stamina each, both shield dice": Situation(
            ranger,
            Figure("Guard", 0, 0, 99, shields=Shields(1, True, True)),
            CardAttack("Strike", Kind.MELEE),
            stamina=19,
            defender_stamina=19,
        ),
    }
    print("Dark Realms at the limits (one run each; the budget is 250,000 positions)")
    for name, case in cases.items():
        counted: list[int] = []
        took = timeit.timeit(lambda c=case, k=counted: odds(c, progress=k.append), number=1)
        print(
            f"   {name}: {took:.1f} s, {counted[-1]:,} positions counted "
            f"(estimate {positions(case):,})"
        )


def main() -> None:
    print("Dark Realms: rolled-range attack, optimal re-rolls and die assignment (best of 3)")
    print("   (engine and recursion agree on the whole distribution of damage and Stamina)")
    for stamina in (1, 2, 3, 4):
        assert engine(stamina) == hand_written(stamina)
        slow = min(timeit.repeat(lambda s=stamina: engine(s), number=1, repeat=3))
        fast = min(timeit.repeat(lambda s=stamina: hand_written(s), number=1, repeat=3))
        print(
            f"   {stamina} Stamina: engine {slow:.3f} s, hand-written recursion {fast:.4f} s, "
            f"ratio {slow / fast:.1f}x"
        )
    print("Dark Realms: a strike against both shield dice, both sides re-rolling (best of 3)")
    for stamina in (1, 2, 3, 4):
        took = min(timeit.repeat(lambda s=stamina: both_sides(s), number=1, repeat=3))
        print(f"   {stamina} Stamina each: engine {took:.3f} s")
    at_the_limits()


if __name__ == "__main__":
    main()
