"""An event that could change nothing says so wherever it is offered: a trench section's at the
choice of the event cards and at the support card's boost, as a repair's does; a supply roll at
the top of the track among the events to resolve. Positions built by name
(core/games/baler/position.pyx); heroes_of_baler.txt, l.N = its line."""
import pytest

NO_TRENCH = "could change nothing: no empty trench section with manpower 5 on its flanks"


def _menu(s) -> list[str]:
    """The menu the acting side reads (its observation's "menu")."""
    return s.observation(s.current_player())["menu"]


def _camp_emptied(table, man):
    """The Philippines with no man in any guard post: no trench section has manpower beside it."""
    for area in range(1, 5):
        man(table, area, spain=[1], philippines=[])


@pytest.mark.parametrize("other, idle", [("Katipunan Spirit", True), ("Call to Arms", False)])
def test_dig_in_with_no_manpower_beside_a_trench_says_it_at_the_boost(table, man, play, other, idle):
    """l.1133: a trench section is built where its guard posts hold manpower 5 (RULES.md, trench
    manpower). l.370: "If the event card shows an icon matching the icon on a card played as
    event, you can boost that event card. The star icon is a wildcard". In play Dig In was
    boosted with no section it could build, unwarned; Call to Arms (l.1219: man the posts from
    the bag) could bring the men first, and then Dig In is not idle."""
    _camp_emptied(table, man)
    table.set_tracks("philippines", morale=2)           # the other card's boost raises it
    table.give("philippines", ["Dig In", other, "Scouts"])
    s = table.game_state("events", "philippines")
    dig_in = next(t for t in _menu(s) if t.startswith("Dig In"))
    assert (NO_TRENCH in dig_in) == idle, _menu(s)
    play(s, "Dig In", other, "Scouts")
    boost = next(t for t in _menu(s) if t.startswith("Dig In: secondary event"))
    assert (NO_TRENCH in boost) == idle, _menu(s)
    assert not any("could change nothing" in t for t in _menu(s) if t.startswith(other))


def test_dig_in_with_every_section_built_says_so(table):
    """l.1133 as above: with every section built there is none left to build."""
    for trench in range(1, 9):
        table.set_trench(trench, "built")
    table.give("philippines", ["Dig In", "Katipunan Spirit", "Scouts"])
    s = table.game_state("events", "philippines")
    assert any(t.startswith("Dig In") and "every trench section is built" in t for t in _menu(s)), _menu(s)


def test_a_filipino_supply_roll_at_supply_6_says_it_changes_nothing(table, play):
    """l.1048-l.1054: the Philippine supply table only raises supply; l.377: "Any supply or
    morale over 6 cannot be stored and is lost." Requisition's roll at supply 6 could change
    nothing, and says so; giving it up stays a bot's move."""
    table.set_tracks("philippines", supply=6)
    table.give("philippines", ["Requisition", "Snipers", "Massed Assault"])
    s = play(table.game_state("events", "philippines"), "Requisition", "Snipers", "done")
    roll = next(t for t in _menu(s) if t.startswith("Requisition: main event"))
    assert roll.endswith("(could change nothing: your supply is at 6 already)"), _menu(s)
    assert "done" in [s.action_to_string(a) for a in s.bot_actions()]
