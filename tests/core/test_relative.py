"""Periods counted from a day (docs/BEHAVIOUR.md §7.8): relative phrases and anchors."""

from __future__ import annotations

from datetime import date

import pytest

from elfgraph.core.dates import Period
from elfgraph.core.relative import Anchor, anchor_of, relative_period

TODAY = date(2023, 6, 14)  # a Wednesday


def days(first: date, last: date) -> Period:
    return Period(first, last)


@pytest.mark.parametrize(
    ("question", "period"),
    [
        ("What did we decide yesterday?", days(date(2023, 6, 13), date(2023, 6, 13))),
        ("and the day before yesterday?", days(date(2023, 6, 12), date(2023, 6, 12))),
        ("What happened today?", days(TODAY, TODAY)),
        ("What did Maria say last week?", days(date(2023, 6, 5), date(2023, 6, 11))),
        ("Anything this week?", days(date(2023, 6, 12), TODAY)),
        ("What did we do last weekend?", days(date(2023, 6, 10), date(2023, 6, 11))),
        ("What shipped last month?", days(date(2023, 5, 1), date(2023, 5, 31))),
        ("Goals for this year?", days(date(2023, 1, 1), date(2023, 12, 31))),
        ("Where did we go last year?", days(date(2022, 1, 1), date(2022, 12, 31))),
        ("What did we do last summer?", days(date(2022, 6, 1), date(2022, 8, 31))),
        ("How was last winter?", days(date(2022, 12, 1), date(2023, 2, 28))),
        ("What happened three days ago?", days(date(2023, 6, 11), date(2023, 6, 11))),
        ("What happened two weeks ago?", days(date(2023, 5, 29), date(2023, 6, 4))),
        ("a month ago", days(date(2023, 5, 1), date(2023, 5, 31))),
        ("What changed in the past 10 days?", days(date(2023, 6, 4), TODAY)),
        ("What did she say last Monday?", days(date(2023, 6, 12), date(2023, 6, 12))),
        ("What did she say last Wednesday?", days(date(2023, 6, 7), date(2023, 6, 7))),
    ],
)
def test_relative_phrases_count_from_the_day_given(question: str, period: Period) -> None:
    assert relative_period(question, TODAY) == period


def test_a_question_without_a_relative_phrase_names_no_period() -> None:
    assert relative_period("What does Maria think of the move?", TODAY) is None
    assert relative_period("What did Maria say in May 2023?", TODAY) is None


def test_last_summer_in_the_summer_is_the_year_before() -> None:
    in_july = date(2023, 7, 20)
    assert relative_period("last summer", in_july) == days(date(2022, 6, 1), date(2022, 8, 31))
    assert relative_period("this summer", in_july) == days(date(2023, 6, 1), date(2023, 8, 31))


def test_last_month_in_january_is_december_of_the_year_before() -> None:
    assert relative_period("last month", date(2024, 1, 9)) == days(
        date(2023, 12, 1), date(2023, 12, 31)
    )


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        ("What happened the week before the launch?", Anchor("launch", 7)),
        ("What did we do two days after the offsite?", Anchor("offsite", 2, after=True)),
        ("What did Maria pack the month before her move?", Anchor("move", 31)),
        ("and the day before our big demo", Anchor("big demo", 1)),
    ],
)
def test_a_span_before_or_after_a_named_event_is_an_anchor(question: str, anchor: Anchor) -> None:
    assert anchor_of(question) == anchor


def test_a_span_before_a_date_is_no_anchor() -> None:
    assert anchor_of("the week before 9 June 2023") is None
    assert anchor_of("What did Maria say?") is None


def test_an_anchor_reaches_back_or_forward_from_the_event_day() -> None:
    launch = date(2023, 6, 20)
    assert Anchor("launch", 7).period(launch) == days(date(2023, 6, 13), launch)
    assert Anchor("launch", 2, after=True).period(launch) == days(launch, date(2023, 6, 22))
