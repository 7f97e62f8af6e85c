"""A game's rules notes on screen: its summary and the sections of the RULES.md it ships with."""
from __future__ import annotations

import re
from importlib import resources

from rich.cells import cell_len
from rich.console import Console
from rich.markdown import Markdown, TableElement
from rich.padding import Padding
from rich.text import Text

from partisan.cli.console import view_module
from partisan.core.game import Game, GameInfo


# Notes for the project's maintainers rather than players (how the engine is built, files
# not shipped): from this line to ENGINE_END or the next section, not shown by `rules`.
ENGINE_START = "<!-- engine -->"
ENGINE_END = "<!-- /engine -->"
HOW_TO_PLAY = "How to play"         # the first section, for a newcomer with no rulebook


# The rulebook's line numbers ("(l.N)", "(rulebook l.N-l.M)", "(l.N: quote)"), which the notes
# keep for their maintainers (tests/conformance/test_citations.py checks each) but a player, who
# has no rulebook, cannot look up: left out of what `rules` shows, as is a parenthesis they leave
# empty. A citation the notes' prose leans on ("as at l.N") is not one of these: reword it there.
_CITE = r"(?:rulebook )?l\.\d+(?:[-–](?:l\.)?\d+)?"
_CITES = rf"{_CITE}(?:(?:,\s*|\s+and\s+){_CITE})*"
_LEADING = re.compile(rf"^(\s*){_CITES}\s*[,:]?\s*")
_TRAILING = re.compile(rf"\s*,?\s*{_CITES}\s*$")
_MIDDLE = re.compile(rf",\s*{_CITES}(?=,)")
_STOP_TWICE = re.compile(r'([.!?]")\.')
_GROUP = re.compile(r"([ \t]*(?:\n[ \t]*)?)\(([^()]*)\)")
# "reading 8", "readings 8-9", "ambiguity 7": the notes' numbered readings, named instead by
# their titles, which `rules WORD` finds.
_REFERENCE = re.compile(r"(?P<before>[(:;] ?)?\b(?:readings?|ambiguit(?:y|ies))\s+(?P<first>\d+[a-z]?)(?:[-–](?P<last>\d+))?")
_NUMBERED = re.compile(r"\s*(\d+[a-z]?)\.\s+\*\*(.+?)\*\*")


def _uncited(inner: str) -> str:
    """A parenthesis's text without its citations, part by part (parts end at ";")."""
    parts = (_MIDDLE.sub("", _TRAILING.sub("", _LEADING.sub(r"\1", part))) for part in inner.split(";"))
    return ";".join(part for part in parts if part.strip()).lstrip()


def _group(match: re.Match) -> str:
    inner = _uncited(match[2])
    return f"{match[1]}({inner})" if inner else ""


def uncited(text: str) -> str:
    """`text` without the rulebook's line numbers in its parentheses (a parenthesis left empty
    goes too)."""
    return _STOP_TWICE.sub(r"\1", _GROUP.sub(_group, text))     # '"... end." (l.N).' lost its citation


def _titles(text: str) -> dict[str, tuple[str, str] | None]:
    """The title of each numbered reading of the notes and the heading of its section, by its
    number; None for a number that two sections give a bold title (a reference to it is left
    as written, and the tests that look for reading numbers find it)."""
    titles: dict[str, tuple[str, str] | None] = {}
    head = "About"
    for line in text.splitlines():
        if line.startswith("## "):
            head = line[3:].strip()
        elif numbered := _NUMBERED.match(line):
            title = numbered[2].strip().rstrip(".:")
            title = (title if title.startswith('"') else f"“{title}”", head)
            titles[numbered[1]] = title if titles.get(numbered[1], title) == title else None
    return titles


def _for_players(body: str, head: str, titles: dict[str, tuple[str, str] | None]) -> str:
    """A section's text as players read it: no rulebook line numbers, readings by title (and
    by section, when another section has them)."""
    body = uncited(body)

    def reference(match: re.Match) -> str:
        first, last = match["first"], match["last"]
        numbers = [first] + ([str(n) for n in range(int(first) + 1, int(last) + 1)] if last and first.isdecimal() else [])
        if not all(titles.get(n) for n in numbers):
            return match[0]
        named = " and ".join(titles[n][0] for n in numbers)
        if titles[numbers[0]][1] != head:
            named += f" under {titles[numbers[0]][1]}"
        return f"{match['before']}see {named}" if match["before"] else named
    return _REFERENCE.sub(reference, body)


class _WholeWordTable(TableElement):
    """A table of the notes whose cells wrap between words only, so that a name in it (an
    option's, which the player types) is never cut: when the table is too wide, each column
    gets at least its longest word, and the columns whose text is longer share the rest; when
    even that is too wide, each row is a paragraph (its first cell, then each "heading: cell")."""

    def __rich_console__(self, console, options):
        for table in super().__rich_console__(console, options):
            rows = ([self.header.row] if self.header and self.header.row else []) + (self.body.rows if self.body else [])
            cells = [[cell.content for cell in row.cells] for row in rows]
            columns = list(zip(*([text.plain for text in row] for row in cells)))
            words = [max((cell_len(w) for text in column for w in text.split()), default=1) for column in columns]
            whole = [max(cell_len(text) for text in column) for column in columns]
            room = options.max_width - table._extra_width - sum(map(table._get_padding_width, range(len(columns))))
            if room < sum(words) and self.header:
                yield from _paragraphs(cells)
                return
            if sum(whole) > room:
                for column, width in zip(table.columns, _shares(words, whole, room)):
                    column.width = width
            yield table


