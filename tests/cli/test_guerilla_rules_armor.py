"""`rules armor` finds the notes that explain the Armor Column by their heading."""
import io

from rich.console import Console

from partisan.cli.rules import show_rules
from partisan.core.game import game_info


def test_rules_armor_finds_the_armor_columns_section_by_its_heading():
    """guerilla.txt l.121: "Armor Column — Cost: 1 action for any number of attacks. Attacks a
    single Rebel unit or Complex at a time." The section holding reading 19 (the Armor Column)
    names it in its heading, so `rules armor` shows it without a guess."""
    console = Console(file=io.StringIO(), width=100, force_terminal=True, color_system=None)
    assert show_rules(console, game_info("guerilla"), "armor")
    text = console.file.getvalue()
    assert "No heading names" not in text, text[:300]
    assert "Armor Column" in text.splitlines()[0], text[:300]
    assert "Armor Column. A Government unit of its own" in " ".join(text.split())
