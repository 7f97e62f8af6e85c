"""Guerilla as a newcomer reads it (cli/views/guerilla.py and the game's view.py): an attack's
result in the events, a Revolution's new marker, the Armor Column by name, the plan's
factions, menus that say what each move does, the role in the prompt, and six seats at 80×24."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.views import guerilla
from partisan.core.game import load_game
from partisan.core.narration import MINE, TO_ME, concern
from partisan.core.games.guerilla.cards import load_cards
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES, GOV, REB

DECK = load_cards()


def _cid(name: str, copy: int = 0) -> int:
    return DECK.ids(name)[copy]


def _lines(renderable, width=100, height=40) -> list[str]:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True,
                      color_system=None, legacy_windows=False)
    console.print(renderable)
    return console.file.getvalue().splitlines()


def _table(groups, hands=None, players=4):
    state = load_game("guerilla", players=players).new_initial_state(0)
    state.arrange([GOV, REB] * (players // 2), hands=hands or {}, groups=groups)
    return state


def _play(state, *moves, viewer=0) -> list[str]:
    """Play moves (texts, ("die", face) or ("card", id)) and return what `viewer` is told, as play does:
    each move's line, then what the screen noticed it changed."""
    told = []
    for move in moves:
        a = (state.string_to_action(move) if not isinstance(move, tuple)
             else CHANCE_OUTCOMES.card + move[1] if move[0] == "card" else CHANCE_OUTCOMES.die + move[1] - 1)
        told.append(state.describe_action(a, viewer))
        before = state.observation(viewer)
        state.apply_action(a)
        told += guerilla.changes(before, state.observation(viewer), viewer)
    return told


def _pass_reactions(state, viewer=0) -> list[str]:
    told = []
    while (not state.is_terminal() and state.current_player() >= 0
           and [state.action_to_string(a) for a in state.legal_actions()] == ["no reaction"]):
        a = state.legal_actions()[0]
        told.append(state.describe_action(a, viewer))
        state.apply_action(a)
    return told


def test_your_attack_shows_its_dice_totals_losses_and_points():
    """After your own attack: each die with whose it is and what for, both totals (l.67),
    who loses how much (l.68), the cards eliminated and the points scored; the battle line
    names the two sides as they began, never "taken 0"."""
    r4, g2 = _cid("Unit 1/4"), _cid("Unit 2/1")
    state = _table([(0, REB, [r4], 0), (1, GOV, [g2], 0)])
    told = _play(state, "attack with group 0", "group 1")
    told += _pass_reactions(state)
    told += _play(state, ("die", 7), ("die", 2))
    text = "\n".join(told)
    assert "your attack d10: 7" in text
    assert ("P2's defence d10: 2; totals you 11 (4 + d10 7) against P2 4 (2 + d10 2): "
            "P2 must lose 7 strength but has only 2 in the battle: all of it is lost; you score 2 points") in text
    result = next(line for line in told if "totals" in line)     # your own result, kept first
    assert result.startswith("your g0 attacks P2's g1: P2's defence d10: 2;") and concern(result) == MINE
    assert "P2's g1, attacked by your g0: Unit 2/1 eliminated" in text
    assert "you: +2 points (now 2)" in text and "Rebel tally 0 → 2" in text
    battle = " ".join(" ".join(_lines(guerilla.render(state.observation(0), 0))).split())
    if "Battle:" in battle:
        assert "you attack with Unit 1/4 of g0 against P2's g1" in battle and "taken 0" not in battle
        assert "totals your 11 against P2's 4" in battle


def test_a_captured_complex_is_announced_and_the_battle_keeps_its_sides():
    """l.75: "Whenever a complex would be required to take losses, it is instead captured by
    the attacking group." The capture is told, and the battle line does not show the captor
    attacking itself."""
    r4, g1, tv = _cid("Unit 1/4"), _cid("Unit 1/1"), _cid("TV Station")
    state = _table([(0, REB, [r4], 0), (1, GOV, [g1, tv], 0)])
    told = _play(state, "attack with group 0", "group 1")
    told += _pass_reactions(state)
    before = state.observation(1)
    told += _play(state, ("die", 9), ("die", 1))
    text = "\n".join(told)
    assert "you capture P2's TV Station (g1, now Rebel)" in text
    # the loser is told it was his, so the line is kept among what was done to him
    theirs = [line for line in guerilla.changes(before, state.observation(1), 1) if "capture" in line]
    assert theirs == ["P1 captures your TV Station (g1, now Rebel)"] and concern(theirs[0]) == TO_ME
    lines = " ".join(_lines(guerilla.render(state.observation(0), 0)))
    assert "g0 (you) attacks g1 (you)" not in lines
    if "Battle:" in lines:
        assert "you attack with Unit 1/4 of g0 against P2's g1" in lines


