"""Rulebook citations (core/testing/citations.py): the checker on small texts, then every game's
citations against its rulebook text, shared/rules/ beside the repository (skipped without it).

The sample texts below spell a citation as f"{L}2" so that this file cites no rulebook itself."""
from __future__ import annotations

from pathlib import Path

import pytest

from partisan.core.testing import citations
from partisan.core.testing.citations import BOOKS, Citation, Rulebook, check, extract

ROOT = Path(__file__).resolve().parents[2]
RULES = citations.rules_folder(ROOT)
L = "l."
BOOK_LINES = ["Title", "", "Alpha beta, gamma.", "Delta: epsilon zeta", "eta theta.", "", "Iota kappa."]


@pytest.fixture
def book(tmp_path) -> Rulebook:
    path = tmp_path / "book.txt"
    path.write_text("\n".join(BOOK_LINES) + "\n")
    return Rulebook(path)


def _one(text: str, book_name: str | None = "book.txt") -> Citation:
    found = extract(text, "x.md", book_name)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("text, first, last, quote", [
    (f'{L}3: "Alpha beta"', 3, 3, "Alpha beta"),
    (f'{L}3 "Alpha beta"', 3, 3, "Alpha beta"),
    (f'# {L}4-{L}5: "epsilon zeta\n# eta"', 4, 5, "epsilon zeta\n# eta"),
    (f'{L}4–5 “zeta eta”', 4, 5, "zeta eta"),
    (f'"Alpha beta" ({L}3)', 3, 3, "Alpha beta"),
    (f'"Alpha beta", ({L}3; a note)', 3, 3, "Alpha beta"),
    (f'seen at ({L}3)', 3, 3, None),
    (f'("{L}3", "Alpha")', 3, 3, None),          # a string literal, not a quotation
    (f'({L}3) "Alpha"', 3, 3, None),             # a quote after the bracket is not the citation's
])
def test_extract_reads_the_forms(text, first, last, quote):
    c = _one(text)
    assert (c.first, c.last, c.quote) == (first, last, quote)


def test_a_quote_before_a_list_belongs_to_the_whole_list():
    first, second = extract(f'"Alpha ... Iota" ({L}3, {L}7)', "x.md", "book.txt")
    assert first.quote == "Alpha ... Iota" and first.group == ((3, 3), (7, 7))
    assert second.quote is None


def test_a_book_named_in_the_paragraph_overrides_the_files():
    text = f"war_guerrilla_tactics.txt {L}5 and {L}6.\n\nthen {L}7"
    assert [c.book for c in extract(text, "x.md", "guerilla.txt")] == [
        "war_guerrilla_tactics.txt", "war_guerrilla_tactics.txt", "guerilla.txt"]


@pytest.mark.parametrize("text", [
    f'{L}3: "alpha BETA gamma"',                  # case and punctuation
    f'{L}4-{L}5: "zeta\n    eta theta"',          # a range read as one text, the quote wrapped
    f'{L}3: "Alpha ... gamma"',                    # an ellipsis skips words
    f'{L}3: "Alpha [the] gamma"',                  # so does an insertion
    f'"Alpha ... Iota" ({L}3, {L}7)',              # a list read in order
    f'{L}7 "Iota"',                                # a word pins a line
    f'{L}7 "Iot"',                                 # from the start of a word
])
def test_a_quote_on_its_lines_passes(text, book):
    assert check(extract(text, "x.md", "book.txt")[0], book) is None


@pytest.mark.parametrize("text, problem", [
    (f'{L}4: "Alpha beta"', f"not on the cited lines: the quote is at {L}3"),
    (f'{L}4: "epsilon zeta eta"', f"not on the cited lines: the quote is at {L}4-{L}5"),
    (f'{L}3: "beta Alpha"', "the quote is nowhere in the rulebook"),    # order matters
    (f'{L}3: "lpha"', "the quote is nowhere in the rulebook"),          # not mid-word
    (f'"Iota ... Alpha" ({L}3, {L}7)', "nowhere"),
    (f"{L}8", "book.txt has lines 1-7"),
    (f"{L}0", "book.txt has lines 1-7"),
    (f"{L}5-{L}4", "the range runs backwards"),
    (f"{L}2", f"{L}2 is blank"),
    (f"{L}5-{L}6", f"{L}6 is blank"),
    (f'{L}6-{L}7 "Iota"', f"{L}6 is blank"),
])
def test_a_wrong_citation_fails(text, problem, book):
    found = check(extract(text, "x.md", "book.txt")[0], book)
    assert found is not None and problem in found


def test_the_report_names_each_failure_and_the_exit_code_says_so(tmp_path, capsys):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / BOOKS["garden"]).write_text("\n".join(BOOK_LINES) + "\n")
    notes = tmp_path / "core" / "games" / "garden"
    notes.mkdir(parents=True)
    (notes / "RULES.md").write_text(f'Right ({L}3 "Alpha").\nWrong ({L}4 "Alpha").\n')
    assert citations.main(["garden", "--root", str(tmp_path), "--rules", str(rules)]) == 1
    out = capsys.readouterr().out
    assert "garden (garden_guerrilla.txt): 2 citations, 2 with a quote; 1 fail" in out
    assert f'core/games/garden/RULES.md:2: {L}4: "Alpha" is not on the cited lines: the quote is at {L}3' in out
    (notes / "RULES.md").write_text(f'Right ({L}3 "Alpha").\n')
    assert citations.main(["garden", "--root", str(tmp_path), "--rules", str(rules)]) == 0


@pytest.fixture(scope="module")
def repository_citations() -> list[Citation]:
    if RULES is None:
        pytest.skip(f"no rulebook texts at {ROOT.parent / 'shared' / 'rules'} (a copy of shared/ "
                    "beside the repository holds them)")
    return citations.citations(ROOT)


@pytest.mark.parametrize("game", list(BOOKS))
def test_citations_match_the_rulebook(game, repository_citations):
    """Every citation of the game's rulebook, in any file, is on lines that exist and are not
    blank, and a quoted one finds its quote there."""
    report = citations.check_game(game, RULES, repository_citations)
    assert not report.findings, "\n".join([report.summary(), *map(str, report.findings)])


def test_every_citation_names_its_rulebook(repository_citations):
    """A citation in a file named after no game must name its book in its paragraph."""
    orphans = [c for c in repository_citations if c.book is None]
    assert not orphans, "\n".join(f"{c.path}:{c.line}: {c.text} names no rulebook" for c in orphans)
