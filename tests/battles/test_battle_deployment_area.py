"""The deployment areas the battle page shades are where the scenario's own deployment
rules let a base's centre go: checked point by point against those rules."""

from __future__ import annotations

from random import Random

import pytest
from shapely import Point

from skirmish.engine.battle import Turn
from skirmish.games.magewinds.battle import new_setup, start_battle
from skirmish.games.magewinds.battle.catalogue import SCENARIOS
from skirmish.games.magewinds.battle.scenarios import deployment_problem
from skirmish.games.magewinds.battle.state import Battle, Phase
from skirmish.games.magewinds.battle.tables import parse_table
from skirmish.games.magewinds.battle.territory import RADIUS
from skirmish.games.magewinds.picture import deployment_area, deployment_areas

BANDS = [["Wizard", "Cleric"], ["Druid", "Witch"], ["Guardian"], ["Mesmer"]]


def deploying(scenario_id: str, seed: int) -> Battle:
    """A battle of the scenario at its first deployment decision, its setup made at random."""
    scenario = next(s for s in SCENARIOS if s.id == scenario_id)
    players = scenario.players[0]
    width = 24 if scenario.double_size else 12
    table = parse_table(
        {"battlefield": {"width": width, "length": 16}, "terrain": []}, source="test table"
    )
    battle = start_battle(new_setup(scenario.id, BANDS[:players], table=table))
    rng = Random(seed)
    for _ in range(400):
        if battle.phase is Phase.DEPLOYMENT and isinstance(battle.node(), Turn):
            return battle
        node = battle.node()
        if isinstance(node, Turn):
            battle = battle.apply(rng.choice(battle.legal_actions(node.player)))
        else:
            battle = battle.apply(battle.sample_chance(rng))
    raise AssertionError(f"{scenario_id}: no deployment after 400 steps")


@pytest.mark.parametrize("scenario", [s.id for s in SCENARIOS])
def test_the_deployment_area_is_where_the_rules_allow_a_centre(scenario: str) -> None:
    battle = deploying(scenario, seed=len(scenario))
    table = battle.setup.table
    for player in range(battle.players):
        area = deployment_area(battle, player)
        assert not area.is_empty, (scenario, player)
        checked = 0
        for i in range(int(table.width * 8) + 1):
            for j in range(int(table.length * 8) + 1):
                x, y = i / 8, j / 8
                on_table = (
                    RADIUS <= x <= table.width - RADIUS and RADIUS <= y <= table.length - RADIUS
                )
                allowed = on_table and deployment_problem(battle, player, (x, y)) is None
                if area.boundary.distance(Point(x, y)) < 1e-3:
                    continue  # on the edge itself, where rounding decides
                assert area.contains(Point(x, y)) == allowed, (scenario, player, x, y)
                checked += allowed
        assert checked > 0
    drawn = deployment_areas(battle)
    assert [a.style for a in drawn] == [f"deploy P{p + 1}" for p in range(battle.players)]