def test_a_revolution_that_changes_your_marker_is_announced():
    """l.139: "The player who draws this card may exchange the loyalty markers of any two
    players. Both players may immediately check their new loyalties." Your new marker is
    told, and the other's that you now know."""
    state = _table([(0, GOV, [_cid("Unit 1/1")], 0)])
    before = state.observation(0)
    after = dict(before, loyalty={"0": "Rebel", "1": "Government"})
    told = guerilla.changes(before, after, 0)
    assert "Your loyalty marker is now Rebel (the Revolution swapped it)" in told
    assert "P2's loyalty marker: Government" in told


def test_the_armor_column_is_shown_by_name():
    """l.121: the Armor Column is an "Elite Government unit" that stands alone; the table names
    it, at 100×40 and at 80×24, rather than showing a bare strength."""
    ac = _cid("Armor Column")
    state = _table([(0, GOV, [ac], 0)])
    for size in ((100, 40), (80, 24)):
        flat = " ".join(_lines(guerilla.render(state.observation(1), 1), *size))
        assert "Armor Column" in flat


def test_each_group_of_the_plan_shows_its_faction():
    """l.37: "The owning player may choose whether units and leaders will be Government or
    Rebel." The plan on screen says which each group will be."""
    state = load_game("guerilla", players=4).new_initial_state(0)
    rng_moves = 0
    while state.observation(0)["phase"] != "initial deployment" or state.current_player() != 0:
        state.apply_action(state.sample_chance() if state.is_chance_node() else state.legal_actions()[-1])
        rng_moves += 1
    units = [a for a in state.legal_actions() if state.action_to_string(a).startswith("Unit")]
    state.apply_action(units[0])
    state.apply_action(state.string_to_action("done"))
    state.apply_action(state.string_to_action("Rebel"))
    flat = " ".join(" ".join(_lines(guerilla.render(state.observation(0), 0))).split())
    assert "your plan: Rebel [Unit" in flat


def test_the_ambush_menu_says_what_each_choice_does_and_the_prompt_names_your_role():
    """l.120: the attacker's Ambush may "1) double the strength of one unit, or 2) select a
    single unit in the defending group as the only defender". The menu says which is which,
    and the prompt says that you attack."""
    r3, g2, g1 = _cid("Unit 1/3"), _cid("Unit 2/2"), _cid("Unit 1/1")
    lead = next(c for c in range(len(DECK.cards)) if DECK.types[DECK.cards[c]].kind == "leader"
                and DECK.types[DECK.cards[c]].value("government") >= 2)
    state = _table([(0, REB, [r3], 0), (1, GOV, [lead, g2, g1], 0)], hands={0: [_cid("Ambush")]})
    for move in ("attack with group 0", "group 1"):
        state.apply_action(state.string_to_action(move))
    if state.observation(0)["phase"] == "attack mode":
        state.apply_action(state.string_to_action("attack all units"))
    state.apply_action(state.string_to_action("play Ambush"))
    obs = state.observation(0)
    assert obs["phase"] == "ambush"
    assert "double Unit 1/3 of your g0" in obs["menu"]
    assert any(m.startswith("single out Unit") and m.endswith("of P2's g1 as the only defender")
               for m in obs["menu"])
    note = guerilla.decision_note(obs, 0)
    assert note == "You attack: double your unit or single out a defender."
    flat = " ".join(" ".join(_lines(guerilla.render(obs, 0))).split())
    assert "To move: you attack" in flat and "you (ambush)" not in flat
    # the phrase is a move too
    a = state.string_to_action("double Unit 1/3 of your g0")
    assert state.action_to_string(a) == f"Unit 1/3 (card {r3})"


def test_naming_defenders_is_your_attack_not_a_defence():
    """l.58: "When attacking a leaderless group, the attacker decides which unit(s) will
    defend." The prompt says you attack and name the defenders."""
    r4 = _cid("Unit 1/4")
    state = _table([(0, REB, [r4], 0), (1, GOV, [_cid("Unit 2/1"), _cid("Unit 1/1")], 0)])
    for move in ("attack with group 0", "group 1"):
        state.apply_action(state.string_to_action(move))
    obs = state.observation(0)
    flat = " ".join(" ".join(_lines(guerilla.render(obs, 0))).split())
    assert "you attack: name the defending units" in flat and "(defender)" not in flat
    assert all(m.startswith("name ") and m.endswith("to defend") for m in obs["menu"])
    state.apply_action(state.string_to_action(obs["menu"][0]))
    state.apply_action(state.string_to_action("done"))
    flat = " ".join(" ".join(_lines(guerilla.render(state.observation(1), 1))).split())
    assert "P1 attacks with Unit 1/4 of g0 against your g1, the units P1 named" in flat


