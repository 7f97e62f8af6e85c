"""A captured complex's garrison picked in either order (l.75: "The attacking group may
immediately assign a unit and/or a leader to become its garrison"): a newcomer who moved his
leader in first was never offered a unit, the choice having been kept to ascending card ids."""
import random

from partisan.core.game import load_game

MOVE_IN = "into the captured complex"


def _garrison_choices(seeds=range(1, 200), most=4):
    """Positions of random 4-player games where the capturing group may move a leader or a unit
    into the complex: (state, the leader's move, the units' moves)."""
    game, found = load_game("guerilla", players=4), []
    for seed in seeds:
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal() and len(found) < most:
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            seat, acts = state.current_player(), state.legal_actions()
            texts = {a: state.describe_action(a, seat) for a in acts}
            leaders = [a for a in acts if MOVE_IN in texts[a] and "Unit" not in texts[a]]
            units = [a for a in acts if MOVE_IN in texts[a] and "Unit" in texts[a]]
            if leaders and units:
                found.append((state.clone(), leaders[0], units))
                break
            state.apply_action(rng.choice(acts))
        if len(found) >= most:
            return found
    raise AssertionError(f"only {len(found)} captures with a leader and units to move in")


def test_a_leader_moved_in_first_still_leaves_the_choice_of_a_unit():
    """l.75: "a unit and/or a leader": after the leader, each unit that may go is still offered
    (the group's other units stay with the attacking group)."""
    for state, leader, units in _garrison_choices():
        state.apply_action(leader)
        assert sorted(a for a in state.legal_actions() if a in units) == sorted(units), \
            [state.describe_action(a, state.current_player()) for a in state.legal_actions()]


def test_a_unit_then_the_leader_or_the_leader_then_the_unit_make_the_same_garrison():
    for state, leader, units in _garrison_choices():
        first, second = state.clone(), state.clone()
        for s, order in ((first, (leader, units[0])), (second, (units[0], leader))):
            for a in order:
                assert a in s.legal_actions()
                s.apply_action(a)
        assert first.observation(0)["groups"] == second.observation(0)["groups"]
