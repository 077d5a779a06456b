"""Periods that need a day to count from (docs/BEHAVIOUR.md §7.8). Pure: the day is given.

- `relative_period(question, today)`: "yesterday", "today", "last week", "this week", "last
  weekend", "last month", "this month", "last year", "this year", "last summer", "last
  Monday", "three days ago", "two weeks ago", "in the past 10 days", "recently" — counted from
  `today` (recall's `as_of`, default now).
- `anchor_of(question)`: "the week before the launch", "two days after the offsite", "the
  month before the move": a span before or after an event the question names without a date.
  Which day that event was is read from the candidates (retrieval.facts), so it is resolved
  there, not here.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

from elfgraph.core.dates import Period

_WEEKDAYS = [calendar.day_name[d].lower() for d in range(7)]
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_NUMBERS |= {"seven": 7, "eight": 8, "nine": 9, "ten": 10, "few": 3, "couple of": 2}
_COUNT = r"(?P<count>\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|couple of)"
_UNIT = r"(?P<unit>day|week|weekend|month|year)s?"
_SEASONS = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11), "fall": (9, 11)}

_AGO = re.compile(rf"\b{_COUNT}\s+{_UNIT}\s+ago\b", re.IGNORECASE)
_PAST = re.compile(
    rf"\b(?:in\s+|over\s+|during\s+)?(?:the\s+)?(?:past|last)\s+{_COUNT}\s+{_UNIT}\b", re.I
)
_LAST = re.compile(
    r"\b(?P<which>last|this|past|previous)\s+(?P<what>week|weekend|month|year|spring|summer|"
    r"autumn|fall|winter|" + "|".join(_WEEKDAYS) + r")\b",
    re.IGNORECASE,
)
_DAY_WORDS = re.compile(
    r"\b(?P<word>the day before yesterday|yesterday|today|tonight|this morning|"
    r"this afternoon|this evening|recently|lately)\b",
    re.IGNORECASE,
)
_ANCHOR = re.compile(
    rf"\b(?:the\s+)?(?:{_COUNT}\s+)?{_UNIT}\s+(?P<side>before|after)\s+"
    r"(?:the|our|my|his|her|their|your|its)\s+(?P<event>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2})",
    re.IGNORECASE,
)
_MONTH_NAMES = {calendar.month_name[m].lower() for m in range(1, 13)}
_UNIT_DAYS = {"day": 1, "week": 7, "weekend": 7, "month": 31, "year": 365}


@dataclass(frozen=True)
class Anchor:
    """A span of `days` before (or after) the day of an event named by `event`."""

    event: str  # the words that name it, e.g. "launch"
    days: int
    after: bool = False

    def period(self, day: date) -> Period:
        if self.after:
            return Period(day, day + timedelta(self.days))
        return Period(day - timedelta(self.days), day)


def _count(text: str | None) -> int:
    if not text:
        return 1
    text = text.lower()
    return int(text) if text.isdigit() else _NUMBERS.get(text, 1)


def _month(year: int, month: int) -> Period:
    return Period(date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1]))


def _monday(day: date) -> date:
    return day - timedelta(day.weekday())


def relative_period(question: str, today: date) -> Period | None:
    """The period a question names relative to `today`, or None when it names none."""
    words = _DAY_WORDS.search(question)
    if words:
        word = words["word"].lower()
        if word == "yesterday":
            return Period(today - timedelta(1), today - timedelta(1))
        if word == "the day before yesterday":
            return Period(today - timedelta(2), today - timedelta(2))
        if word in ("recently", "lately"):
            return Period(today - timedelta(30), today)
        return Period(today, today)
    ago = _AGO.search(question)
    if ago:
        return _ago(ago["unit"].lower().rstrip("s"), _count(ago["count"]), today)
    past = _PAST.search(question)
    if past:
        unit = past["unit"].lower().rstrip("s")
        span = _UNIT_DAYS.get(unit, 7) * max(1, min(_count(past["count"]), 366))
        return Period(today - timedelta(span), today)
    last = _LAST.search(question)
    if last:
        return _named(last["which"].lower(), last["what"].lower(), today)
    return None


def _ago(unit: str, count: int, today: date) -> Period:
    """ "three days ago": that day; "two weeks ago": that week; "a month ago": that month."""
    if unit == "day":
        day = today - timedelta(count)
        return Period(day, day)
    if unit in ("week", "weekend"):
        start = _monday(today) - timedelta(7 * count)
        return Period(start, start + timedelta(6))
    if unit == "month":
        month, year = today.month - count, today.year
        while month < 1:
            month, year = month + 12, year - 1
        return _month(year, month)
    return Period(date(today.year - count, 1, 1), date(today.year - count, 12, 31))


def _named(which: str, what: str, today: date) -> Period:
    this = which == "this"
    if what == "week":
        start = _monday(today) - timedelta(0 if this else 7)
        return Period(start, min(start + timedelta(6), today) if this else start + timedelta(6))
    if what == "weekend":
        saturday = _monday(today) + timedelta(5) - timedelta(0 if this else 7)
        return Period(saturday, saturday + timedelta(1))
    if what == "month":
        if this:
            return _month(today.year, today.month)
        return _month(today.year - (today.month == 1), 12 if today.month == 1 else today.month - 1)
    if what == "year":
        year = today.year if this else today.year - 1
        return Period(date(year, 1, 1), date(year, 12, 31))
    if what in _WEEKDAYS:  # the latest such day before today ("last Monday")
        back = (today.weekday() - _WEEKDAYS.index(what)) % 7 or 7
        day = today - timedelta(back)
        return Period(day, day)
    return _season(what, today, this)


def _season(season: str, today: date, this: bool) -> Period:
    """ "last summer": the latest summer that has ended before today; "this summer": this
    year's (winter: the one that began in December)."""
    for year in range(today.year + (season == "winter"), today.year - 3, -1):
        if season == "winter":
            period = Period(date(year - 1, 12, 1), _month(year, 2).end)
        else:
            first, last = _SEASONS[season]
            period = Period(date(year, first, 1), _month(year, last).end)
        assert period.start is not None
        assert period.end is not None
        if this and period.start <= today:
            return period
        if not this and period.end < today:
            return period
    return Period(date(today.year - 1, 1, 1), today)  # not reached


def anchor_of(question: str) -> Anchor | None:
    """ "the week before the launch" → Anchor("launch", 7); None without such a phrase. A
    phrase followed by a date ("the week before 9 June 2023") is dates.asked_period's."""
    match = _ANCHOR.search(question)
    if match is None:
        return None
    unit = match["unit"].lower().rstrip("s")
    days = _UNIT_DAYS.get(unit, 7) * max(1, min(_count(match["count"]), 52))
    event = match["event"].strip()
    if re.match(r"\d", event) or event.split()[0].lower() in {
        m.lower() for m in calendar.month_name[1:]
    }:
        return None
    return Anchor(event, days, after=match["side"].lower() == "after")