def test_six_seats_at_80x24_leave_room_for_the_title_and_the_events():
    """Six players on 80×24: every seat fits one line and the table, a full one included,
    leaves eight rows or more to the title, the events, the moves and the prompt."""
    import random
    state = load_game("guerilla", players=6).new_initial_state(3)
    rng = random.Random(3)
    checked = 0
    for n in range(3000):
        if state.is_terminal():
            break
        obs = state.observation(0)
        if n % 97 == 0 and obs["active"] is not None:
            lines = _lines(guerilla.render(obs, 0), 80, 24)
            seats = [line for line in lines if line.startswith("P1")]
            assert len(seats) == 1 and "P6" in seats[0], lines
            assert len(lines) <= 16, "\n".join(lines)
            checked += 1
        state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert checked >= 3


def test_points_changed_by_atrocities_or_press_say_why():
    """l.124: Atrocities/Press "Halves (fractions rounded down) or doubles the point value of any
    losses inflicted in battle. Any player may play immediately after a battle." The points
    that change when the window closes say that the card changed them, and whose battle's."""
    r4, g2 = _cid("Unit 1/4"), _cid("Unit 2/1")
    state = _table([(0, REB, [r4], 0), (1, GOV, [g2], 0)], hands={0: [_cid("Atrocities/Press")]})
    _play(state, "attack with group 0", "group 1")
    _pass_reactions(state)
    _play(state, ("die", 9), ("die", 1))
    told = _play(state, "play Atrocities: this battle's points doubled")
    while state.observation(0)["reaction"]:
        told += _play(state, state.action_to_string(state.legal_actions()[0]))
    text = "\n".join(told)
    why = "(the points of your g0 against P2's g1 doubled by the card played after it)"
    assert f"you: +2 points (now 4) {why}" in text
    assert f"Rebel tally 2 → 4 {why}" in text


def test_a_long_menu_at_80x24_runs_its_moves_under_their_verb():
    """At 80×24 a turn's many moves (a withdrawal, an attack, a reinforcement per group) run on
    under their verb, so the events keep rows; every move keeps its number."""
    units = [c for name in ("Unit 1/1", "Unit 1/2", "Unit 2/1") for c in DECK.ids(name)][:8]
    groups = [(q % 4, (GOV, REB)[q % 2], [c], 0) for q, c in enumerate(units)]
    state = _table(groups, hands={0: [_cid("Unit 2/2")]})
    obs = state.observation(0)
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    small = _lines(guerilla.moves(obs, 0, texts), width=80, height=24)
    flat = " ".join(small)
    assert "reinforce →C: " in flat and "withdraw: " in flat
    assert all(f"{i}. " in flat for i in range(1, len(texts) + 1))
    assert len(small) < len(texts) // 2          # two columns of moves would take len(texts) // 2


def test_a_leaderless_group_shows_no_sideways_units():
    """l.22: "When a group contains more units than its leader's command rating, any excess
    units are turned sideways"; l.58: "Only one unit (owner chooses which) in a leaderless
    group can attack each turn." Without a leader no unit lies sideways."""
    state = _table([(0, GOV, [_cid("Unit 2/1"), _cid("Unit 4/1")], 0)])
    for width, height in ((100, 40), (80, 24)):
        flat = " ".join(_lines(guerilla.render(state.observation(0), 0), width, height))
        assert "↷4" not in flat and " 2 4" in flat


def test_another_players_ambush_does_not_say_your_unit():
    """l.120: the attacker's Ambush may "double the strength of one unit" of his own. Told to
    another seat it names no unit of the listener's; told to the defender, it names the battle
    of his group, and is kept as done to him (l.120: "Any number of ambush cards can be played
    by both the attacker and the defender")."""
    r3 = _cid("Unit 1/3")
    state = _table([(0, REB, [r3], 0), (1, GOV, [_cid("Unit 2/1")], 0)], hands={0: [_cid("Ambush")]})
    for move in ("attack with group 0", "group 1"):
        state.apply_action(state.string_to_action(move))
    a = state.string_to_action("play Ambush")
    assert state.describe_action(a, 0) == "you: play Ambush: double your unit or single out a defender"
    told = state.describe_action(a, 1)
    assert told == "P1: play Ambush: double an attacking unit or single out a defender, in the battle of your g1"
    assert concern(told) == TO_ME
    assert state.describe_action(a, 2) == "P1: play Ambush: double an attacking unit or single out a defender"


