"""A game's rules notes on screen: its summary and the sections of the RULES.md it ships with."""
from __future__ import annotations

from importlib import resources

from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text

from partisan.core.game import GameInfo


def rules_sections(info: GameInfo) -> list[tuple[str, str]]:
    """(heading, markdown) of each `## ` section of the game's RULES.md, the text before the
    first heading as section "About"; [] when the game ships no notes."""
    package = info.new_state.__module__.rpartition(".")[0]     # partisan.core.games.<game>
    try:
        text = resources.files(package).joinpath("RULES.md").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return []
    sections: list[tuple[str, list[str]]] = [("About", [])]
    for line in text.splitlines():
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif not line.startswith("# "):
            sections[-1][1].append(line)
    return [(head, "\n".join(body).strip()) for head, body in sections if "".join(body).strip()]


def show_rules(console: Console, info: GameInfo, which: str = "") -> bool:
    """Print the summary and a numbered index of the notes (no `which`), every section
    (`which` = all), or the sections whose number is `which` or whose heading contains it.
    False when `which` matches nothing (the index is printed instead)."""
    sections = rules_sections(info)
    which = which.strip().lower()
    if which == "all":
        chosen = sections
    elif which.isdecimal():
        number = int(which) if len(which) < 4 else 0
        chosen = [sections[number - 1]] if 0 < number <= len(sections) else []
    elif which:
        chosen = [s for s in sections if which in s[0].lower()]
    else:
        chosen = []
    for head, body in chosen:
        console.print(Text(head, style="bold underline"))
        console.print(Markdown(body))
    if chosen:
        return True
    console.print(Text(info.title, style="bold"))
    if info.summary:
        console.print(Text(info.summary))
    if not sections:
        console.print(Text("This game ships no rules notes.", style="dim"))
        return not which
    console.print(Text("Rules notes (how Partisan reads the rulebook):", style="bold"))
    for number, (head, _) in enumerate(sections, 1):
        console.print(Text(f"{number:>3}. {head}"))
    console.print(Text("`rules N` or `rules WORD` shows a section, `rules all` every one.", style="dim"))
    return not which
