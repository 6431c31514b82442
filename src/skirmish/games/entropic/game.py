"""Entropic Engine in the registry: its roster, options, situations, procedure and answers."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.engine import Decision, FixedPolicy, Procedure, exact, pure
from skirmish.errors import IllegalChoice, SkirmishError
from skirmish.games.base import Game, Referee
from skirmish.games.entropic import options as flags
from skirmish.games.entropic.attack import (
    AIM,
    ATTACK_BID,
    COMPONENT,
    COUNTER_INTERRUPT,
    DAMAGED_ATTRIBUTE,
    DEFENSE_BID,
    MOVE_INTERRUPT,
    ORDER,
    Bid,
    Situation,
    attack_back,
    can_attack_back,
    check_answers,
    resolve_attack,
    resolve_attacks,
)
from skirmish.games.entropic.bidding import (
    Values,
    attack_back_by,
    bid_table,
    bidding_game,
    cells,
    first_option,
    result_of,
    weapons_game,
    with_target_selected,
)
from skirmish.games.entropic.models import Force, load_force, sample_force
from skirmish.games.entropic.reports import (
    Row,
    advise_report,
    fighters_report,
    odds_report,
    result_json,
    weapons_report,
)
from skirmish.options import Options
from skirmish.progress import tracker
from skirmish.report import Line, Report, check_picture

if TYPE_CHECKING:
    from skirmish.geometry.scene import Scene

BACK = "attack back: "
"""The prefix of the decisions of a target's attack back."""

SOLVED = "bidding cells solved"
"""What ``advise`` tells progress in: cells of the bidding tables, across every stage."""

MAX_BID_ROWS = 4096
"""Bid combinations ``odds`` lists for several weapons before asking for the bids."""


def _bids(flag: str, values: list[int] | None, weapons: int, most: int) -> list[Bid] | None:
    """One real bid per weapon, each within the console's tokens (Place Bids)."""
    if not values:
        return None
    if len(values) != weapons:
        raise SkirmishError(
            f"{flag} given {len(values)} times for {weapons} weapons: give one bid per weapon"
        )
    for value in values:
        if not 0 <= value <= most:
            raise SkirmishError(
                f"{flag} {value}: the console holds {most} real command tokens (Place Bids)"
            )
    return [Bid(value) for value in values]


def _spread(tokens: int, weapons: int) -> list[tuple[Bid, ...]]:
    """Every way to bid real tokens on each weapon, at most ``tokens`` in all."""
    return [
        tuple(Bid(n) for n in split)
        for split in product(range(tokens + 1), repeat=weapons)
        if sum(split) <= tokens
    ]


def interrupting(
    situations: tuple[Situation, ...], interrupt: flags.Interrupt, values: Values
) -> tuple[tuple[Situation, ...], dict[str, str]]:
    """The situations ready for the target's interrupt, and its answers for every weapon.

    An interrupt the target can never make is refused, naming both flags and the rule.
    """
    first = situations[0]
    if interrupt is not flags.Interrupt.NONE:
        if first.target.acted:
            raise SkirmishError(
                f"--interrupt {interrupt.value} and --target-acted: a target that has acted "
                "this turn cannot interrupt (Interrupts)"
            )
        if first.target.real_tokens < 1:
            raise SkirmishError(
                f"--interrupt {interrupt.value} and --defender-tokens 0: an interrupt costs a "
                "command point (Interrupts)"
            )
    if interrupt is flags.Interrupt.ATTACK_BACK:
        if not can_attack_back(first):
            raise SkirmishError(
                f"--interrupt attack-back: {first.target.name} has no weapon to attack back "
                "with (Interrupts)"
            )
        situations = tuple(attack_back_by(s, values) for s in situations)
    answers = {}
    for situation in situations:
        answers[situation.prefix + MOVE_INTERRUPT] = (
            "move" if interrupt is flags.Interrupt.MOVE else "stay"
        )
        answers[situation.prefix + COUNTER_INTERRUPT] = (
            "attack back" if interrupt is flags.Interrupt.ATTACK_BACK else "no"
        )
    return situations, answers