def test_a_card_taken_back_from_the_discard_pile_is_named_to_every_seat():
    """l.134: "the player controlling the barracks may draw the top unit or leader or Recon
    Patrol ... from the discard pile and add it to his hand". The pile's eliminated cards lie
    face up (l.72) and the card is the topmost of its classes, "no choice": it is named to
    every seat (RULES.md reading 34), once."""
    unit = _cid("Unit 3/2")
    state = load_game("guerilla", players=4).new_initial_state(0)
    state.arrange([GOV, REB] * 2, groups=[(0, GOV, [_cid("Unit 1/1"), _cid("Barracks")], 0)],
                  discard=[unit])
    a = state.string_to_action("retrieve a card (Barracks)")
    assert state.describe_action(a, 0) == "you: retrieve a card (Barracks): it takes Unit 3/2 from the discard pile"
    assert state.describe_action(a, 1) == "P1: retrieve a card (Barracks): it takes Unit 3/2 from the discard pile"
    before = [state.observation(q) for q in (0, 1)]
    state.apply_action(a)
    assert not any("discard pile" in line for q in (0, 1)
                   for line in guerilla.changes(before[q], state.observation(q), q))


def test_a_port_that_finds_nothing_to_take_says_so():
    """l.137: the Port's owner "may also retrieve an Arms Cache ... or an Armor Column or an Air
    Assault card (if Government controlled) from the discard pile ... This costs an action. The
    pile cannot be checked to see if it contains one of these cards before spending an action."
    An action spent for nothing says so."""
    state = load_game("guerilla", players=4).new_initial_state(0)
    state.arrange([GOV, REB] * 2, groups=[(0, GOV, [_cid("Unit 1/1"), _cid("Port")], 0)],
                  discard=[_cid("Unit 3/2")])
    a = state.string_to_action("retrieve a card (Port)")
    assert state.describe_action(a, 0) == "you: retrieve a card (Port): the discard pile holds no card it takes"


def test_a_move_that_passes_over_a_phase_is_marked():
    """l.44: "Phases must take place in the order shown in the sequence of play." In phase A a
    deployment (C) or a draw (F) passes over the attacks for good: the menu marks it with the
    phase it goes on to and says what the mark means; a withdrawal or an attack is not marked."""
    state = _table([(0, GOV, [_cid("Unit 2/1")], 0), (1, REB, [_cid("Unit 1/2")], 0)],
                   hands={0: [_cid("Unit 2/2")]})
    obs = state.observation(0)
    menu = obs["menu"]
    assert "deploy a new group →C" in menu and "draw cards (1 action, ends your turn) →F" in menu and "offer a trade →D" in menu
    assert "withdraw your g0" in menu and "attack with your g0" in menu
    assert guerilla.decision_note(obs, 0) == "→C: skips a whole phase on to C; any move ends the phases before its own."
    a = state.string_to_action("deploy a new group →C")         # as shown, mark and all
    assert a == state.string_to_action("deploy a new group")


def test_a_leader_offered_in_a_menu_gives_his_ratings():
    """l.8: "Leader cards have a Government command rating ... and a Rebel command rating ...
    Leaders also have a command modifier". A leader offered for a group shows them, as a
    unit's name shows its strengths."""
    leader = DECK.types[DECK.cards[_cid("Teniente Felipe Aguirre / Teniente Ana Robles")]]
    state = _table([], hands={0: [_cid("Unit 2/2"), _cid(leader.name)]})
    for move in ("deploy a new group", "add Unit 2/2"):
        state.apply_action(state.string_to_action(move))
    rated = f"add {leader.name} {leader.government}/{leader.rebel}{leader.modifier:+d}"
    assert rated in state.observation(0)["menu"]
    assert state.string_to_action(rated) in state.legal_actions()


def test_points_scored_at_the_round_s_end_say_why():
    """l.114: "Complex controlled at end of round | The complex victory point value less points
    of damage or modifiers due to isolation". Points that come as the round ends say so."""
    state = load_game("guerilla", players=4).new_initial_state(0)
    state.arrange([GOV, REB] * 2, groups=[(0, GOV, [_cid("Unit 1/1"), _cid("Port")], 0)], deck=[], sudden=10)
    told = _play(state, "end the turn", ("die", 10))
    why = "(the complexes held at the round's end score their VP, less damage and isolation)"
    assert f"you: +5 points (now 5) {why}" in told and f"Government tally 0 → 5 {why}" in told


def _assassin_roll():
    """Seat 0 plays the Assassin on seat 1's leader; every seat passes; the die is next."""
    leader = next(iter(DECK.of("leader")))
    state = _table([(1, GOV, [_cid(leader.name), _cid("Unit 1/1")], 0)], hands={0: [_cid("Assassin")]})
    state.apply_action(state.string_to_action("play Assassin"))
    state.apply_action(state.legal_actions()[0])          # the only target
    _pass_reactions(state)
    return state


def test_an_assassin_s_die_says_whether_the_leader_dies():
    """l.123: Assassin: "Roll the die and subtract the target leader's command modifier ... If
    the result is greater than 5, the leader is dead." The die's line gives the outcome."""
    state = _assassin_roll()
    die = CHANCE_OUTCOMES.die
    mod = f"{next(iter(DECK.of('leader'))).modifier:+d}"
    low, high = 1 - int(mod), 10 - int(mod)
    name = next(iter(DECK.of("leader"))).leaders[0]
    assert (state.describe_action(die + 0, 0)
            == f"your Assassin d10: 1, less the leader's modifier {mod}: {low}, 5 or less: {name} of P2's g0 survives")
    assert (state.describe_action(die + 9, 1)
            == f"P1's Assassin d10: 10, less the leader's modifier {mod}: {high}, above 5: {name} of your g0 is killed")


