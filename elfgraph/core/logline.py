"""Who and when, read from a line of a log when a block carries no metadata (docs/BEHAVIOUR.md
§7.9). Pure.

Chat logs, transcripts and notes put the speaker and the time in a header before the text,
in many layouts; `header` reads the common ones:

- "Maria: text"
- "Maria (1:56 pm on 8 May, 2023): text", "Maria [8 May 2023]: text"
- "[2023-05-08 13:56] Maria: text", "2023-05-08 13:56 - Maria: text", "(8 May 2023) Maria: text"
- "Maria, 8 May 2023: text", "Maria - 8 May 2023 - text", "Maria at 1:56 pm on 8 May 2023: text"
- and a date in brackets at the very end, the day it was told: "Maria: text (8 May 2023)".

It returns the speaker (one to four capitalised words), the text without the header and the
trailing date (`body`), and the day the header or the trailing brackets name (`told`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from elfgraph.core.dates import dates_in

_NAME = r"(?P<name>[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,3})"
# A time or date stamp: digits, month names, "am/pm", "on", "at", commas, dashes, colons,
# slashes and dots, at most 40 characters, holding at least one digit.
_STAMP = r"(?P<stamp>(?=[^\]\)]*\d)[\w\s:,./+-]{1,40}?)"
_LAYOUTS = (
    # Name (stamp): text  |  Name [stamp]: text
    re.compile(rf"^\s*{_NAME}\s*[\(\[]{_STAMP}[\)\]]\s*[:\-–—]\s*"),
    # [stamp] Name: text  |  (stamp) Name: text  |  stamp - Name: text
    re.compile(rf"^\s*[\[\(]{_STAMP}[\]\)]\s*[-–—]?\s*{_NAME}\s*:\s*"),
    re.compile(rf"^\s*(?P<stamp>\d{{4}}-\d\d-\d\d[\dT :.+-]{{0,14}}?)\s*[-–—]?\s*{_NAME}\s*:\s*"),
    # Name, stamp: text  |  Name - stamp - text  |  Name at/on stamp: text
    re.compile(rf"^\s*{_NAME}\s*(?:,|\s[-–—]|\s(?:at|on))\s+{_STAMP}\s*[:\-–—]\s+"),
    # Name: text
    re.compile(rf"^\s*{_NAME}\s*:\s"),
)
_YEAR = re.compile(r"(?:19|20)\d\d")


@dataclass(frozen=True)
class Header:
    speaker: str | None  # the name the line starts with, as written
    body: str  # the text without the header and the trailing date
    told: date | None  # the day the header (or the trailing brackets) names


@lru_cache(maxsize=16384)
def header(content: str) -> Header:
    """The speaker, body and day of a log line; a text in no such layout is all body.
    Cached: ranking asks it of every candidate, query after query."""
    speaker: str | None = None
    told: date | None = None
    body = content
    for layout in _LAYOUTS:
        match = layout.match(content)
        if match is None:
            continue
        stamp = match.groupdict().get("stamp")
        if stamp is not None:
            days = dates_in(stamp)
            if not days:
                continue  # "Maria (my sister): …" is no stamp
            told = days[0]
        speaker, body = match["name"], content[match.end() :]
        break
    trimmed, tail_day = _trailing_date(body)
    return Header(speaker, trimmed, told or tail_day)


def speaker_of(content: str) -> str | None:
    """The speaker a block's text starts with ("Caroline: …" → "Caroline"), or None."""
    return header(content).speaker


def _trailing_date(text: str) -> tuple[str, date | None]:
    """The text without a date in brackets at its very end ("… (8 May 2023)"), and that day."""
    end = text.rstrip()
    opening = max(end.rfind("("), end.rfind("["))
    if not end.endswith((")", "]")) or opening < 0 or len(end) - opening > 40:
        return text, None
    if not _YEAR.search(end, opening):
        return text, None
    days = dates_in(end[opening:])
    return end[:opening].rstrip(), days[0] if days else None
