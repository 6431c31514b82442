"""Battle Royale's reward for enemies taken out of action (v1.4.0, ruling MB-29): who is
credited when the attack is a Blast's further one, a Quake, a charmed fighter's or a
Mirrorshield's returned hits, that poison, the Storm and windburn credit nobody, and the
hand-limit bonus the credited player holds in the following round."""

from __future__ import annotations

from dataclasses import replace

from mwbattle import answer, events, play, royale, to_round_2

from skirmish.games.magewinds.battle.deck import hand_limit
from skirmish.games.magewinds.battle.state import Battle, Status

ROCK = {"name": "Rock", "height": 0.5, "rectangle": {"centre": [17, 8], "size": [1, 1]}}


def hurt(battle: Battle, name: str, left: int = 1) -> Battle:
    """``name`` with ``left`` points of Toughness to go."""
    fighter = battle.fighter(name)
    toughness = battle.setup.profile(fighter.profile).toughness
    return battle.with_fighter(replace(fighter, damage=toughness - left))


def credited(battle: Battle) -> list[int]:
    return [who for kind, who, _ in battle.tally if kind == "takedown"]


def limits(battle: Battle) -> list[int]:
    return [hand_limit(battle, seat)[0] for seat in range(battle.players)]


def test_a_blasts_further_attack_is_credited_to_the_wizards_player():
    positions = {
        "Wizard": (8, 8),
        "Witch": (8, 5),
        "Guardian": (12, 8),
        "Seer": (15, 5),
        "Druid": (15, 11),
        "Cleric": (12, 9.5),  # 0.52" from the Guardian: Blast attacks it too
    }
    bands = [["Wizard", "Witch"], ["Guardian", "Seer"], ["Druid", "Cleric"]]
    battle = royale(bands, positions, {0: ("2D", "3D")})
    battle = hurt(battle, "Cleric")
    battle = play(battle, "done", "activate Wizard", "attack", "no step")
    battle = battle.apply("attack Guardian with Blast paying 2D+3D")
    while battle.fighter("Cleric").on_battlefield:
        battle = answer(battle, "no knockback", "blast Cleric")
    assert [dict(e.data)["target"] for e in events(battle, "blast_attack")] == ["Cleric"]
    assert battle.fighter("Guardian").on_battlefield
    # Player 1 (seat 0) made the further attack that took the Cleric of player 3 down.
    assert credited(battle) == [0]
    assert limits(battle) == [5, 5, 5]  # the bonus is for the following round
    battle = to_round_2(battle)
    assert limits(battle) == [6, 5, 5]
    assert "MB-29" in hand_limit(battle, 0)[1]


def test_a_quake_is_credited_to_the_druids_player_and_never_for_a_friend():
    positions = {
        "Druid": (12, 8),
        "Witch": (17, 9.3),  # the Druid's friend, 0.3" from the Rock
        "Guardian": (17, 6.7),
        "Seer": (8, 5),
        "Cleric": (18.3, 8),
        "Wizard": (8, 11),
    }
    bands = [["Druid", "Witch"], ["Guardian", "Seer"], ["Cleric", "Wizard"]]
    battle = royale(bands, positions, {0: ("2C", "3C")}, terrain=(ROCK,))
    battle = hurt(hurt(battle, "Cleric"), "Witch")
    battle = play(battle, "done", "activate Druid", "quake", "no step", "quake Rock paying 2C+3C")
    while any(battle.fighter(n).on_battlefield for n in ("Cleric", "Witch")):
        battle = answer(battle)
    # The Cleric of player 3 counts for player 1; the Druid's own Witch counts for nobody.
    assert credited(battle) == [0]
    battle = to_round_2(battle)
    assert limits(battle) == [6, 5, 5]