def test_a_traitors_die_says_what_became_of_the_leader():
    """l.140: Traitors: "Add the leader's command modifier to a die roll ... If the result is
    greater than 5, the leader and his entire group change faction. If the result is less than
    6, the leader is eliminated - shot as a traitor." The die's line gives the outcome."""
    leader = next(iter(DECK.of("leader")))
    state = load_game("guerilla", players=4).new_initial_state(0)
    state.arrange([GOV, REB] * 2, groups=[(1, GOV, [_cid(leader.name), _cid("Unit 1/1")], 0)],
                  deck=[_cid("Traitors")])
    _play(state, "draw cards", ("card", _cid("Traitors")), "play the Traitors on P2's g0")
    die = CHANCE_OUTCOMES.die
    mod = leader.modifier
    assert state.describe_action(die + 0, 0).endswith(
        f"d10: 1, plus the leader's modifier {mod:+d}: {1 + mod}, 5 or less: {leader.leaders[0]} of P2's g0 is shot as a traitor")
    assert state.describe_action(die + 9, 0).endswith(
        f"d10: 10, plus the leader's modifier {mod:+d}: {10 + mod}, above 5: {leader.leaders[0]} of P2's g0 and the group change sides")


def test_traitors_on_a_leaderless_complex_roll_unmodified():
    """l.140: "If played on a complex with no leader, the die roll is unmodified." No leader's
    modifier is spoken of, and a failure shoots no one."""
    state = load_game("guerilla", players=4).new_initial_state(0)
    state.arrange([GOV, REB] * 2, groups=[(1, GOV, [_cid("Port")], 0)], deck=[_cid("Traitors")])
    _play(state, "draw cards", ("card", _cid("Traitors")), "play the Traitors on P2's g0")
    die = CHANCE_OUTCOMES.die
    assert state.describe_action(die + 0, 0).endswith("d10: 1 (no leader: unmodified), 5 or less: nothing happens")
    assert state.describe_action(die + 9, 0).endswith("d10: 10 (no leader: unmodified), above 5: P2's g0 changes sides")


def test_an_air_strike_gives_both_totals_and_the_damage():
    """l.131: "The attack total is six plus a die roll ... If attacking a complex, the defence
    total is complex DF plus a die roll ... The number of points the attack total is greater
    than the defence is done in damage to the complex." """
    state = _table([(0, GOV, [_cid("Unit 1/1"), _cid("Airfield")], 0), (1, REB, [_cid("Unit 1/1", 1), _cid("Port")], 0)])
    _play(state, "air strike (Airfield)", "strike the Port of P2's g1", ("die", 6))
    die = CHANCE_OUTCOMES.die
    assert state.describe_action(die + 9, 0) == (
        "P2's defence d10: 10; air strike 12 (6 + d10 6) against 12 (DF 2 + d10 10): no damage")
    assert state.describe_action(die + 8, 0).endswith(
        "against 11 (DF 2 + d10 9): 1 damage to the Port of P2's g1; damaged, it loses its special abilities until "
        "repaired")
    assert state.describe_action(die + 0, 0).endswith("against 3 (DF 2 + d10 1): the Port of P2's g1 is destroyed")


def test_a_counter_offer_says_what_it_is_and_what_follows():
    """l.87: "He then says what he wants in return. In turn order, the other players may make
    offers in return. ... he can only accept one trade deal or reject them all." The note above
    the moves says whose offer you answer and what happens next."""
    state = _table([], hands={0: [_cid("Ambush")], 1: [_cid("Assassin")]})
    _play(state, "offer a trade", "lay Ambush face up", "end my offer")
    while state.current_player() != 1:
        state.apply_action(state.legal_actions()[0])
    note = guerilla.decision_note(state.observation(1), 1)
    assert note.startswith("Your counter-offer to P1: ") and note.endswith("P1 accepts one or none.")

def _flat(renderable, width, height) -> str:
    return " ".join(" ".join(_lines(renderable, width, height)).split())


def _cut_state():
    """Seat 0's Rebel g0 cuts the supply of seat 1's Government g1 (a lone Unit 2/1)."""
    state = _table([(0, REB, [_cid("Unit 1/4")], 0), (1, GOV, [_cid("Unit 2/1")], 0)],
                   hands={0: [_cid("Supply Cut")]})
    _play(state, "play Supply Cut", "cut supply with your g0", "cut the supply of P2's g1")
    return state


