"""Who said each candidate and which days it tells of (elfgraph/retrieval/facts.py, pure): the
metadata first, the text read as a log line only without it."""

from __future__ import annotations

from datetime import UTC, date, datetime

from elfgraph.core.dates import Period
from elfgraph.core.relative import Anchor
from elfgraph.retrieval.facts import anchored_period, facts_of, in_period, when_and_who

MAY_8 = datetime(2023, 5, 8, 13, 56, tzinfo=UTC).timestamp()
JUNE_3 = datetime(2023, 6, 3, tzinfo=UTC).timestamp()


def test_metadata_wins_over_the_text() -> None:
    fact = facts_of(
        {
            "content": "John (9 June 2024): we moved",
            "speaker": "Maria López",
            "speaker_key": "maria lópez",
            "occurred_at": MAY_8,
        }
    )
    assert (fact.speaker, fact.name) == ("maria lópez", "Maria López")
    assert fact.spans[0] == (date(2023, 5, 8), date(2023, 5, 8))
    assert (date(2024, 6, 9), date(2024, 6, 9)) in fact.spans  # the text's dates count too
    assert fact.body == "we moved"


def test_without_metadata_the_text_is_read_as_a_log_line() -> None:
    fact = facts_of({"content": "Maria (1:56 pm on 8 May, 2023): we moved"})
    assert (fact.speaker, fact.name, fact.body) == ("maria", "Maria", "we moved")
    assert fact.spans == ((date(2023, 5, 8), date(2023, 5, 8)),)


def test_a_block_with_neither_tells_of_the_day_it_was_learned() -> None:
    fact = facts_of({"content": "We moved.", "created_at": "2026-12-03T10:00:00+00:00"})
    assert fact.speaker is None
    assert fact.spans == ((date(2026, 12, 3), date(2026, 12, 3)),)


def test_a_span_meets_a_period_anywhere_in_it() -> None:
    fact = facts_of({"content": "x", "occurred_at": MAY_8, "occurred_until": JUNE_3})
    assert in_period(fact, Period(date(2023, 5, 20), date(2023, 5, 21)))
    assert in_period(fact, Period(month=6))
    assert not in_period(fact, Period(date(2023, 7, 1), date(2023, 7, 31)))


def test_an_anchor_takes_the_day_of_the_best_candidate_naming_the_event() -> None:
    facts = {
        "launch": facts_of({"content": "The launch went well.", "occurred_at": JUNE_3}),
        "other": facts_of({"content": "The launch of a rival.", "occurred_at": MAY_8}),
        "plain": facts_of({"content": "Launch day."}),  # no day: never the anchor
    }
    similarity = {"launch": 0.9, "other": 0.4, "plain": 1.0}
    before = anchored_period(Anchor("launch", 7), similarity, facts)
    assert before == Period(date(2023, 5, 27), date(2023, 6, 2))
    after = anchored_period(Anchor("launch", 2, after=True), similarity, facts)
    assert after == Period(date(2023, 6, 4), date(2023, 6, 5))
    assert anchored_period(Anchor("offsite", 7), similarity, facts) is None


def test_a_scored_block_shows_the_event_time_given_else_the_learning_time() -> None:
    given = when_and_who({"occurred_at": MAY_8, "occurred_offset": 120, "speaker": "Maria"})
    assert given == {
        "speaker": "Maria",
        "occurred_at": "2023-05-08T15:56:00+02:00",
        "occurred_given": True,
    }
    learned = when_and_who({"created_at": "2026-12-03T10:00:00+00:00"})
    assert learned == {"speaker": None, "occurred_at": "2026-12-03T10:00:00+00:00"}
