"""The record sheet's round pages (docs/kit.md): turn lines numbered as a
verdict counts a round's turns, with no blank line invited and the spare page
carrying on the count; the heading clear of the table's field; the
notation's forms on every round page, as on the quick reference."""

from __future__ import annotations

import io
import re

import pypdf
import pypdfium2
import pytest

from hi5pnp.deck import load_deck
from hi5pnp.kit.sheets.recordsheet import record_sheet_file
from hi5pnp.rules import EDITIONS, notation_examples

PAPERS = ("a4", "letter")


@pytest.fixture(scope="module")
def deck():
    return load_deck("default", need_score_sheet=False)


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"(?m)^\s*(\d+)\s*$", text)] or [int(n) for n in text.split() if n.isdigit()]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_round_pages_number_the_turns_as_a_verdict_does(deck, paper, edition):
    pages = [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(record_sheet_file(deck, edition, paper, "t"))).pages]
    rounds, spare = pages[1:-1], pages[-1]
    assert len(rounds) == deck.rules.rounds
    forms = [code for code, _ in notation_examples(EDITIONS[edition])]
    assert len(forms) == 4
    for page in [*rounds, spare]:
        assert "blank line between" not in page and "no line left blank" in page
        flat = " ".join(page.split())
        for code in forms:
            assert code in flat, (code, flat[:400])  # the notation's four forms, on every round page
    lines = sorted(n for n in numbers(rounds[0]) if n < 1000)
    assert lines[:90] == list(range(1, 91))  # at least 90 lines, from 1
    last = max(n for n in lines if n <= 3 * 60)
    carried = sorted(numbers(spare))
    assert last + 1 in carried and 1 not in carried  # the spare page carries on the round's count
    assert f"carries on after line {last}" in " ".join(spare.split())
    assert f"Carry on at line {last + 1}" in " ".join(rounds[0].split())


def _box(textpage, word: str) -> tuple[float, float, float, float]:
    """The box (left, bottom, right, top, in points) of ``word``'s first appearance on a page."""
    found = textpage.search(word, match_case=True).get_next()
    assert found, word
    first, count = found
    boxes = [textpage.get_charbox(first + k) for k in range(count)]
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_spare_page_s_heading_is_clear_of_the_table_field(deck, paper):
    pdf = pypdfium2.PdfDocument(record_sheet_file(deck, 2, paper, "t"))
    for k in (1, len(pdf) - 1):  # a round's page and the spare
        text = pdf[k].get_textpage()
        heading = _box(text, "continued" if k == len(pdf) - 1 else "Round 1")
        table = _box(text, "Table")
        same_line = heading[1] < table[3] and table[1] < heading[3]
        assert not same_line or heading[2] + 5 < table[0], (heading, table)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_the_quick_reference_carries_the_notation_s_four_forms(deck, paper, edition):
    from hi5pnp.kit.manual.markup import quickref_markup
    from hi5pnp.kit.manual.quickref import quickref_file
    from hi5pnp.render.cardsize import POKER
    from hi5pnp.render.template import Templates

    pdf = quickref_file(deck, POKER, paper, "t", quickref_markup(deck, edition, Templates()), "quickref.xml.j2", "long")
    text = " ".join(" ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf)).pages).replace("\u00a0", " ").split())
    for code, _ in notation_examples(EDITIONS[edition]):
        assert code in text, (code, text)
