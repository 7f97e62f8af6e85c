"""`rules` shows players the rules notes without the maintainers' notes, finds any section it
lists, and `cards` (or `legend`, or `partisan rules GAME --cards`) shows the components and
what the table's symbols mean."""
from __future__ import annotations

import io
import re
from importlib import resources

import pytest
from rich.console import Console

from partisan.cli.rules import HOW_TO_PLAY, rules_sections, show_rules
from partisan.core.game import game_info, registered_games

# What a player cannot open: the rulebooks, the project's notes, tests and docs (none is
# shipped with the package), issue numbers, the engine's progress notes, the markers themselves,
# and what names the code rather than the game.
L = "l."         # a citation's prefix, kept apart so that this file cites no rulebook itself
GAMES = [info.name for info in registered_games() if not info.test_only]
NOT_FOR_PLAYERS = re.compile(r"rules/|docs/|tests/|shared/rules|GAPS|digests/|\.txt\b|[Ii]ssue \d"
                             r"|[Ee]ngine so far|<!--"
                             # the code: its files, names and terms
                             r"|\.pyx?\b|\.pxd\b|core/|DESIGN\.md|GameInfo|OPTIONS|`Option`|canonical subsets"
                             r"|pile_shuffle_split|heuristic_returns|rollout"
                             # the tags of the project's summary of a rulebook
                             r"|digest [A-Z]\d|digest §|digest correction")


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_notes_cite_nothing_a_player_cannot_open(partisan, game):
    run = partisan("rules", game, "all")
    assert run.code == 0
    assert not NOT_FOR_PLAYERS.findall(run.out), NOT_FOR_PLAYERS.findall(run.out)


# A rulebook line number ("(l.N)", "l.N-l.M") or the number of a reading of the notes
# ("reading 31"): nothing a player, who has no rulebook, can look up.
NUMBERS = re.compile(r"\bl\.\s?\d|\b(?:[Rr]eadings?|ambiguity) \d")
# The maintainers' words for the program and the project's summary of a rulebook.
JARGON = re.compile(r"chance node|\bengine|digest", re.IGNORECASE)


@pytest.mark.parametrize("game", [info.name for info in registered_games()])
def test_the_rules_notes_cite_no_line_and_speak_no_jargon(partisan, game):
    run = partisan("rules", game, "all")
    told = " ".join(run.out.split())
    assert run.code == 0
    assert not NUMBERS.findall(told), NUMBERS.findall(told)
    assert not JARGON.findall(told), JARGON.findall(told)


def test_the_citations_stay_in_the_notes_file_and_leave_what_players_read():
    """RULES.md keeps its rulebook citations for its maintainers (the conformance tests check
    them); `rules` drops them, with a parenthesis they leave empty, and names a reading it
    points to by its title and section instead of its number."""
    raw = (resources.files("partisan.core.games.guerilla") / "RULES.md").read_text(encoding="utf-8")
    assert f'"Choose a dealer." ({L}28); turns go clockwise from the dealer\n   ({L}42).' in raw
    assert f"({L}95; reading 31)" in raw and "(reading 8)" in raw
    sections = {head: " ".join(body.split()) for head, body in rules_sections(game_info("guerilla"))}
    assert '"Choose a dealer."; turns go clockwise from the dealer.' in sections["Set-up and the turn"]
    assert ("or only after a drawn red card is played (see “Drawing” under Red cards and draws)"
            in sections["Options"])
    assert ("the sideways units alone defend as a leaderless group (see “Leaderless defenders”)."
            in sections["Attacks"])
    baler = dict(rules_sections(game_info("baler")))["Readings of the ambiguities"]
    assert "showing the '4' side.\" (Upkeep) against" in baler
    assert '(the rulebook says 1 in one place, 2 in another)' in dict(rules_sections(game_info("baler")))["Options"]


@pytest.mark.parametrize("game", GAMES)
def test_every_section_the_index_lists_is_found_by_its_name(partisan, game):
    for head, body in rules_sections(game_info(game)):
        run = partisan("rules", game, head)
        assert run.code == 0 and head in run.out


def _shown(out: str, game: str) -> list[str]:
    """The headings of the sections a `rules` output shows, in order."""
    heads = {head for head, _ in rules_sections(game_info(game))}
    return [line.strip() for line in out.splitlines() if line.strip() in heads]


def test_a_word_in_headings_shows_the_sections_it_starts_a_word_of(partisan):
    """A heading holds the word at a word's start: `rules hat` is the section on hats, not
    "What you see"."""
    run = partisan("rules", "garden", "hat")
    assert run.code == 0 and _shown(run.out, "garden") == ["Lines and cards on and off a hat"]


@pytest.mark.parametrize("game, word, section", [
    ("baler", "dice", HOW_TO_PLAY),                     # its bold "Dice" paragraph
    ("baler", "beriberi", "Clarifications of the rulebook's text"),     # the most mentions
    ("guerilla", "reinforce", "Events"),                # the most mentions; "Attacks" has one
])
def test_a_word_of_no_heading_shows_the_one_section_most_about_it(partisan, game, word, section):
    """No heading holds the word: the section whose bold titles hold it most, then that writes
    it most, is shown alone; the others that mention it are named by number."""
    run = partisan("rules", game, word)
    told = " ".join(run.out.split())
    assert run.code == 0 and _shown(run.out, game) == [section]
    assert f"No heading names {word!r}; the section most about it:" in told
    others = [f"{n}. {head}" for n, (head, body) in enumerate(rules_sections(game_info(game)), 1)
              if head != section and re.search(rf"(?<!\w){word}", body, re.IGNORECASE)]
    assert others and f"{word!r} is also in {', '.join(others)} (`rules N` shows one)." in told
    assert partisan("rules", game, "zzyzx").code == 3


