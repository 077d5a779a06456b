"""elfgraph.core.dates: calendar days in text, the period a question asks about."""

from __future__ import annotations

import calendar
from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.core.dates import (
    TOLD_AFTER_DAYS,
    Period,
    asked_period,
    asks_when,
    dates_in,
    tells_time,
)

days = st.dates(min_value=date(1950, 1, 1), max_value=date(2099, 12, 31))


def test_dates_in_finds_every_written_form() -> None:
    text = (
        "Caroline: I went to the support group yesterday. (8 May 2023) "
        "Next: May 9, 2023; the 10th of May, 2023; 2023-05-11; 3rd June 2023."
    )
    assert dates_in(text) == [
        date(2023, 5, 8),
        date(2023, 5, 9),
        date(2023, 5, 10),
        date(2023, 5, 11),
        date(2023, 6, 3),
    ]


def test_dates_in_leaves_out_impossible_days_and_plain_numbers() -> None:
    assert dates_in("31 February 2023, room 12, 2023 alone, may 5 people") == []
    assert dates_in("Nothing here.") == []


@given(days)
def test_any_day_written_any_way_is_read_back(day: date) -> None:
    month = calendar.month_name[day.month]
    for text in (
        f"({day.day} {month} {day.year})",
        f"on {month} {day.day}, {day.year}.",
        f"the {day.day}th of {month.lower()} {day.year}",
        day.isoformat(),
    ):
        assert dates_in(text) == [day], text


@pytest.mark.parametrize(
    ("question", "period"),
    [
        ("What did Tim say on 16 November, 2023?", Period(date(2023, 11, 16), date(2023, 11, 16))),
        ("What was shared on December 1,2023?", Period(date(2023, 12, 1), date(2023, 12, 1))),
        (
            "What class did Maria start in December 2023?",
            Period(date(2023, 12, 1), date(2023, 12, 31)),
        ),
        (
            "Which state did Joanna visit in summer 2021?",
            Period(date(2021, 6, 1), date(2021, 8, 31)),
        ),
        ("When did John get injured in 2023?", Period(date(2023, 1, 1), date(2023, 12, 31))),
        ("When did Melanie go camping in June?", Period(month=6)),
        (
            "What did John do the week before August 3, 2023?",
            Period(date(2023, 7, 27), date(2023, 8, 3)),
        ),
        (
            "Which puppy did she get two weeks before August 11, 2023?",
            Period(date(2023, 7, 28), date(2023, 8, 11)),
        ),
        (
            "What was shown on the Sunday before October 25, 2022?",
            Period(date(2022, 10, 18), date(2022, 10, 25)),
        ),
    ],
)
def test_asked_period_reads_the_question(question: str, period: Period) -> None:
    assert asked_period(question) == period


@pytest.mark.parametrize(
    "question",
    [
        "When did Caroline go to the support group?",
        "How long ago was Caroline's 18th birthday?",
        "What may Ana study?",  # "may" the verb is no month
        "What did she do last summer?",  # needs today's date: left alone
    ],
)
def test_a_question_naming_no_period_has_none(question: str) -> None:
    assert asked_period(question) is None


@given(days, st.integers(min_value=0, max_value=40))
def test_a_day_period_holds_the_day_and_the_days_it_is_told_after(day: date, later: int) -> None:
    period = Period(day, day)
    told = day + timedelta(later)
    assert period.holds([told]) is (later <= TOLD_AFTER_DAYS)
    assert not period.holds([day - timedelta(1)])
    assert not period.holds([])


@given(days, st.integers(min_value=1, max_value=12))
def test_a_month_alone_holds_that_month_of_any_year(day: date, month: int) -> None:
    period = Period(month=month)
    inside = date(day.year, month, min(day.day, calendar.monthrange(day.year, month)[1]))
    assert period.holds([inside])
    far = date(day.year, (month + 5) % 12 + 1, 15)  # mid-month, at least a month away
    assert not period.holds([far])


@given(st.text(max_size=200))
def test_any_text_parses_without_error(text: str) -> None:
    assert all(isinstance(d, date) for d in dates_in(text))
    period = asked_period(text)
    assert period is None or isinstance(period, Period)


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("When did Caroline go to the support group?", True),
        ("  when was the party", True),
        ("What year did John move?", True),
        ("How long ago was her birthday?", True),
        ("What did Caroline research?", False),
        ("Whenever I ask, what comes back?", False),
    ],
)
def test_asks_when(question: str, asks: bool) -> None:
    assert asks_when(question) is asks


@pytest.mark.parametrize(
    ("text", "tells"),
    [
        ("Caroline: I went to a support group yesterday. (8 May 2023)", True),
        ("Jon: Last weekend we danced. (8 May 2023)", True),
        ("Nate: I've had them for 3 years now. (23 January 2022)", False),
        ("Nate: I got them two years ago. (23 January 2022)", True),
        ("Gina: We opened in March.", True),
        ("Melanie: That's great! (8 May 2023)", False),  # only the day it was told
        ("Melanie: That's great!", False),
    ],
)
def test_tells_time_leaves_out_the_day_a_block_was_told(text: str, tells: bool) -> None:
    assert tells_time(text) is tells
