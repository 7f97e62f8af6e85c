"""Rulebook citations checked against the rulebook texts: `python -m partisan.core.testing.citations
[GAME ...] [--rules DIR]` prints a report per game and exits 1 if a citation fails.

A citation is l.N or a range (l.N-l.M, l.N–M): line N of a game's rulebook,
shared/rules/<book>.txt (beside the repository, or --rules). It belongs to the book named
earlier in its paragraph ("heroes_of_baler.txt l.N"), else to the game its file is named after
(core/games/baler/..., tests/cli/test_baler_combat_panel.py, docs/games/baler.md).

The checkable form carries a quote, right after the citation or right before it:

    l.N: "Draw perpendicular lines from the crosshairs"      (the colon may be left out)
    "Draw perpendicular lines from the crosshairs" (l.N)     (one citation or a list in brackets)
    Ladygun (l.N "LADYGUN")                                  (a word is enough to pin a line)

The quote must be on the cited lines (a list's lines read in order), compared without case,
punctuation or spacing, so it may wrap over lines of the citing file, and a range's lines read as
one text; "...", "…" or a [bracketed insertion] skip words. A quote found elsewhere in the book
is reported with the lines where it is. A citation without a quote can only be checked for
existing lines, the first and the last of a range not blank.
"""
from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

_HERE = Path(__file__).resolve().parents[2]
ROOT = _HERE if (_HERE / "tests").is_dir() else Path.cwd()   # the checkout, when installed editable
# The rulebook text of each game that has one (the reference games follow OpenSpiel instead).
BOOKS = {"baler": "heroes_of_baler.txt", "garden": "garden_guerrilla.txt",
         "guerilla": "guerilla.txt", "junta": "junta.txt", "war": "war_guerrilla_tactics.txt"}
SUFFIXES = {".md", ".toml", ".py", ".pyx", ".pxd"}
FOLDERS = ("core", "cli", "ai", "tests", "docs", "benchmarks")
MAX_QUOTE = 1500              # characters; a longer "quote" is an unclosed quotation mark

_CITE = r"(?<![\w.])l\.\s?(\d+)(?:\s?[-–]\s?(?:l\.\s?)?(\d+))?"
CITATION = re.compile(_CITE)
BOOK_NAME = re.compile(r"(?<![\w.])(" + "|".join(re.escape(b) for b in BOOKS.values()) + r")")
_OPEN, _CLOSE = "\"“", "\"”"
QUOTE_AFTER = re.compile(r":?(?:[ \t]*\n)?[ \t#>]*\**[\"“]")   # l.N: "... (a wrapped line's # or >)
GROUP_AFTER_QUOTE = re.compile(r"[\"”][*_.,;:]{0,3}\s*\(\s*(" + _CITE + r"(?:\s*[,;]\s*" + _CITE
                               + r")*)\s*(?:[,;][^()]*)?\)")   # "..." (l.N, l.M; a note)
ELLIPSIS = re.compile(r"\.\.\.+|…|\[[^\]]*\]")


@dataclass(frozen=True)
class Citation:
    path: str          # the citing file, relative to the repository
    line: int          # where in it
    book: str | None   # the rulebook's file name, None when nothing names one
    first: int
    last: int
    quote: str | None = None
    group: tuple = ()  # (first, last) of every citation of a bracketed list the quote belongs to

    @property
    def text(self) -> str:
        return f"l.{self.first}" + (f"-l.{self.last}" if self.last != self.first else "")


def normalise(text: str) -> str:
    """Lower case, words separated by one space, no punctuation."""
    return " ".join(re.sub(r"[\W_]+", " ", text.lower()).split())


def _game_of_path(path: Path) -> str | None:
    """The game a file is named after: a folder or a word of the file name."""
    words = [*path.parts[:-1], *re.split(r"[_.\-]", path.name)]
    found = [g for g in BOOKS if g in words]
    return found[0] if len(found) == 1 else None


def _paragraph_starts(text: str) -> list[int]:
    return [0] + [m.end() for m in re.finditer(r"\n[ \t#>]*\n", text)]


def _book_at(text: str, pos: int, starts: list[int], default: str | None) -> str | None:
    """The book named last before `pos` in its paragraph, else the file's."""
    start = max(s for s in starts if s <= pos)
    names = BOOK_NAME.findall(text, start, pos)
    return names[-1] if names else default


def _quote_after(text: str, end: int) -> str | None:
    m = QUOTE_AFTER.match(text, end)
    if not m or m.end() - 1 == end:
        return None         # a citation in a string literal: that quotation mark closes it
    close = min((i for i in (text.find(c, m.end()) for c in _CLOSE) if i >= 0), default=-1)
    if close < 0 or close - m.end() > MAX_QUOTE:
        return None
    return text[m.end():close]


def _quote_before(text: str, close: int) -> str | None:
    """The quotation that ends at text[close] (a closing mark)."""
    open_ = max(text.rfind(c, 0, close) for c in _OPEN)
    if open_ < 0 or close - open_ > MAX_QUOTE or text[open_ - 2:open_] == '""':
        return None
    return text[open_ + 1:close]


def extract(text: str, path: str = "", default_book: str | None = None) -> list[Citation]:
    """Every citation in `text`, with its quote when it has one in the checkable form."""
    starts = _paragraph_starts(text)
    line_of = lambda pos: text.count("\n", 0, pos) + 1      # noqa: E731
    quoted_groups = {}
    for m in GROUP_AFTER_QUOTE.finditer(text):
        quote = _quote_before(text, m.start())
        if quote is not None:
            spans = [(int(c.group(1)), int(c.group(2) or c.group(1)))
                     for c in CITATION.finditer(m.group(1))]
            quoted_groups[m.start(1)] = (quote, tuple(spans))
    found = []
    for m in CITATION.finditer(text):
        first, last = int(m.group(1)), int(m.group(2) or m.group(1))
        quote, group = _quote_after(text, m.end()), ()
        if m.start() in quoted_groups:
            quote, group = quoted_groups[m.start()]
        found.append(Citation(path, line_of(m.start()), _book_at(text, m.start(), starts, default_book),
                              first, last, quote, group))
    return found


