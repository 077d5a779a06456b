"""The in-process keyword index's analysis agrees with the full-text index's `english`
analyzer (Lucene 9's EnglishAnalyzer): the fixture holds Lucene's own terms of a sample,
made by `python -m benchmarks.lucene_tokens` (benchmarks/lucene_tokens.py and
benchmarks/lucene/Tokens.java, in git at 46ee909: Java 17+ and the local server's jars)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.core.analysis import ENGLISH_STOP_WORDS, shared_terms, terms
from elfgraph.core.porter import stem

FIXTURE = Path(__file__).parent / "data" / "lucene_english.tsv"
# Lucene's tokenizer keeps a trailing period in an acronym ("U.S." → "u."); the regular
# expression does not. A question's words never carry one (retrieval.keywords).
KNOWN_DIFFERENCES = {"John's dog doesn't like U.S. politics, 3.5 times and 3,000 more!"}


def lucene_sample() -> list[tuple[str, list[str]]]:
    rows = FIXTURE.read_text(encoding="utf-8").splitlines()
    return [(text, found.split()) for text, _, found in (r.partition("\t") for r in rows)]


def test_the_terms_of_every_sampled_text_are_lucenes() -> None:
    sample = lucene_sample()
    assert len(sample) > 3000
    differing = [
        (text, terms(text), expected)
        for text, expected in sample
        if terms(text) != expected and text not in KNOWN_DIFFERENCES
    ]
    assert differing == []


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("us", "us"),  # two letters: left alone (Snowball's "porter" gives "u")
        ("trekking", "trek"),  # any double consonant but l, s, z is undoubled
        ("incredibly", "incred"),  # -bli → -ble, then -ible
        ("psychology", "psycholog"),  # -logi → -log
        ("caresses", "caress"),
        ("ponies", "poni"),
        ("agreed", "agre"),
        ("hopping", "hop"),
        ("filing", "file"),
        ("generalization", "gener"),
        ("rational", "ration"),  # -ational needs m > 0 before it: no fallback to -tional
    ],
)
def test_porter_follows_the_reference_implementation(word: str, expected: str) -> None:
    assert stem(word) == expected


def test_stop_words_possessives_and_case() -> None:
    assert terms("The Cat's toys AND the dog's") == ["cat", "toi", "dog"]
    assert terms("") == []
    assert "the" in ENGLISH_STOP_WORDS
    assert "what" not in ENGLISH_STOP_WORDS


def test_shared_terms_come_by_how_many_texts_hold_them() -> None:
    texts = ["note 1 on tides", "a note on bread", "Notes about the tides", "running runs"]
    assert shared_terms(texts)[:2] == ["note", "tide"]  # four texts hold "note", two "tide"
    assert "run" in shared_terms(texts)  # held twice by one text: counted once
    assert shared_terms([]) == []
    assert shared_terms(["the and of"]) == []  # stop words alone


WORDS = st.sampled_from(["tide", "tides", "bread", "running", "the", "crane", "x1", "caf\u00e9"])


@given(st.lists(st.lists(WORDS, max_size=6).map(" ".join), max_size=8))
def test_each_shared_term_finds_itself_and_no_later_one_is_held_more_often(
    texts: list[str],
) -> None:
    found = shared_terms(texts)
    holders = [sum(term in terms(text) for text in texts) for term in found]
    assert all(terms(term) == [term] for term in found)
    assert holders == sorted(holders, reverse=True)
    assert len(set(found)) == len(found)