def charmed_attack(target: str) -> Battle:
    """Player 1's Witch charms player 2's Wizard, which at its activation Sparks ``target``
    (left with 1 point of Toughness), paid from player 1's hand."""
    positions = {
        "Witch": (8, 8),
        "Seer": (8, 11),
        "Wizard": (11, 8),
        "Guardian": (14, 6),
        "Cleric": (14, 10),
        "Druid": (18, 12),
    }
    bands = [["Witch", "Seer"], ["Wizard", "Guardian"], ["Cleric", "Druid"]]
    battle = royale(bands, positions, {0: ("2H", "2S", "2C", "2D")})
    battle = hurt(battle, target)
    battle = play(battle, "done", "activate Witch", "charm", "no step")
    battle = play(battle, "charm Wizard paying 2H+2S+2C", "end activation")
    battle = play(battle, "activate Wizard", "attack", "no step")
    assert battle.node().player == 0  # the Witch's player decides for the Wizard
    battle = battle.apply(f"attack {target} with Spark paying 2D")
    while battle.fighter(target).on_battlefield:
        battle = answer(battle, "no knockback")
    return battle


def test_a_charmed_fighters_attack_is_credited_to_the_witchs_player():
    battle = charmed_attack("Cleric")  # player 3's
    assert credited(battle) == [0]
    battle = to_round_2(battle)
    assert limits(battle) == [6, 5, 5]


def test_a_charmed_fighter_taking_down_its_own_friend_is_credited_to_the_witchs_player():
    battle = charmed_attack("Guardian")  # player 2's, the Wizard's own friend
    assert credited(battle) == [0]
    battle = to_round_2(battle)
    assert limits(battle) == [6, 5, 5]


def test_a_charmed_fighter_taking_down_the_witchs_friend_is_credited_to_nobody():
    battle = charmed_attack("Seer")  # player 1's own
    assert credited(battle) == []
    battle = to_round_2(battle)
    assert limits(battle) == [5, 5, 5]


def test_a_mirrorshields_returned_hits_are_credited_to_the_shielded_fighters_player():
    positions = {
        "Wizard": (8, 8),
        "Witch": (8, 11),
        "Seer": (12, 4),
        "Guardian": (16, 4),
        "Mesmer": (11, 8),
        "Cleric": (16, 12),
        "Druid": (19, 8),
        "Deadeye": (12, 12),
    }
    bands = [["Wizard", "Witch"], ["Seer", "Guardian"], ["Mesmer", "Cleric"], ["Druid", "Deadeye"]]
    battle = royale(bands, positions, {0: ("2D",), 2: ("2C",)})
    battle = hurt(battle, "Wizard")
    battle = play(battle, "done", "activate Wizard", "attack", "no step")
    battle = battle.apply("attack Mesmer with Spark paying 2D")
    while battle.fighter("Wizard").on_battlefield:
        battle = answer(battle, "mirrorshield", "2C")
    assert battle.fighter("Mesmer").on_battlefield and "2C" in battle.discard
    # Player 1's Wizard falls to the hits player 3's Mesmer sent back.
    assert credited(battle) == [2]
    battle = to_round_2(battle)
    assert limits(battle) == [5, 5, 6, 5]


def test_poison_the_storm_and_windburn_are_credited_to_nobody():
    positions = {
        "Witch": (8, 8),
        "Wizard": (8, 11),
        "Guardian": (12, 6),  # poisoned by the Witch's earlier attack, 1 point left
        "Seer": (12, 10),
        "Cleric": (2, 8),  # within 3" of the edge: the Storm of round 1 strikes it
        "Druid": (16, 8),
    }
    bands = [["Witch", "Wizard"], ["Guardian", "Seer"], ["Cleric", "Druid"]]
    battle = royale(bands, positions, {0: ("2H",)})
    battle = hurt(battle, "Guardian")
    battle = battle.with_fighter(replace(battle.fighter("Guardian"), poisoned=True))
    battle = hurt(hurt(battle, "Cleric", 4), "Witch")  # player 1 keeps a card: windburn
    battle = to_round_2(battle, "keep 2H", "damage Witch")
    fallen = [f.name for f in battle.fighters if f.status is Status.OUT_OF_ACTION]
    assert sorted(fallen) == ["Cleric", "Guardian", "Witch"]
    assert credited(battle) == []
    assert limits(battle) == [5, 5, 5]