def _paragraphs(cells: list[list[Text]]):
    """A table's rows under its heading row (the first), each as its first cell, then each of
    the others indented after its heading."""
    heads = [text.plain for text in cells[0]]
    for row in cells[1:]:
        yield Text.assemble(row[0], style="bold")
        for head, text in zip(heads[1:], row[1:]):
            yield Padding(Text.assemble(f"{head}: ", text), (0, 0, 0, 4))


def _shares(least: list[int], most: list[int], room: int) -> list[int]:
    """Widths from `least` to `most` adding up to at most `room` (at least sum(least)): the
    room beyond the least goes to each column in proportion to what it lacks of its most."""
    lacks = [m - n for n, m in zip(least, most)]
    spare = room - sum(least)
    return [n + spare * lack // max(1, sum(lacks)) for n, lack in zip(least, lacks)]


class _Notes(Markdown):
    elements = {**Markdown.elements, "table_open": _WholeWordTable}


def rules_sections(info: GameInfo) -> list[tuple[str, str]]:
    """(heading, markdown) of each `## ` section of the game's RULES.md as players read it, the
    text before the first heading as section "About", without the engine notes and the rulebook's
    line numbers; [] when the game ships none."""
    package = info.new_state.__module__.rpartition(".")[0]     # partisan.core.games.<game>
    try:
        text = resources.files(package).joinpath("RULES.md").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return []
    sections: list[tuple[str, list[str]]] = [("About", [])]
    engine = False
    for line in text.splitlines():
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
            engine = False
        elif line.strip() in (ENGINE_START, ENGINE_END):
            engine = line.strip() == ENGINE_START
        elif not line.startswith("# ") and not engine:
            sections[-1][1].append(line)
    titles = _titles(text)
    return [(head, _for_players("\n".join(body).strip(), head, titles))
            for head, body in sections if "".join(body).strip()]


_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)


def _about(body: str, word: re.Pattern) -> tuple[int, int]:
    """How much a section is about a word: first how many of its bold titles (a reading's, an
    item's) hold it, then how many times it is written."""
    return sum(bool(word.search(bold)) for bold in _BOLD.findall(body)), len(word.findall(body))


def _chosen(sections: list[tuple[str, str]], which: str) -> tuple[list[tuple[str, str]], list[int] | None]:
    """The sections `which` names (see show_rules) and, when none has it in its heading, the
    numbers of the other sections whose text has it (None when found by number or heading)."""
    if which == "all":
        return sections, None
    if which.isdecimal():
        number = int(which) if len(which) < 4 else 0
        return ([sections[number - 1]] if 0 < number <= len(sections) else []), None
    if not which:
        return [], None
    # a word's start ("hat", not "What"); a hyphen or space anywhere may be left out or put in:
    # "setup" finds "Set-up"
    letters = [c for c in which if c not in "- "]
    word = re.compile(r"(?<!\w)" + r"[-\s]?".join(map(re.escape, letters)), re.IGNORECASE)
    headed = [s for s in sections if word.search(s[0])]
    if headed:
        return headed, None
    about = sorted(((_about(body, word), number) for number, (_, body) in enumerate(sections, 1)),
                   key=lambda pair: pair[0], reverse=True)         # stable: of equals, the first section
    found = [number for (_, mentions), number in about if mentions]
    return ([sections[found[0] - 1]] if found else []), sorted(found[1:])


def show_rules(console: Console, info: GameInfo, which: str = "") -> bool:
    """Print the summary and a numbered index of the notes (no `which`), every section
    (`which` = all), the section whose number is `which`, or those whose heading has it at a
    word's start; else the section most about it (the most bold titles and mentions of it),
    with the numbers of the others that mention it. False when `which` matches nothing (the
    index is printed instead)."""
    sections = rules_sections(info)
    which = " ".join(which.split()).lower()
    chosen, others = _chosen(sections, which)
    if chosen and others is not None:
        console.print(Text(f"No heading names {which!r}; the section most about it:", style="dim"))
    for head, body in chosen:
        console.print(Text(head, style="bold underline"))
        console.print(_Notes(body))
    if chosen and others:
        listed = ", ".join(f"{number}. {sections[number - 1][0]}" for number in others)
        console.print(Text(f"{which!r} is also in {listed} (`rules N` shows one).", style="dim"))
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
    if sections[0][0] == HOW_TO_PLAY:
        console.print(Text(f"New to the game? `rules 1` is {HOW_TO_PLAY}.", style="dim"))
    console.print(Text("`rules N` or `rules WORD` shows a section, `rules all` every one.", style="dim"))
    return not which


def show_reference(console: Console, game: Game) -> None:
    """The game's components as a player needs them and what every symbol and abbreviation on
    its table means: the view module's reference(game), else a pointer to the rules notes."""
    reference = getattr(view_module(game.name), "reference", None)
    console.print(Text(f"{game.info.title}: components and symbols", style="bold"))
    if reference is None:
        console.print(Text("This game has no reference card yet: `rules` has its notes.", style="dim"))
        return
    console.print(reference(game))
