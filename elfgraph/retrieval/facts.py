"""Who said each candidate and when it happened (docs/BEHAVIOUR.md §7.8-§7.9), for ranking.
Pure.

A block's metadata comes first: its `speaker_key` and its event time (`occurred_at`, with
`occurred_until` when dream merged near-duplicates into a span, in its own zone's days).
Without metadata, the text is read as a log line (core.logline: "Maria: …", "Maria (1:56 pm on
8 May, 2023): …", "[2023-05-08 13:56] Maria: …", a date in brackets at the end), and the full
dates the text names count as days it tells of, as before. A block with neither has the day it
was learned (`created_at`), so "yesterday" finds an agent's notes of yesterday.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from elfgraph.core.coverage import stems_of
from elfgraph.core.dates import Period, dates_in
from elfgraph.core.logline import header
from elfgraph.core.relative import Anchor
from elfgraph.core.when import iso_of, local_day, speaker_key

Span = tuple[date, date]


@dataclass(frozen=True)
class Facts:
    speaker: str | None  # the key it is matched by (metadata, else the text's header)
    name: str | None  # as written
    body: str  # the text without a log header or a trailing date
    spans: tuple[Span, ...]  # the days it tells of, first to last


def facts_of(block: Mapping[str, object]) -> Facts:
    content = str(block.get("content") or "")
    line = header(content)
    given = block.get("speaker_key")
    name = block.get("speaker")
    speaker: str | None
    shown: str | None
    if isinstance(given, str) and given:
        speaker, shown = given, str(name) if isinstance(name, str) else given
    else:
        speaker = speaker_key(line.speaker) if line.speaker else None
        shown = line.speaker
    spans = list(_event_span(block))
    spans += [(day, day) for day in dates_in(content)]
    if not spans:
        learned = _learned_day(block.get("created_at"))
        if learned is not None:
            spans.append((learned, learned))
    return Facts(speaker, shown, line.body, tuple(spans))


def _event_span(block: Mapping[str, object]) -> list[Span]:
    start = block.get("occurred_at")
    if not isinstance(start, int | float) or isinstance(start, bool):
        return []
    offset = block.get("occurred_offset")
    minutes = int(offset) if isinstance(offset, int | float) else None
    until = block.get("occurred_until")
    end = until if isinstance(until, int | float) and until >= start else start
    return [(local_day(float(start), minutes), local_day(float(end), minutes))]


def _learned_day(created_at: object) -> date | None:
    if not isinstance(created_at, str):
        return None
    try:
        return datetime.fromisoformat(created_at).date()
    except ValueError:
        return None


def all_facts(blocks: Mapping[str, Mapping[str, object]]) -> dict[str, Facts]:
    return {block_id: facts_of(b) for block_id, b in blocks.items()}


def in_period(facts: Facts, period: Period) -> bool:
    return any(period.overlaps(first, last) for first, last in facts.spans)


def anchored_period(
    anchor: Anchor, similarity: Mapping[str, float], facts: Mapping[str, Facts]
) -> Period | None:
    """The period of "the week before the launch": from the day of the best-matching
    candidate whose text holds every word of the event ("launch") and that has a day; None
    when no candidate does."""
    wanted = stems_of(anchor.event)
    if not wanted:
        return None
    best: tuple[float, str] | None = None
    for block_id, value in similarity.items():
        fact = facts.get(block_id)
        if fact is None or not fact.spans or value <= 0 or not wanted <= stems_of(fact.body):
            continue
        if best is None or (value, block_id) > best:
            best = (value, block_id)
    if best is None:
        return None
    first, _ = facts[best[1]].spans[0]
    period = anchor.period(first)
    assert period.start is not None
    assert period.end is not None
    if anchor.after:  # the days after the event, not the event's own
        return Period(first + timedelta(1), period.end)
    return Period(period.start, first - timedelta(1))


def when_and_who(block: Mapping[str, object]) -> dict[str, object]:
    """A ScoredBlock's occurred_at (ISO: the event time given, else when it was learned),
    occurred_until, occurred_given and speaker, from the candidate's properties."""
    start = block.get("occurred_at")
    speaker = block.get("speaker")
    found: dict[str, object] = {"speaker": speaker if isinstance(speaker, str) else None}
    if isinstance(start, int | float) and not isinstance(start, bool):
        offset = block.get("occurred_offset")
        minutes = int(offset) if isinstance(offset, int | float) else None
        until = block.get("occurred_until")
        found["occurred_at"] = iso_of(float(start), minutes)
        found["occurred_given"] = True
        if isinstance(until, int | float) and until > start:
            found["occurred_until"] = iso_of(float(until), minutes)
    elif isinstance(block.get("created_at"), str):
        found["occurred_at"] = block["created_at"]
    return found
