"""When a block happened and who said it, as data (docs/BEHAVIOUR.md §3.3). Pure, no clock.

- `event_time`: an ISO 8601 date or date-time, with or without a zone ("2023-05-08",
  "2023-05-08T13:56", "2023-05-08 13:56:00+02:00", "...Z"), or a `date` / `datetime`, as
  epoch seconds (UTC; a time without a zone is read as UTC) and the zone's offset in minutes
  (None without one). A date alone is that day's midnight.
- `local_day`: the calendar day of an event time where it happened (its own offset).
- `speaker_key`: a speaker's name for matching: trimmed, white space collapsed, casefolded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, timezone

MAX_SPEAKER_CHARS = 128
_SPACES = re.compile(r"\s+")
# A date alone, or a date and a time ("T" or one blank between them).
_ISO = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
)


@dataclass(frozen=True)
class EventTime:
    """Seconds since the epoch (UTC) and the offset in minutes it was given with."""

    seconds: float
    offset_minutes: int | None = None

    @property
    def day(self) -> date:
        return local_day(self.seconds, self.offset_minutes)

    def iso(self) -> str:
        """The event time again in ISO 8601, in its own zone (UTC when it had none)."""
        return iso_of(self.seconds, self.offset_minutes)


def event_time(value: object) -> EventTime:
    """An ISO date or date-time (text, `date` or `datetime`) as an EventTime; ValueError
    naming what is wrong otherwise."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime(value.year, value.month, value.day)
    elif isinstance(value, str):
        text = value.strip()
        if not _ISO.fullmatch(text):
            raise ValueError(f"{value[:40]!r} is not an ISO date or date-time")
        try:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError as exc:  # "2023-02-30"
            raise ValueError(f"{value[:40]!r} is not a calendar date: {exc}") from None
    else:
        raise ValueError(f"an event time must be ISO text or a date, not {type(value).__name__}")
    offset = moment.utcoffset()
    if offset is None:
        return EventTime(moment.replace(tzinfo=UTC).timestamp(), None)
    return EventTime(moment.timestamp(), int(offset.total_seconds() // 60))


def local_day(seconds: float, offset_minutes: int | None = None) -> date:
    """The day of an event time in its own zone."""
    moment = datetime.fromtimestamp(seconds, UTC) + timedelta(minutes=offset_minutes or 0)
    return moment.date()


def iso_of(seconds: float, offset_minutes: int | None = None) -> str:
    moment = datetime.fromtimestamp(seconds, UTC)
    if offset_minutes:
        moment = moment.astimezone(timezone(timedelta(minutes=offset_minutes)))
    return moment.isoformat()


def day_seconds(day: date) -> float:
    """The epoch seconds of a day's midnight, UTC."""
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()


def speaker_key(name: str) -> str:
    """A speaker's name as it is matched: trimmed, white space collapsed, casefolded
    ("  Maria  LÓPEZ " → "maria lópez")."""
    return _SPACES.sub(" ", name).strip().casefold()


def shown_day(day: date) -> str:
    """A day as the frame shows it: "8 May 2023"."""
    return f"{day.day} {day:%B %Y}"


def shown_span(first: str, last: str | None = None) -> str:
    """An ISO event time (or a span of two) as the frame shows it: "8 May 2023",
    "8 May 2023 – 3 June 2023"."""
    start = shown_day(datetime.fromisoformat(first).date())
    if last is None:
        return start
    end = shown_day(datetime.fromisoformat(last).date())
    return start if end == start else f"{start} – {end}"