def _to_turn_of(state, seat: int) -> None:
    """Pass every step (the first legal move) until `seat`'s turn is at its menu."""
    while not (state.current_player() == seat and state.observation(seat)["phase"] == "turn"):
        state.apply_action(state.legal_actions()[0])


def test_a_supply_cut_marks_both_groups_on_the_table():
    """l.128: "Matching supply cut/cutting supply markers are placed on both groups" and "A -1
    Isolated marker goes on the group at the end of the owner's turn if still isolated"."""
    state = _cut_state()
    full = _flat(guerilla.render(state.observation(0), 0), 100, 40)
    assert "g1 P2 - 2 cut by g0" in full and "g0 you - 4 has attacked, cuts g1" in full
    compact = _flat(guerilla.render(state.observation(0), 0), 80, 24)
    assert "g1 P2 2 cut by g0" in compact and "g0* you 4 cuts g1" in compact
    _play(state, "end the turn")
    _to_turn_of(state, 1)
    _play(state, "end the turn", viewer=0)
    assert "cut by g0 iso-1" in _flat(guerilla.render(state.observation(0), 0), 80, 24)


def test_a_group_that_surrenders_says_so_and_the_card_goes_back():
    """l.128: "When the isolation modifier equals the highest complex DF or unit strength in the
    group, the group surrenders. All units and leaders are eliminated (points to the supply
    cutter)" and "If an isolated group surrenders ... the supply cutter gets his supply cut card
    back in hand." (Unit 2/1: strength 2, so at -2, the end of its owner's second turn.)"""
    state = _cut_state()
    _play(state, "end the turn")
    for _ in range(2):
        _to_turn_of(state, 1)
        told = _play(state, "end the turn", viewer=0)
    assert ("P2's g1 surrenders, isolated -2: Unit 2/1 eliminated, the points to you (cut off by your g0's "
            "Supply Cut, its isolation reached its highest unit strength, 2)") in told
    assert "your Supply Cut goes back to your hand (P2's g1 surrendered)" in told


def test_a_withdrawn_cutter_goes_back_to_hand_though_the_pile_grew():
    """l.128: isolation ends when "the cutting group is ... withdrawn" (the Supply Cut card is
    discarded then); the withdrawn cards go back to hand (l.56), they are not eliminated."""
    state = _cut_state()
    _play(state, "end the turn")
    _to_turn_of(state, 0)
    told = _play(state, "withdraw your g0")
    assert "your g0: Unit 1/4 back to hand" in told
    assert not any("eliminated" in line for line in told)


def test_a_complex_struck_past_its_df_is_destroyed():
    """l.131: "If damage to a complex exceeds its DF, the complex is destroyed." """
    state = _table([(0, GOV, [_cid("Unit 1/1"), _cid("Airfield")], 0), (1, REB, [_cid("TV Station")], 2)])
    told = _play(state, "air strike (Airfield)", "strike the TV Station of P2's g1", ("die", 6), ("die", 1))
    assert "P2's g1, hit by your air strike: TV Station destroyed" in told


def test_the_revolution_is_announced_with_its_swap_and_the_group_turned():
    """l.139: "The player who draws this card may exchange the loyalty markers of any two
    players. Both players may immediately check their new loyalties. Next the drawing player
    must change the faction of one deployed Government group to Rebel." The draw is announced,
    a swapped seat learns its marker even when it is of the same kind, the turned group says
    why, and the status line keeps "Revolution played" for the rest of the round."""
    state = load_game("guerilla", players=4).new_initial_state(0)
    state.arrange([GOV, REB] * 2, groups=[(1, GOV, [_cid("Unit 1/1")], 0), (3, GOV, [_cid("Unit 2/2")], 0)],
                  deck=[_cid("Revolution")])
    told = _play(state, "draw cards", ("card", _cid("Revolution")), viewer=1)
    assert told[-1].startswith("The Revolution! P1 draws it: P1 may swap the loyalty markers of two players")
    told = _play(state, "swap the loyalty markers of P2 and P4", viewer=1)
    assert "Your loyalty marker is still Rebel (the Revolution swapped it with P4's)" in told
    assert "P4's loyalty marker: Rebel" in told
    assert "your g0 turns Rebel (the Revolution)" in _play(state, "turn P2's g0 Rebel", viewer=1)
    assert "Revolution played" in _flat(guerilla.render(state.observation(2), 2), 80, 24)