def test_the_engine_notes_are_left_out(partisan):
    run = partisan("rules", "war", "about")
    assert "standard 52-card deck and nothing else" in run.out
    assert "quote the passage" not in run.out
    assert not any(head == "The engine so far" for head, _ in rules_sections(game_info("guerilla")))


def test_rules_at_the_prompt_finds_a_section_by_its_text(partisan):
    run = partisan("play", "war", "--bot", "random", "--seed", "5", input="rules spy\nquit\n")
    assert "No heading names 'spy'" in run.out and "no section" not in run.out


# What a newcomer with no rulebook must find in a game's "How to play", in its words.
HOW_TO_PLAY_TELLS = {
    "baler": ["The goal", "A turn", "Action: the cards left in hand give action points", "cost 1 AP",
              "Dice", "each 6 kills an enemy", "VP.", "The end", "leads by 15 VP"],
    "guerilla": ["The goal", "Your turn", "two actions", "Drawing ends your turn", "Dice",
                 "ten-sided die", "Points", "The end", "sudden death"],
    "garden": ["The goal", "A turn", "You must play one card", "There are no dice", "Scoring",
               "an enemy insect +1", "The end", "second round's last card"],
}


@pytest.mark.parametrize("game", sorted(HOW_TO_PLAY_TELLS))
def test_how_to_play_comes_first_and_tells_a_newcomer_the_game(partisan, game):
    """The first section, which the index points a newcomer to: the goal, a turn and what an
    action costs, the dice, the scoring and the end, in 15 to 30 lines of the notes."""
    sections = rules_sections(game_info(game))
    head, body = sections[0]
    assert head == HOW_TO_PLAY and 15 <= len([line for line in body.splitlines() if line.strip()]) <= 30
    index = partisan("rules", game)
    assert "  1. How to play" in index.out and "New to the game? `rules 1` is How to play." in index.out
    run = partisan("rules", game, "1")
    told = " ".join(run.out.split())
    assert run.code == 0 and _shown(run.out, game) == [HOW_TO_PLAY]
    for words in HOW_TO_PLAY_TELLS[game]:
        assert words in told, words
    assert _shown(partisan("rules", game, "all").out, game)[0] == HOW_TO_PLAY


def test_war_cards_explain_the_cards_and_the_table(partisan):
    run = partisan("rules", "war", "--cards")
    assert run.code == 0
    for words in ("aces are high", "a Guerrilla (underlined)", "a spy (magenta)", "G played",
                  "draws 1", "spy: reveals first", "the player to move", "Removed"):
        assert words in run.out


def test_junta_cards_list_the_deck_of_the_data_in_use_and_the_symbols(partisan):
    run = partisan("rules", "junta", "--cards")
    assert run.code == 0
    for words in ("Foreign Aid 2", "Diversionary Tactic", "Worth 1 Victory Point", "att P3",
                  "def P2 (6)", "million pesos", "the Presidente, who wears"):
        assert words in run.out


@pytest.mark.parametrize("command", ["cards", "legend"])
def test_cards_at_the_prompt_show_the_reference_and_change_nothing(partisan, command):
    run = partisan("play", "junta", "--bot", "random", "--seed", "5", "--save-to", "g.json",
                   input=f"{command}\nquit\n")
    assert run.code == 0 and "Junta: Viva el Presidente!: components and symbols" in run.out
    assert "is not a legal move" not in run.out


def test_a_game_without_a_reference_says_where_to_look(partisan):
    run = partisan("rules", "kuhn", "--cards")
    assert run.code == 0 and "This game has no reference card yet: `rules` has its notes." in run.out
    assert partisan("rules", "war", "spy", "--cards").code == 2


def test_guerilla_shows_how_each_choice_is_asked_without_the_engine_notes(partisan):
    """The player-facing part of the notes on how choices are asked is shown; the list of
    registered options for the project's maintainers is not."""
    sections = dict(rules_sections(game_info("guerilla")))
    asked = sections["How each choice is asked"]
    assert "**Leaderless defenders**" in asked and "**Trade**" in asked
    assert "Registered options" not in asked and "engine" not in asked.lower()
    run = partisan("rules", "guerilla", "asked")
    assert run.code == 0 and "Leaderless defenders" in run.out and "Registered options" not in run.out


@pytest.mark.parametrize("width", [60, 80, 100])
@pytest.mark.parametrize("game", GAMES)
def test_no_option_name_is_cut_however_narrow_the_terminal(game, width):
    """A name in a table of the notes (an option's, which the player types) is shown whole:
    the descriptions wrap instead."""
    console = Console(file=io.StringIO(), width=width, color_system=None)
    show_rules(console, game_info(game), "all")
    out = console.file.getvalue()
    assert all(len(line.rstrip()) <= width for line in out.splitlines())
    for option in game_info(game).options:
        if f"`{option.name}`" in "".join(body for _, body in rules_sections(game_info(game))):
            assert re.search(rf"(^|\s){option.name}(\s|$)", out, re.MULTILINE), option.name


@pytest.mark.parametrize("typed", ["setup", "set up", "Set-up"])
def test_a_heading_is_found_with_or_without_its_hyphen(partisan, typed):
    """Garden's index lists "Set-up"; a newcomer typed `rules setup` and was told there was no
    such section. A hyphen or a space may be left out or put in."""
    run = partisan("rules", "garden", typed)
    assert run.code == 0 and _shown(run.out, "garden") == ["Set-up"], run.out
