"""Guerilla (Avalon Hill, 1994): 3-6 players with secret loyalties, and 2 in our reconstructed
open duel (loyalties public, RULES.md). The engine implements every rule of the rulebook
(docs/games/guerilla.md lists them; RULES.md, "The engine so far", gives its fixed orders and
bounds)."""
from partisan.core.game import GameInfo, register
from partisan.core.games.guerilla.cards import GAME_DATA
from partisan.core.games.guerilla.options import OPTIONS
from partisan.core.games.guerilla.state import ACTIONS, CHANCE_OUTCOMES, GuerillaState

# Decisions in one turn, at most: several times the most seen in random games
# (tests/games/guerilla/test_random_games.py); the conformance suite fails a game past it.
TURN_DECISIONS = 400
SETUP_DECISIONS = 400       # misdeal questions and the initial plans, with MISDEAL_MAX redeals
# The options registered: every one options.py declares (RULES.md, "Options" and "The engine
# so far"); GuerillaState reads each when it is built.
ENGINE_OPTIONS = ("two_mercenaries", "turn_limit", "leaderless_defenders", "rounds",
                  "ambush_max", "policia_cost", "sideways_strength", "draw_ends_turn",
                  "informant_cancels_marker", "atrocities", "assassin_points",
                  "second_deck_revolution", "air_assault_cost", "chance_arms_cache",
                  "joint_ambush", "ambush_single", "armor_repeat")

INFO = register(GameInfo(
    name="guerilla",
    title="Guerilla",
    min_players=2,                      # 2: the open duel, our reconstruction
    max_players=6,
    default_players=4,
    new_state=GuerillaState,
    actions=ACTIONS,
    chance=CHANCE_OUTCOMES,
    data=GAME_DATA,
    return_bounds=(0.0, 1.0),
    max_game_length=lambda game: game.options["rounds"] * (
        SETUP_DECISIONS + game.options["turn_limit"] * TURN_DECISIONS),
    summary="Secret loyalties in a civil war: deploy for either side, fight, trade and betray; "
            "the winning faction's loyalists score in full. 2 players: open duel (reconstructed).",
    options=tuple(o for o in OPTIONS if o.name in ENGINE_OPTIONS),
    revision=1,                         # 1: a new group takes the next slot round, not the lowest
))

__all__ = ["INFO", "GuerillaState"]