def test_a_recon_patrol_shows_the_inspected_hand_to_its_player_alone():
    """l.127: the Recon Patrol "Allows another player's hand to be inspected secretly and an Arms
    Cache, Ambush or Assassin card to be taken or discarded." The patrol's player sees the hand
    on the screen and keeps it in his events (even when nothing can be taken); no one else does."""
    def patrol():
        state = _table([(0, GOV, [_cid("Unit 1/1")], 0)],
                       hands={0: [_cid("Recon Patrol")], 1: [_cid("Ambush"), _cid("Unit 2/2")]})
        _play(state, "play Recon Patrol", "send your g0 on the Recon Patrol", "inspect P2's hand", "no counter")
        return state
    state = patrol()
    seen = "Recon Patrol (your g0): P2's hand, seen in secret: Ambush, Unit 2/2"
    assert seen in _flat(guerilla.render(state.observation(0), 0), 80, 24)
    assert "seen in secret" not in _flat(guerilla.render(state.observation(2), 2), 80, 24)
    assert seen in _play(state, "take and discard nothing")
    for viewer in (1, 2):
        assert not any("seen in secret" in line for line in _play(patrol(), "take and discard nothing", viewer=viewer))
    state = patrol()                    # the record for everyone reads seat 0's observations
    before = state.observation(0)
    state.apply_action(state.string_to_action("take and discard nothing"))
    assert not any("seen in secret" in line for line in guerilla.changes(before, state.observation(0), None))


def test_a_policia_assassination_is_named_for_the_policia():
    """l.136: Policia: "May make one assassination attempt per turn on a leader of the same
    faction controlled by another player. Roll the die and subtract the target leader's command
    modifier". Its die is the Policia's, not an Assassin's."""
    leader = next(iter(DECK.of("leader")))
    state = _table([(0, GOV, [_cid("Unit 1/1"), _cid("Policia")], 0),
                    (1, GOV, [_cid(leader.name), _cid("Unit 1/1", 1)], 0)])
    _play(state, "assassination (Policia)", f"try to kill {leader.leaders[0]} of P2's g1")
    _pass_reactions(state)
    assert state.describe_action(CHANCE_OUTCOMES.die + 9, 1) == (
        f"P1's Policia d10: 10, less the leader's modifier {leader.modifier:+d}: {10 - leader.modifier}, "
        f"above 5: {leader.leaders[0]} of your g1 is killed")


def test_a_card_the_barracks_retrieved_is_marked_with_its_faction():
    """l.134: "Units or leaders retrieved in this way must be deployed initially on the side of
    the same faction as the barracks. Place retrieved cards face down on the table until
    deployed as a reminder of this." The hand line says so."""
    state = _table([(0, REB, [_cid("Barracks")], 0)], hands={0: [_cid("Ambush")]})
    state.arrange([GOV, REB] * 2, hands={0: [_cid("Ambush")]}, discard=[_cid("Unit 2/2")],
                  groups=[(0, REB, [_cid("Barracks")], 0)])
    _play(state, "retrieve a card (Barracks)")
    assert "to deploy as Rebel (Barracks): Unit 2/2" in _flat(guerilla.render(state.observation(0), 0), 100, 40)


def test_the_end_screen_has_no_live_turn_nor_a_red_card_still_playing():
    """l.103: the sudden-death roll "ends the game immediately": the header says the round is
    over, not whose turn and phase it is; l.132: Bad Weather lies before its player (its own
    marker), it is not a card "playing" once drawn."""
    state = load_game("guerilla", players=4).new_initial_state(0)
    state.arrange([GOV, REB] * 2, groups=[(0, GOV, [_cid("Unit 1/1")], 0)], deck=[_cid("Bad Weather")])
    _play(state, "draw cards", ("card", _cid("Bad Weather")))
    assert "playing Bad Weather" not in _flat(guerilla.render(state.observation(0), 0), 80, 24)
    state = _table([])
    state.arrange([GOV, REB] * 2, groups=[(0, GOV, [_cid("Unit 1/1")], 0)], deck=[], sudden=10)
    _play(state, "end the turn", ("die", 10))
    head = _lines(guerilla.render(state.observation(0), 0), 80, 24)[0]
    assert "round over" in head and "phase" not in head and "action" not in head
    assert "sudden death at" not in _flat(guerilla.render(state.observation(0), 0), 80, 24)


def test_the_card_reference_says_what_the_rulebook_says():
    """l.138 Presidential Palace: "Owning player is immune to Revolution and Traitor cards if the
    palace is undamaged and not isolated"; l.127 Recon Patrol: "Allows another player's hand to
    be inspected secretly"; l.129 UN Intervention: the player "cannot attack or be attacked
    except by assassination/Policia, demolition and propaganda ... The card defends with a
    strength of 10"; l.136 Policia: "a leader of the same faction controlled by another player
    ... subtract the target leader's command modifier"; l.135 Bridge: "deploy or withdraw one
    group". No "(s)" placeholder is left."""
    text = _flat(guerilla.reference(load_game("guerilla", players=4)), 400, 200)
    for words in ("Presidential Palace DF5 VP8 1 its owner is immune to the Revolution and Traitors while "
                  "it is undamaged and not isolated",
                  "Recon Patrol 2 Government groups only: inspect another player's hand in secret",
                  "protect a player: he cannot attack or be attacked", "the card defends at 10",
                  "an assassination attempt on a leader of its faction held by another player: d10 minus the "
                  "leader's modifier greater than 5",
                  "deploy or withdraw 1 group of its faction for no action", "1 more roll, the lowest counts"):
        assert words in text, words
    assert "(s)" not in text and "cannot be assassinated" not in text


