"""Event times and speakers as data (docs/BEHAVIOUR.md §3.3): parsing and normalisation."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from elfgraph.core.when import event_time, local_day, shown_span, speaker_key


@pytest.mark.parametrize(
    ("text", "day", "offset"),
    [
        ("2023-05-08", date(2023, 5, 8), None),
        ("2023-05-08T13:56", date(2023, 5, 8), None),
        ("2023-05-08 13:56:00", date(2023, 5, 8), None),
        ("2023-05-08T23:30:00+02:00", date(2023, 5, 8), 120),
        ("2023-05-08T01:30:00-05:00", date(2023, 5, 8), -300),
        ("2023-05-08T13:56:00Z", date(2023, 5, 8), 0),
        ("2023-05-08T13:56:00.123456", date(2023, 5, 8), None),
    ],
)
def test_an_iso_date_or_date_time_is_read_in_its_own_zone(
    text: str, day: date, offset: int | None
) -> None:
    moment = event_time(text)
    assert moment.day == day
    assert moment.offset_minutes == offset


def test_a_time_without_a_zone_is_utc_and_a_date_is_its_midnight() -> None:
    assert event_time("2023-05-08").seconds == datetime(2023, 5, 8, tzinfo=UTC).timestamp()
    assert event_time(date(2023, 5, 8)) == event_time("2023-05-08")
    assert event_time(datetime(2023, 5, 8, 13, 56)) == event_time("2023-05-08T13:56")
    zoned = datetime(2023, 5, 8, 23, 30, tzinfo=timezone(timedelta(hours=2)))
    assert event_time(zoned).seconds == event_time("2023-05-08T21:30:00Z").seconds
    # The day is the zone's own: 23:30 in Berlin is still the 8th, though UTC says so too late.
    late = event_time("2023-05-08T23:30:00-05:00")
    assert late.day == date(2023, 5, 8)
    assert local_day(late.seconds) == date(2023, 5, 9)


@pytest.mark.parametrize(
    "bad",
    ["8 May 2023", "2023-02-30", "2023-5-8", "yesterday", "", "2023-05-08T25:00", 20230508, None],
)
def test_anything_else_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match=r"\S"):
        event_time(bad)


@pytest.mark.parametrize(
    ("given", "key"),
    [
        ("Maria", "maria"),
        ("  Maria  ", "maria"),
        ("Maria   López", "maria lópez"),
        ("MARIA\tLÓPEZ", "maria lópez"),
        ("Straße", "strasse"),  # casefold, not lower
    ],
)
def test_a_speaker_is_matched_trimmed_collapsed_and_casefolded(given: str, key: str) -> None:
    assert speaker_key(given) == key


def test_a_span_is_shown_as_its_days() -> None:
    assert shown_span("2023-05-08T13:56:00+00:00") == "8 May 2023"
    assert shown_span("2023-05-08T13:56:00", "2023-05-08T20:00:00") == "8 May 2023"
    assert shown_span("2023-05-08T00:00:00", "2023-06-03T00:00:00") == "8 May 2023 – 3 June 2023"