class EntropicEngine(Game):
    """Entropic Engine: sealed bids with dummies, interrupts, composite models, no dice."""

    name = "entropic"
    roster_flag = "--force"
    commands: ClassVar[dict[str, type[Options]]] = {
        "fighters": flags.FightersOptions,
        "odds": flags.OddsOptions,
        "attack": flags.AttackOptions,
        "advise": flags.AdviseOptions,
        "los": flags.LosOptions,
        "draw": flags.DrawOptions,
    }
    decisions: ClassVar[dict[str, str]] = {
        ATTACK_BID: "--bid-attack",
        DEFENSE_BID: "--bid-defense",
        MOVE_INTERRUPT: "--interrupt",
        COUNTER_INTERRUPT: "--interrupt",
        DAMAGED_ATTRIBUTE: "--damaged",
        COMPONENT: "--component",
        AIM: "--aim",
        BACK + DAMAGED_ATTRIBUTE: "--damaged-back",
        BACK + COMPONENT: "--component-back",
        ORDER: "--weapon (in the order wanted)",
    }
    examples = "skirmish.games.entropic.examples"

    def bundled(self) -> Force:
        return sample_force()

    def load_roster(self, path: Path) -> Force:
        return load_force(path)

    def situation(self, options: Options) -> tuple[Situation, ...]:
        assert isinstance(options, flags.SituationOptions)
        return flags.situations(options)

    def procedure(self, situation: Any) -> Procedure[Any]:
        if isinstance(situation, tuple) and len(situation) > 1:
            return partial(resolve_attacks, situations=situation)
        single = situation[0] if isinstance(situation, tuple) else situation
        return partial(resolve_attack, situation=single)

    def _facts(self, options: flags.SituationOptions) -> list[tuple[str, str]] | None:
        if options.battlefield is None:
            return None
        from skirmish.games.entropic.field import facts, load_field

        field = load_field(options.battlefield, flags.force(options.force))
        assert options.attacker is not None and options.target is not None
        return facts(field, options.attacker, options.target)

    def fighters(self, options: Options) -> Report:
        assert isinstance(options, flags.FightersOptions)
        return fighters_report(flags.force(options.force))

    def odds(self, options: Options) -> Report:
        assert isinstance(options, flags.OddsOptions)
        situations, answers = interrupting(self.situation(options), options.interrupt, Values())
        targets = [with_target_selected(s, Values(), answers) for s in situations]
        for target in targets:
            answers |= target.answers
        first = targets[0].situation
        attack_bids = _bids(
            "--bid-attack", options.bid_attack, len(targets), first.attacker.real_tokens
        )
        defense_bids = _bids(
            "--bid-defense", options.bid_defense, len(targets), first.target.real_tokens
        )
        chosen = tuple(t.situation for t in targets)
        if len(targets) > 1:
            rows = self._several(chosen, answers, attack_bids, defense_bids)
        elif attack_bids is not None and defense_bids is not None:
            result = result_of(first, attack_bids[0], defense_bids[0], answers)
            rows = [((attack_bids[0],), (defense_bids[0],), (result,))]
        else:
            rows = [
                ((Bid(a),), (Bid(d),), (r,))
                for (a, d), r in bid_table(first, answers).items()
                if (attack_bids is None or a == attack_bids[0].real)
                and (defense_bids is None or d == defense_bids[0].real)
            ]
        both = attack_bids is not None and defense_bids is not None
        return odds_report(targets, rows, self._facts(options), both_bids=both)

    def _several(
        self,
        situations: tuple[Situation, ...],
        answers: dict[str, str],
        attack_bids: list[Bid] | None,
        defense_bids: list[Bid] | None,
    ) -> list[Row]:
        """Several weapons (EE-14): each weapon's result for the bids given, or for every
        combination of real bids the consoles allow, weapons in the order given."""
        names = [s.attacking_part().weapon(s.weapon).name for s in situations]
        answers = answers | {situations[0].prefix + ORDER: " then ".join(names)}
        first = situations[0]
        attacks = (
            [tuple(attack_bids)]
            if attack_bids is not None
            else _spread(first.attacker.real_tokens, len(names))
        )
        defenses = (
            [tuple(defense_bids)]
            if defense_bids is not None
            else _spread(first.target.real_tokens, len(names))
        )
        if len(attacks) * len(defenses) > MAX_BID_ROWS:
            raise SkirmishError(
                f"{len(attacks) * len(defenses)} combinations of bids for {len(names)} "
                "weapons: give --bid-attack and --bid-defense once per weapon"
            )
        rows: list[Row] = []
        for attack in attacks:
            for defense in defenses:
                bids = dict(answers)
                for s, a, d in zip(situations, attack, defense, strict=True):
                    bids[s.prefix + ATTACK_BID] = a.text()
                    bids[s.prefix + DEFENSE_BID] = d.text()
                policy = FixedPolicy({k: pure(v) for k, v in bids.items()}, fallback=first_option)
                try:
                    outcome = exact(partial(resolve_attacks, situations=situations), policy=policy)
                except IllegalChoice as error:
                    if attack_bids is not None and defense_bids is not None:
                        raise SkirmishError(
                            f"--bid-attack/--bid-defense: {error} (every token bid on an "
                            "earlier weapon is spent, EE-14)"
                        ) from None
                    continue  # more tokens than the consoles hold after the earlier bids
                (results,) = outcome.probabilities
                rows.append((attack, defense, results))
        return rows

    def advise(self, options: Options) -> Report:
        assert isinstance(options, flags.AdviseOptions)
        worth = flags.values(options)
        situations, answers = interrupting(self.situation(options), options.interrupt, worth)
        shown = {o.value: str(v) for o, v in worth.results.items()} | {
            "token_cost": str(worth.real_token),
            "dummy_cost": str(worth.dummy_token),
            "attacker_stun_cost": str(worth.attacker_stun),
        }
        progress = tracker(SOLVED, cells(situations))
        if len(situations) > 1:
            several = weapons_game(situations, worth, answers, progress=progress)
            return weapons_report(situations, several, shown)
        advice = bidding_game(situations[0], worth, answers, progress=progress)
        return advise_report(situations[0], advice, self._facts(options), shown)

    def referee(self, options: Options) -> Referee:
        assert isinstance(options, flags.AttackOptions)
        situations = self.situation(options)
        if len(situations) > 1:
            raise SkirmishError(
                "--weapon given several times: the referee resolves one weapon's attack at a "
                "time (odds and advise take several, EE-14)"
            )
        situation = situations[0]
        answers: dict[str, str] = {}
        given: dict[str, str] = {}  # the flag and value behind each answer, for its refusal
        if options.bid_attack is not None:
            answers[ATTACK_BID] = Bid(options.bid_attack, options.dummy_attack).text()
            given[ATTACK_BID] = f"--bid-attack {options.bid_attack}"
        if options.bid_defense is not None:
            answers[DEFENSE_BID] = Bid(options.bid_defense, options.dummy_defense).text()
            given[DEFENSE_BID] = f"--bid-defense {options.bid_defense}"
        if options.interrupt is not None:
            choice = options.interrupt
            answers[MOVE_INTERRUPT] = "move" if choice is flags.Interrupt.MOVE else "stay"
            answers[COUNTER_INTERRUPT] = (
                "attack back" if choice is flags.Interrupt.ATTACK_BACK else "no"
            )
        if can_attack_back(situation):
            situation = replace(
                situation, counter=replace(attack_back(situation), component=options.component_back)
            )
        if options.damaged is not None:
            answers[DAMAGED_ATTRIBUTE] = options.damaged.casefold()
            given[DAMAGED_ATTRIBUTE] = f"--damaged {options.damaged!r}"
        if options.damaged_back is not None:
            answers[BACK + DAMAGED_ATTRIBUTE] = options.damaged_back.casefold()
            given[BACK + DAMAGED_ATTRIBUTE] = f"--damaged-back {options.damaged_back!r}"
        for key, answer in answers.items():
            try:
                check_answers(situation, {key: answer})
            except SkirmishError as error:
                raise SkirmishError(f"{given.get(key, key)}: {error}") from None

        def flag(decision: Decision) -> str | None:
            return self.answering_flag(decision.key)

        return Referee(
            partial(resolve_attack, situation=situation),
            {key: pure(option) for key, option in answers.items()},
            flag,
            result_json,
            names={
                "attacker": situation.attacker.name,
                "attack": situation.attacking_part().weapon(situation.weapon).name,
                "target": situation.target.name,
            },
        )

    def _field(self, options: flags.LosOptions | flags.DrawOptions) -> Any:
        from skirmish.games.entropic.field import load_field

        return load_field(options.file, flags.force(options.force))

    def los(self, options: Options) -> Report:
        assert isinstance(options, flags.LosOptions)
        from skirmish.games.entropic.field import facts

        found = facts(self._field(options), options.attacker, options.target)
        data = {
            "game": self.name,
            "attacker": options.attacker,
            "target": options.target,
            "facts": [{"rule": rule, "text": text} for rule, text in found],
        }
        lines = (
            Line.of(f"{options.attacker} -> {options.target}", bold=True),
            *(Line.of(f"{rule}: {text}") for rule, text in found),
        )
        return Report(lines, data)

    def draw(self, options: Options) -> Report:
        assert isinstance(options, flags.DrawOptions)
        check_picture(options.output, flag="--output")
        if (options.attacker is None) != (options.target is None):
            raise SkirmishError("give both --attacker and --target, or neither")
        picture = scene(self._field(options), options)
        return Report((), {"game": self.name}, pictures=((options.output, picture),))


