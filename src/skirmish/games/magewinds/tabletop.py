"""An attack taken from the battlefield: range, cover and Dodge come from the geometry."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skirmish.engine.trampoline import Progress
from skirmish.errors import IllegalAttack
from skirmish.games.magewinds.attack import AttackSituation, Combatant
from skirmish.games.magewinds.effects import Effect
from skirmish.games.magewinds.field import Battlefield, Placed
from skirmish.games.magewinds.moves import Dodge, Knockback, dodge, knockback
from skirmish.games.magewinds.profiles import AttackProfile
from skirmish.games.magewinds.sightlines import (
    Cover,
    LineOfAttack,
    Sight,
    require_attack,
    survey,
)


@dataclass(frozen=True)
class TableReport:
    """Everything the battlefield says about one attack, each with its rule."""

    attacker: Placed
    target: Placed
    attack: AttackProfile
    sight: Sight
    line: LineOfAttack
    cover: Cover
    dodge: Dodge
    knockback: Knockback

    def reasons(self) -> list[str]:
        return [
            self.sight.reason,
            self.line.reason,
            self.cover.reason,
            self.dodge.reason,
            self.knockback.reason,
        ]


def report(
    field: Battlefield, attacker: str, target: str, attack: str | None = None
) -> TableReport:
    """Visibility, line of attack, range, cover, Dodge and knockback between two fighters.

    A fighter is never its own target (13.4): the question is refused, as an attack is.
    """
    who, whom = field.fighter(attacker), field.fighter(target)
    if who.name == whom.name:
        raise IllegalAttack(f"13.4: {who.name} cannot target itself; name another fighter")
    return reports(field, [(who, whom, who.profile.attack(attack))])[0]


def reports(
    field: Battlefield,
    asked: Sequence[tuple[Placed, Placed, AttackProfile]],
    *,
    progress: Progress | None = None,
) -> list[TableReport]:
    """:func:`report` for many (attacker, target, attack) at once: sight, lines and cover
    are found for all of them together, then Dodge and knockback pair by pair, each pair
    told to ``progress`` (how many are done) when it is given. On the largest battlefield
    allowed, every pair of enemies takes seconds."""
    pairs = [(who, whom) for who, whom, _ in asked]
    seen = survey(field, pairs, [attack for _, _, attack in asked])
    done = []
    for (who, whom, attack), answers in zip(asked, seen, strict=True):
        done.append(
            TableReport(
                who,
                whom,
                attack,
                answers.sight,
                answers.line,
                answers.cover,
                dodge(field, whom, who),
                knockback(field, who, whom),
            )
        )
        if progress is not None:
            progress(len(done))
    return done


def situation_on(
    field: Battlefield,
    attacker: str,
    target: str,
    attack: str | None = None,
    *,
    attacker_effects: frozenset[Effect] = frozenset(),
    target_effects: frozenset[Effect] = frozenset(),
    barrier_clubs: int = 0,
) -> tuple[AttackSituation, TableReport]:
    """The attack situation the battlefield gives, refused without a line of attack (18.1)."""
    table = report(field, attacker, target, attack)
    line = require_attack(field, table.attacker, table.target, table.attack)
    situation = AttackSituation(
        attacker=Combatant(
            table.attacker.profile,
            damage=table.attacker.damage,
            action_counters=table.attacker.action_counters,
            effects=attacker_effects,
            label=table.attacker.name,
        ),
        target=Combatant(
            table.target.profile,
            damage=table.target.damage,
            action_counters=table.target.action_counters,
            guarding=table.target.guarding,
            effects=target_effects,
            label=table.target.name,
        ),
        attack=table.attack,
        cover=table.cover.in_cover,
        can_dodge=table.dodge.possible,
        barrier_clubs=barrier_clubs,
        distance=line.length,
    )
    return situation, table
