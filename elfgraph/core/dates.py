"""Calendar dates in text, and the period a question asks about (docs/BEHAVIOUR.md §7.8).
Pure functions, no I/O, no clock: a phrase that needs "today" to mean anything ("last
summer", "yesterday" with no date beside it) is left alone.

- `dates_in`: the explicit calendar days a text names ("8 May 2023", "May 8, 2023",
  "8th December, 2023", "2023-05-08").
- `asked_period`: the days a question is about: a day, a month, a season or a year it names
  ("on 3 June, 2023", "in May 2023", "in summer 2021", "in 2022"), a month without a year
  ("in June": that month of any year), or a span anchored on a named day ("the week before
  9 June 2023", "two weeks before August 11, 2023").
- `Period.holds`: whether one of a block's days falls in the period, or up to a few days
  after it (the day something is told comes after the day it happened).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from itertools import pairwise

MONTHS = {
    name: number
    for number in range(1, 13)
    for name in (calendar.month_name[number].lower(), calendar.month_abbr[number].lower())
}
MONTHS["sept"] = 9
_MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>(?:19|20)\d\d)"

# A full date is found from its year (rare in text, so cheap to look for): the day and month
# just ahead of it ("8 May 2023", "May 8, 2023", "the 8th of May, 2023") or after it (ISO).
_YEAR_AT = re.compile(r"\b(?:19|20)\d\d\b")
_AHEAD_OF_YEAR = 24  # characters before a year that can hold its day and month
_DAY_MONTH = re.compile(rf"\b{_DAY}(?:\s+of)?\s+{_MONTH},?\s+$", re.IGNORECASE)
_MONTH_DAY = re.compile(rf"\b{_MONTH}\s+{_DAY},?\s*$", re.IGNORECASE)
_ISO_TAIL = re.compile(r"-(?P<month>\d\d)-(?P<day>\d\d)\b")
_MONTH_YEAR = re.compile(rf"\b{_MONTH},?\s+{_YEAR}\b", re.IGNORECASE)
_SEASON_YEAR = re.compile(r"\b(?P<season>spring|summer|autumn|fall|winter),?\s+" + _YEAR, re.I)
_YEAR_ALONE = re.compile(r"\b(?:in|of|during|since|by|for)\s+" + _YEAR + r"\b", re.IGNORECASE)
# A month without a year only after a preposition and capitalised: "may" is also a verb.
_MONTH_ALONE = re.compile(
    r"\b(?:in|during|of|early|late|mid)\s+(?:-\s*)?(?P<month>"
    + "|".join(calendar.month_name[m] for m in range(1, 13))
    + r")\b(?!\s*\d)"
)
# "the week before", "two weeks before", "the weekend before", "the Sunday before": the
# words just ahead of a named day that move the period before it.
_BEFORE = re.compile(
    r"(?:(?P<count>\d+|a|one|two|three|four|five|six|few|couple of)\s+)?"
    r"(?P<unit>days?|weeks?|weekends?|months?|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday)\s+(?:\w+\s+){0,2}?before\s*$",
    re.IGNORECASE,
)
_COUNTS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNTS |= {"few": 3, "couple of": 2}
_UNIT_DAYS = {"day": 1, "week": 7, "weekend": 7, "month": 31}
_SEASONS = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11), "fall": (9, 11)}

# Days after a period in which a block still counts as telling of it: something that
# happened in May is often told in early June ("last week …").
TOLD_AFTER_DAYS = 7


@dataclass(frozen=True)
class Period:
    """Days from `start` to `end`, inclusive; with `month` only, that month of any year."""

    start: date | None = None
    end: date | None = None
    month: int | None = None

    def holds(self, days: Iterable[date], told_after: int = TOLD_AFTER_DAYS) -> bool:
        """Whether one of `days` falls in the period or at most `told_after` days after."""
        for day in days:
            if self.month is not None:
                for year in (day.year, day.year - 1):  # December is told in January
                    first = date(year, self.month, 1)
                    if first <= day <= _month_end(year, self.month) + timedelta(told_after):
                        return True
            elif self.start is not None and self.end is not None:  # noqa: SIM102
                if self.start <= day <= self.end + timedelta(told_after):
                    return True
        return False

    def overlaps(self, first: date, last: date, told_after: int = TOLD_AFTER_DAYS) -> bool:
        """Whether the days from `first` to `last` meet the period or the `told_after` days
        after it (an event time, or a near-duplicate's span of them)."""
        if self.month is not None:
            span = (last - first).days
            return span >= 62 or self.holds(
                (first + timedelta(d) for d in range(span + 1)), told_after
            )
        if self.start is None or self.end is None:
            return False
        return first <= self.end + timedelta(told_after) and last >= self.start


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _day(year: str, month: str, day: str) -> date | None:
    number = int(month) if month.isdigit() else MONTHS[month.lower().rstrip(".")]
    try:
        return date(int(year), number, int(day))
    except ValueError:  # "31 February 2023"
        return None


def _full_dates(text: str) -> list[tuple[int, int, date]]:
    """Every full date in the text with where it starts and ends, left to right."""
    found: list[tuple[int, int, date]] = []
    for year in _YEAR_AT.finditer(text):
        head_start = max(0, year.start() - _AHEAD_OF_YEAR)
        head = text[head_start : year.start()]
        ahead = _DAY_MONTH.search(head) or _MONTH_DAY.search(head)
        iso = _ISO_TAIL.match(text, year.end())
        if ahead:
            start, end = head_start + ahead.start(), year.end()
            day = _day(year[0], ahead["month"], ahead["day"])
        elif iso:
            start, end = year.start(), iso.end()
            day = _day(year[0], iso["month"], iso["day"])
        else:
            continue
        if day is not None:
            found.append((start, end, day))
    return found


@lru_cache(maxsize=8192)
def _cached_dates(text: str) -> tuple[date, ...]:
    return tuple(day for _, _, day in _full_dates(text))


def dates_in(text: str) -> list[date]:
    """The calendar days the text names in full (day, month and year), in order."""
    return list(_cached_dates(text))


def asked_period(question: str) -> Period | None:
    """The period a question is about, or None when it names none. A named day wins over a
    month, a month over a season, a season over a year; "N weeks before <day>" reaches back
    from that day; a month alone ("in June") means that month of any year."""
    full = _full_dates(question)
    if full:
        start, _, day = full[0]
        return _before(question[:start], day) or Period(day, day)
    month_year = _MONTH_YEAR.search(question)
    if month_year:
        year, month = int(month_year["year"]), MONTHS[month_year["month"].lower()]
        return Period(date(year, month, 1), _month_end(year, month))
    season = _SEASON_YEAR.search(question)
    if season:
        return _season(season["season"].lower(), int(season["year"]))
    year_alone = _YEAR_ALONE.search(question)
    if year_alone:
        year = int(year_alone["year"])
        return Period(date(year, 1, 1), date(year, 12, 31))
    month_alone = _MONTH_ALONE.search(question)
    if month_alone:
        return Period(month=MONTHS[month_alone["month"].lower()])
    return None


def _before(ahead: str, day: date) -> Period | None:
    """ "two weeks before <day>": the days from that far back up to the day."""
    match = _BEFORE.search(ahead)
    if not match:
        return None
    unit = match["unit"].lower().rstrip("s")
    count_text = (match["count"] or "1").lower()
    count = int(count_text) if count_text.isdigit() else _COUNTS.get(count_text, 1)
    days = _UNIT_DAYS.get(unit, 7) * max(1, min(count, 52))  # a weekday: within a week
    return Period(day - timedelta(days), day)


def _season(season: str, year: int) -> Period:
    if season == "winter":  # December of the year before to February
        return Period(date(year - 1, 12, 1), _month_end(year, 2))
    first, last = _SEASONS[season]
    return Period(date(year, first, 1), _month_end(year, last))


# Words that say when something happened, relative to the day it is told ("yesterday",
# "last weekend", "two weeks ago") or on the calendar ("in March", "on Sunday"). Looked up
# word by word: one alternation regex over the text cost ~50 µs a block.
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_TIME_WORDS = frozenset(
    {
        *("yesterday", "today", "tonight", "tomorrow", "ago", "recently", "since"),
        *(calendar.month_name[m].lower() for m in range(1, 13) if m != 5),  # not "may"
        *_WEEKDAYS,
        *(day + "s" for day in _WEEKDAYS),
    }
)
_TIME_PAIRS = (
    frozenset({"last", "next", "this", "past"}),
    frozenset({"week", "weekend", "month", "year", "night", "morning", "summer", "winter"})
    | frozenset({"spring", "fall", "autumn", *_WEEKDAYS}),
)
_COUNTED = (
    frozenset({"few", "couple", "two", "three", "four", "five", "several"}),
    frozenset({"days", "weeks", "months", "years"}),
)
_WORDS = re.compile(r"\w+")
_A_YEAR = re.compile(r"(?:19|20)\d\d")
_ASKS_WHEN = re.compile(
    r"^\W*when\b|\b(?:what|which) (?:date|day|year|month|week|time)\b|\bhow long ago\b",
    re.IGNORECASE,
)


def asks_when(question: str) -> bool:
    """Whether the question asks when something happened ("When did …?", "What year …?")."""
    return _ASKS_WHEN.search(question) is not None


@lru_cache(maxsize=8192)
def tells_time(text: str) -> bool:
    """Whether the text says when something happened: a relative time ("yesterday", "last
    week", "two years ago"), a month, a weekday or a year; a date in brackets at its end (the
    day it was told) does not count."""
    words = _WORDS.findall(_without_told_on(text).lower())
    if any(w in _TIME_WORDS or (len(w) == 4 and _A_YEAR.fullmatch(w)) for w in words):
        return True
    return any(
        (a in _TIME_PAIRS[0] and b in _TIME_PAIRS[1]) or (a in _COUNTED[0] and b in _COUNTED[1])
        for a, b in pairwise(words)
    )


def _without_told_on(text: str) -> str:
    """The text without a date in brackets at its very end ("… (8 May 2023)")."""
    end = text.rstrip()
    opening = end.rfind("(")
    dated = end.endswith(")") and opening >= 0 and len(end) - opening <= 40
    return end[:opening] if dated and _A_YEAR.search(end, opening) else text