def scene(field: Any, options: flags.DrawOptions) -> Scene:
    """The battlefield to draw: blocking and obscuring terrain, models on their bases and
    paths; with an attacker and a target, a line to each aim that is seen (EE-11)."""
    from shapely import LineString

    from skirmish.games.entropic.field import facts
    from skirmish.geometry.scene import TERRAIN, Area, Base, Scene, Stroke

    areas = [Area(shape, f"{TERRAIN} blocking", name=name) for name, shape in field.blocking]
    areas += [Area(shape, f"{TERRAIN} obscuring", name=name) for name, shape in field.obscuring]
    bases, strokes = [], []
    for placed in field.models:
        name = placed.model.name
        for point in placed.bases[:-1]:
            bases.append(Base(f"{name} (path)", point.x, point.y, placed.radius * 0.6, placed.side))
        standing = placed.standing
        bases.append(Base(name, standing.x, standing.y, placed.radius, placed.side))
        path = placed.path()
        if path is not None:
            strokes.append(Stroke(path, "path"))
    notes: tuple[str, ...] = ()
    title = "Battlefield"
    if options.attacker is not None and options.target is not None:
        a, t = field.placed(options.attacker), field.placed(options.target)
        strokes.append(
            Stroke(LineString([a.standing, t.standing]), "attack", "to the target's base")
        )
        notes = tuple(f"{rule}: {text}" for rule, text in facts(field, a.model.name, t.model.name))
        title = f"{a.model.name} -> {t.model.name}"
    return Scene(
        field.width,
        field.length,
        areas=tuple(areas),
        bases=tuple(bases),
        strokes=tuple(strokes),
        title=title,
        notes=notes,
    )


GAME = EntropicEngine()
