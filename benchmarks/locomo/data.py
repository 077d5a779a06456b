"""Read a LoCoMo file (Maharana et al., 2024; snap-research/LoCoMo `data/locomo10.json`
format) into plain records, with clear errors for a missing or malformed file.

Each turn becomes the text of one memory block: "Speaker: text", then the photo's caption
when the turn shared one ("[shares a photo: …]", the dataset's `blip_caption`; the
image-search `query` it also carries is generation metadata and is left out), then the
session's date, "(8 May 2023)". Questions of categories 1-4 with at least one evidence turn
are kept; evidence ids are normalised as the dataset's README says (split on `;` and white
space, `D:?(\\d+):0*(\\d+)`), and ids that name no turn of the conversation are dropped and
counted.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from elfgraph.errors import ElfgraphError

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
# The synthetic set's own kind (benchmarks/synthetic.py): the other speaker said the like.
CATEGORIES_OWN = {6: "speaker"}
ALL_CATEGORIES = CATEGORIES | CATEGORIES_OWN
_EVIDENCE = re.compile(r"D:?(\d+):0*(\d+)")
_SESSION = re.compile(r"session_(\d+)")
_DATE_FORMAT = "%I:%M %p on %d %B, %Y"  # "1:56 pm on 8 May, 2023"
_RECOVERY = (
    "Pass --data PATH to a LoCoMo file: a JSON list of samples with `sample_id`, "
    "`conversation` (speaker_a, speaker_b, session_N_date_time, session_N) and `qa`, such "
    "as locomo10.json from github.com/snap-research/LoCoMo or the dev subset in "
    "../shared/data/locomo/."
)


class LocomoDataError(ElfgraphError):
    """The LoCoMo file is missing, not JSON, or not in the LoCoMo format."""


@dataclass(frozen=True)
class Turn:
    dia_id: str  # normalised, "D<session>:<turn>"
    speaker: str
    text: str  # the block's content in LoCoMo's own layout, "Speaker: said (8 May 2023)"
    said: str = ""  # what was said (with a shared photo's caption), no speaker or date
    at: datetime | None = None  # the session's date and time

    def content(self, layout: str) -> str | dict[str, str]:
        """The learn item of the turn in one of LAYOUTS."""
        if layout == "inline" or self.at is None:
            return self.text
        if layout == "header":
            stamp = f"{self.at:%I:%M}".lstrip("0") + f" {self.at:%p}".lower()
            when = f"{stamp} on {self.at.day} {self.at:%B}, {self.at.year}"
            return f"{self.speaker} ({when}): {self.said}"
        return {"content": self.said, "speaker": self.speaker, "occurred_at": self.at.isoformat()}

    @property
    def session(self) -> int:
        return int(self.dia_id[1:].split(":")[0])


#: How a turn is learned: "metadata" (the text alone, speaker and occurred_at as data),
#: "inline" ("Speaker: text (8 May 2023)"), "header" ("Speaker (1:56 pm on 8 May, 2023): text").
LAYOUTS = ("metadata", "inline", "header")


@dataclass(frozen=True)
class Session:
    number: int
    date: datetime
    turns: list[Turn]


@dataclass(frozen=True)
class Question:
    text: str
    category: int
    evidence: tuple[str, ...]  # normalised dia_ids, each a turn of the conversation


@dataclass(frozen=True)
class Conversation:
    sample_id: str
    sessions: list[Session]
    questions: list[Question]
    dropped_evidence: int = 0  # evidence ids naming no turn of the conversation
    skipped_questions: int = 0  # categories 1-4 without any usable evidence

    @property
    def turns(self) -> list[Turn]:
        return [turn for session in self.sessions for turn in session.turns]


@dataclass
class _Context:
    where: str
    dropped: int = 0
    skipped: int = 0
    known: set[str] = field(default_factory=set)


def load(path: Path) -> list[Conversation]:
    """Every conversation of the file, in file order."""
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise LocomoDataError(f"No LoCoMo file at {path}.", recovery=_RECOVERY) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise LocomoDataError(f"Cannot read {path}: {exc}.", recovery=_RECOVERY) from exc
    try:
        samples = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise LocomoDataError(
            f"{path} is not valid JSON (line {exc.lineno}: {exc.msg}).", recovery=_RECOVERY
        ) from exc
    if not isinstance(samples, list) or not samples:
        raise LocomoDataError(
            f"{path} must hold a non-empty JSON list of samples.", recovery=_RECOVERY
        )
    return [_conversation(sample, f"{path}: sample {i}") for i, sample in enumerate(samples)]


def _conversation(sample: object, where: str) -> Conversation:
    sample = _mapping(sample, where)
    sample_id = _text(sample, "sample_id", where)
    context = _Context(f"{where} ({sample_id})")
    conversation = _mapping(sample.get("conversation"), f"{context.where}: conversation")
    sessions = _sessions(conversation, context)
    context.known = {turn.dia_id for session in sessions for turn in session.turns}
    qa = sample.get("qa")
    if not isinstance(qa, list):
        raise _malformed(f"{context.where}: `qa` must be a list")
    questions = [
        q for i, item in enumerate(qa) if (q := _question(item, f"qa[{i}]", context)) is not None
    ]
    return Conversation(sample_id, sessions, questions, context.dropped, context.skipped)


def _sessions(conversation: dict[str, Any], context: _Context) -> list[Session]:
    numbers = sorted(
        int(m[1]) for key in conversation if (m := _SESSION.fullmatch(key)) is not None
    )
    if not numbers:
        raise _malformed(f"{context.where}: the conversation has no `session_N` lists")
    sessions = []
    for number in numbers:
        where = f"{context.where}: session_{number}"
        turns = conversation[f"session_{number}"]
        if not isinstance(turns, list):
            raise _malformed(f"{where} must be a list of turns")
        if not turns:
            continue
        stamp = _text(conversation, f"session_{number}_date_time", context.where)
        try:
            date = datetime.strptime(stamp, _DATE_FORMAT)
        except ValueError as exc:
            raise _malformed(
                f"{where}_date_time is {stamp!r}, not like '1:56 pm on 8 May, 2023'"
            ) from exc
        sessions.append(
            Session(number, date, [_turn(t, f"{where}[{i}]", date) for i, t in enumerate(turns)])
        )
    return sessions


def _turn(item: object, where: str, date: datetime) -> Turn:
    turn = _mapping(item, where)
    speaker, text = _text(turn, "speaker", where), _text(turn, "text", where)
    dia_id = _normalise(_text(turn, "dia_id", where))
    if dia_id is None:
        raise _malformed(f"{where}: dia_id {turn['dia_id']!r} is not like 'D1:3'")
    said = text.strip()
    caption = turn.get("blip_caption")
    if isinstance(caption, str) and caption.strip():
        said += f" [shares a photo: {caption.strip()}]"
    return inline_turn(dia_id, speaker, said, date)


def inline_turn(dia_id: str, speaker: str, said: str, at: datetime) -> Turn:
    """A turn whose LoCoMo content is "Speaker: said (8 May 2023)"."""
    return Turn(dia_id, speaker, f"{speaker}: {said} ({at.day} {at:%B %Y})", said, at)


def _question(item: object, index: str, context: _Context) -> Question | None:
    where = f"{context.where}: {index}"
    qa = _mapping(item, where)
    category = qa.get("category")
    if not isinstance(category, int) or isinstance(category, bool):
        raise _malformed(f"{where}: `category` must be a whole number")
    if category not in CATEGORIES:
        return None  # 5 (adversarial) has no answer to retrieve
    text = _text(qa, "question", where)
    raw = qa.get("evidence")
    if not isinstance(raw, list) or not all(isinstance(e, str) for e in raw):
        raise _malformed(f"{where}: `evidence` must be a list of dialogue ids")
    parts = dict.fromkeys(part for e in raw for part in re.split(r"[;\s]+", e) if part)
    ids = [_normalise(part) for part in parts]
    usable = tuple(dict.fromkeys(e for e in ids if e is not None and e in context.known))
    context.dropped += sum(1 for e in ids if e is None or e not in context.known)
    if not usable:
        context.skipped += 1
        return None
    return Question(text, category, usable)


def _normalise(dia_id: str) -> str | None:
    match = _EVIDENCE.fullmatch(dia_id.strip())
    return f"D{int(match[1])}:{int(match[2])}" if match else None


def _mapping(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _malformed(f"{where} must be a JSON object, not {type(value).__name__}")
    return value


def _text(mapping: dict[str, Any], key: str, where: str) -> str:
    value = mapping.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _malformed(f"{where}: `{key}` is missing or not text")
    return value


def _malformed(problem: str) -> LocomoDataError:
    return LocomoDataError(f"Not a LoCoMo file: {problem}.", recovery=_RECOVERY)