def test_a_banco_cut_off_gives_no_extra_action_from_the_cut():
    """l.128: "A Group with supply cut is isolated ... An isolated complex loses its special
    abilities" (the -1 marker comes only at the end of its owner's turn); l.133 Banco: "Owning
    player increases his total action cost by one per turn". Cut on P1's turn, P2's Banco
    neither shows its extra action in his turn line nor goes unmarked as isolated."""
    groups = [(0, REB, [_cid("Unit 1/4")], 0), (1, GOV, [_cid("Banco de Nationale"), _cid("Unit 2/1")], 0)]
    whole = load_game("guerilla", players=4).new_initial_state(0)
    whole.arrange([GOV, REB] * 2, groups=groups, active=1)
    assert "+1 Banco" in _flat(guerilla.render(whole.observation(1), 1), 100, 40)
    state = _table(groups, hands={0: [_cid("Supply Cut")]})
    _play(state, "play Supply Cut", "cut supply with your g0", "cut the supply of P2's g1", "end the turn")
    _to_turn_of(state, 1)
    obs = state.observation(1)
    assert obs["groups"][1]["cut_by"] == 0 and obs["groups"][1]["isolation"] == 0
    for size in ((100, 40), (80, 24)):
        shown = _flat(guerilla.render(obs, 1), *size)
        assert "+1 Banco" not in shown and "cut by g0" in shown
        assert ("isolated" if size == (100, 40) else "cut by g0 iso") in shown


def test_a_loss_larger_than_the_group_says_what_is_lost():
    """l.68: "The player with the lowest total must eliminate units of his choice with a combined
    strength at least equal to the difference in the totals." A group cannot lose more than it
    holds: an empty Bridge loses no units, a lone Unit 2/1 beaten by 9 loses its one unit; the
    due is told, not as points lost."""
    state = _table([(0, REB, [_cid("Unit 1/4")], 0), (1, GOV, [_cid("Bridge")], 0)])
    _play(state, "attack with group 0", "group 1")
    _pass_reactions(state)
    told = "\n".join(_play(state, ("die", 9), ("die", 1)))
    assert "P2 loses 9 points" not in told
    assert "totals you 13 (4 + d10 9) against P2 4 (3 + d10 1): P2's Bridge has no units to lose: you capture it" in told
    state = _table([(0, REB, [_cid("Unit 1/4")], 0), (1, GOV, [_cid("Unit 2/1")], 0)])
    _play(state, "attack with group 0", "group 1")
    _pass_reactions(state)
    told = "\n".join(_play(state, ("die", 9), ("die", 1)))
    assert ": P2 must lose 10 strength but has only 2 in the battle: all of it is lost; you score 2 points" in told


def test_the_dealt_loyalty_marker_is_told_once():
    """l.29: "each player takes one. Each player should look at theirs": the deal's own line
    tells the seat its marker, with who took it ("you take a loyalty marker: Government", as the
    others read "P1 takes a loyalty marker"); no second line repeats it."""
    from partisan.core.game import load_game
    from partisan.core.games.guerilla.state import CHANCE_OUTCOMES as C, GOV
    from partisan.cli.views.guerilla import changes
    s = load_game("guerilla", 4).new_initial_state(0)
    s.apply_action(C.dealer + 0)
    before = s.observation(0)
    assert s.describe_action(C.loyalty + GOV, 0) == "you take a loyalty marker: Government"
    s.apply_action(C.loyalty + GOV)
    assert not any("loyalty" in line for line in changes(before, s.observation(0), 0))


def test_the_skip_mark_is_explained_as_passing_over_a_whole_phase():
    """l.44: "Phases must take place in the order shown in the sequence of play." Any move ends
    the phases before its own (a deployment in phase B ends the attacks, unmarked); the mark is
    for a move that passes over a whole phase, and the legend says so."""
    state = _table([(0, GOV, [_cid("Unit 2/1")], 0), (1, REB, [_cid("Unit 1/2")], 0)],
                   hands={0: [_cid("Unit 2/2")]})
    state.apply_action(state.string_to_action("attack with group 0"))
    state.apply_action(state.string_to_action("group 1"))
    while state.observation(0)["phase"] != "turn":
        state.apply_action(state.legal_actions()[0])
    assert state.observation(0)["phase_reached"] == "B"
    assert "deploy a new group" in state.observation(0)["menu"]
    text = _flat(guerilla.reference(load_game("guerilla", players=4)), 400, 200)
    assert "→C (a move) it skips a whole phase on to phase C; any move ends the phases before its own" in text