def _pieces(quote: str) -> list[str]:
    return [p for p in (normalise(x) for x in ELLIPSIS.split(quote)) if p]


class Rulebook:
    """A rulebook's lines, normalised for searching."""

    def __init__(self, path: Path):
        self.name = path.name
        self.lines = path.read_text(encoding="utf-8").splitlines()
        self.words = [normalise(line) for line in self.lines]

    def holds(self, pieces: list[str], spans) -> bool:
        """The pieces, in order, each from the start of a word, in the lines of the
        (first, last) spans read as one text ("card" holds in "cards", not in "discard")."""
        words = [w for first, last in spans for w in self.words[first - 1:last] if w]
        text, pos = " " + " ".join(words), 0
        for piece in pieces:
            pos = text.find(f" {piece}", pos)
            if pos < 0:
                return False
            pos += len(piece) + 1
        return True

    def where(self, pieces: list[str]) -> str:
        """The shortest run of lines holding the quote, or that it is nowhere."""
        best = None
        for first in range(1, len(self.lines) + 1):
            for last in range(first, min(first + 12, len(self.lines) + 1)):
                if self.holds(pieces, ((first, last),)):
                    if best is None or last - first < best[1] - best[0]:
                        best = (first, last)
                    break
        if best is None:
            return "the quote is nowhere in the rulebook"
        return f"the quote is at l.{best[0]}" + (f"-l.{best[1]}" if best[1] > best[0] else "")


@dataclass(frozen=True)
class Finding:
    citation: Citation
    problem: str

    def __str__(self) -> str:
        c = self.citation
        return f"{c.path}:{c.line}: {c.text}: {self.problem}"


def check(citation: Citation, book: Rulebook) -> str | None:
    """What is wrong with a citation, or None."""
    c, n = citation, len(book.lines)
    if not 1 <= c.first <= c.last <= n:
        return f"{book.name} has lines 1-{n}" if c.first <= c.last else "the range runs backwards"
    blank = sorted(x for x in {c.first, c.last} if not book.lines[x - 1].strip())
    if c.quote is None:
        return f"l.{blank[0]} is blank" if blank else None
    pieces = _pieces(c.quote)
    if not pieces or book.holds(pieces, c.group or ((c.first, c.last),)):
        return f"l.{blank[0]} is blank" if blank else None
    short = " ".join(c.quote.split())
    short = short if len(short) <= 60 else short[:57] + "..."
    return f'"{short}" is not on the cited lines: {book.where(pieces)}'


def files(root: Path):
    """The repository's text files that may cite a rulebook."""
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and "build" not in path.relative_to(root).parts:
                yield path


def citations(root: Path) -> list[Citation]:
    """Every citation in the repository at `root`."""
    found = []
    for path in files(root):
        rel = path.relative_to(root)
        game = _game_of_path(rel)
        found += extract(path.read_text(encoding="utf-8", errors="replace"), str(rel),
                         BOOKS.get(game))
    return found


def rules_folder(root: Path) -> Path | None:
    """shared/rules beside the repository (as on the development machine and in CI)."""
    folder = root.parent / "shared" / "rules"
    return folder if folder.is_dir() else None


@dataclass
class GameReport:
    game: str
    citations: list
    findings: list

    @property
    def quoted(self) -> int:
        return sum(c.quote is not None for c in self.citations)

    @property
    def failed_quotes(self) -> int:
        return sum(f.citation.quote is not None for f in self.findings)

    def summary(self) -> str:
        return (f"{self.game} ({BOOKS[self.game]}): {len(self.citations)} citations, "
                f"{self.quoted} with a quote; {len(self.findings)} fail "
                f"({self.failed_quotes} quotes not on their lines, "
                f"{len(self.findings) - self.failed_quotes} lines missing or blank)")


def check_game(game: str, rules: Path, found: list[Citation]) -> GameReport:
    """Every citation of the game's rulebook among `found`, checked."""
    book = Rulebook(rules / BOOKS[game])
    mine = [c for c in found if c.book == BOOKS[game]]
    findings = [Finding(c, p) for c in mine if (p := check(c, book))]
    return GameReport(game, mine, findings)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m partisan.core.testing.citations",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"games to check (default: all of {', '.join(BOOKS)})")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the repository (default: the checkout this module is in, else .)")
    parser.add_argument("--rules", type=Path,
                        help="the folder of the rulebook texts (default: ROOT/../shared/rules)")
    args = parser.parse_args(argv)
    args.rules = args.rules or rules_folder(args.root)
    unknown = sorted(set(args.games) - set(BOOKS))
    if unknown:
        parser.error(f"no rulebook for {', '.join(unknown)} (games: {', '.join(BOOKS)})")
    if args.rules is None or not args.rules.is_dir():
        parser.error("no rulebook folder: pass --rules DIR")
    found = citations(args.root)
    failed = False
    for game in args.games or BOOKS:
        report = check_game(game, args.rules, found)
        print(report.summary())
        for finding in report.findings:
            print(f"    {finding}")
        failed |= bool(report.findings)
    orphans = [c for c in found if c.book is None]
    if orphans:
        paths = sorted({c.path for c in orphans})
        print(f"not checked: {len(orphans)} citations name no rulebook, and their files no game: "
              + ", ".join(paths))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
