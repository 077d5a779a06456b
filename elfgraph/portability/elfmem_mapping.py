"""elfmem's rows as elfgraph's records (docs/PORTABILITY.md, "From elfmem").

Block ids are the same in both (the first 16 hex characters of the sha256 of the
content, stripped and lower-cased), and so are most of a block's fields. Embeddings are
reused when the database is locked to the embedding model and dimension the target
space will use; otherwise active blocks go to the inbox, where the next dream embeds
them again. Everything that has no place in elfgraph is counted in a `Tally`, reported
by the import, never dropped silently.
"""

from __future__ import annotations

import base64
import re
import sqlite3
from typing import Any

import numpy as np
from pydantic import BaseModel, ValidationError

from elfgraph.core.sketch import sketch
from elfgraph.core.when import event_time, speaker_key
from elfgraph.edges.rules import RELATION_WORD
from elfgraph.errors import ImportFileError
from elfgraph.portability.models import Unmapped
from elfgraph.portability.reader import explain
from elfgraph.portability.records import (
    BlockLine,
    CoRetrievalLine,
    EdgeLine,
    OutcomeLine,
    SessionLine,
)
from elfgraph.portability.vectors import EncodedVector

STATUSES = ("inbox", "active", "archived")
# Block columns elfgraph keeps under the same name.
SAME = (
    "content",
    "category",
    "source",
    "created_at",
    "archive_reason",
    "confidence",
    "reinforcement_count",
    "decay_lambda",
    "last_reinforced_at",
    "self_alignment",
    "token_count",
    "summary",
    "outcome_evidence",
)
# Columns that say when a block happened and who said it, where an elfmem database has them
# (the releases we know have neither): mapped to occurred_at and speaker (BEHAVIOUR.md §3.3).
EVENT_TIME = ("occurred_at", "valid_from", "event_time")
SPEAKER = ("speaker", "actor")
TAKEN = {*SAME, *EVENT_TIME, *SPEAKER, "_rowid", "id", "status", "embedding", "embedding_model"}
PEER = "elfmem's peer messaging has no counterpart in elfgraph"
# Block columns with no place in elfgraph: why, when their value is not the default.
LEFT_OUT = {
    "superseded_by": "elfgraph does not record which block replaced a superseded one",
    "success_count": "elfgraph keeps confidence and outcome_evidence, derived from α and β",
    "failure_count": "elfgraph keeps confidence and outcome_evidence, derived from α and β",
    "source_peer": PEER,
    "share": PEER,
    "envelope_json": PEER,
    "last_scored_at": "elfgraph does not rescore blocks",
    "cue": "elfgraph blocks have no cue",
    "volatility_class": "elfgraph blocks have no volatility class",
    "last_session_id": "elfgraph records the session a block was learned in only",
}
DEFAULTS: dict[str, Any] = {"success_count": 0.5, "failure_count": 0.5, "share": "private"}


class Tally:
    """What could not be mapped: counts by (what, why)."""

    def __init__(self) -> None:
        self.counts: dict[tuple[str, str], int] = {}

    def add(self, what: str, reason: str, count: int = 1) -> None:
        if count:
            self.counts[(what, reason)] = self.counts.get((what, reason), 0) + count

    def report(self) -> list[Unmapped]:
        return [
            Unmapped(what=what, count=count, reason=reason)
            for (what, reason), count in sorted(self.counts.items())
        ]


def checked(model: type[BaseModel], fields: dict[str, Any], path: str, where: str) -> Any:
    try:
        return model.model_validate(fields)
    except ValidationError as exc:
        raise ImportFileError(
            path,
            None,
            f"{where}: {explain(exc, str(fields.get('record')))}",
            recovery="Nothing was imported. The elfmem database holds a value elfgraph "
            "cannot store; fix that row with elfmem (or sqlite3), then import again.",
        ) from exc


class Mapper:
    """Maps the rows of one elfmem database; `dimensions` is set when embeddings are
    reused (the database's lock is the target's model and dimension)."""

    def __init__(
        self,
        path: str,
        *,
        model: str | None,
        dimensions: int | None,
        total_hours: float,
        tally: Tally,
    ) -> None:
        self.path = path
        self.model = model
        self.dimensions = dimensions
        self.total_hours = total_hours
        self.tally = tally
        self.sent_to_inbox = 0

    def block(self, row: sqlite3.Row, tags: list[str]) -> BlockLine | None:
        present = set(row.keys())
        fields = {k: row[k] for k in SAME if k in present and row[k] is not None}
        status = row["status"]
        if status not in STATUSES:
            self.tally.add(f"blocks with status {status!r}", "elfgraph has no such status")
            return None
        self._left_out(row, tags)
        fields.update(
            record="block", id=row["id"], status=status, tags=tags, learn_seq=row["_rowid"]
        )
        fields.setdefault("token_count", len(row["content"]) // 4)
        fields.update(when_and_who(row, present))
        blob = row["embedding"]
        reuse = (
            self.dimensions is not None and blob is not None and len(blob) == 4 * self.dimensions
        )
        if status == "active" and reuse:
            vector = np.frombuffer(blob, dtype="<f4")
            fields["embedding"] = EncodedVector(
                dtype="float32", base64=base64.b64encode(blob).decode("ascii")
            )
            fields["sketch"] = sketch(vector)
            fields["embedding_model"] = self.model
            if any(tag.startswith("self/") for tag in tags):
                fields["labels"] = ["Self"]
        elif status == "active":
            fields["status"] = "inbox"
            self.sent_to_inbox += 1
        return checked(BlockLine, fields, self.path, f"blocks row {row['id']!r}")  # type: ignore[no-any-return]

    def _left_out(self, row: sqlite3.Row, tags: list[str]) -> None:
        for column in row.keys():  # noqa: SIM118 — iterating a Row gives its values
            value = row[column]
            if column in TAKEN or value is None or value == DEFAULTS.get(column):
                continue
            if column == "pinned":
                if value and "self/constitutional" not in tags:
                    self.tally.add(
                        "blocks.pinned", "elfgraph has no pin; tag a block self/constitutional"
                    )
                continue
            reason = LEFT_OUT.get(column, "a column this importer does not know (a newer elfmem?)")
            self.tally.add(f"blocks.{column}", reason)

    def edge(self, row: sqlite3.Row, last_pair: tuple[str, str] | None) -> EdgeLine | None:
        pair = (row["a"], row["b"])
        kind = row["kind"]
        if kind == "near_duplicate":
            self.tally.add(
                "contradictions of kind near_duplicate",
                "elfgraph's dream archives near-duplicates instead of keeping the pair",
            )
            return None
        if kind != "edge" and row["resolved"]:
            self.tally.add("resolved contradictions", "elfgraph keeps no resolved contradictions")
            return None
        if row["a"] == row["b"]:
            self.tally.add("edges from a block to itself", "an edge joins two blocks")
            return None
        if pair == last_pair:
            what = "contradictions" if kind != "edge" else "edges"
            self.tally.add(f"{what} on a pair that already has an edge", "one edge per pair")
            return None
        if not row["mapped"]:
            self.tally.add(
                "edges" if kind == "edge" else "contradictions",
                "an end is not an active block here (archived, or sent to the inbox)",
            )
            return None
        relation = self.relation(row["relation_type"] or "similar")
        if relation is None:
            self.tally.add(
                "edges with a relation that is not a word",
                "relations are one lower-case word (letters, digits, _)",
            )
            return None
        if row["declared_by"] is not None:
            self.tally.add(
                "edges.declared_by", "elfgraph does not record which block declared an edge"
            )
        fields: dict[str, Any] = {
            "record": "edge",
            "a": row["a"],
            "b": row["b"],
            "type": relation.upper(),
            "relation": relation,
            "weight": min(1.0, max(0.0, float(row["weight"]))),
            "origin": row["origin"] or "similarity",
            "reinforcement_count": int(row["reinforcement_count"] or 0),
            "created_at": row["created_at"],
            "last_active_hours": row["last_active_hours"],
            "note": row["note"],
        }
        return checked(EdgeLine, fields, self.path, f"edge {row['a']}/{row['b']}")  # type: ignore[no-any-return]

    def relation(self, word: str) -> str | None:
        """elfmem's relation as an elfgraph relation word; renamed ones are reported."""
        made = re.sub(r"[^a-z0-9_]+", "_", word.strip().lower()).strip("_")
        if not RELATION_WORD.fullmatch(made):
            return None
        if made != word:
            self.tally.add(
                f"relation {word!r} renamed {made!r}", "relations are one lower-case word"
            )
        return made

    def session(self, row: sqlite3.Row) -> SessionLine:
        fields: dict[str, Any] = {
            "record": "session",
            "id": row["id"],
            "task_type": row["task_type"],
            "started_at": row["started_at"],
            "start_hours": row["start_active_hours"],
        }
        start = row["start_active_hours"]
        end = row["next_start"] if row["next_start"] is not None else self.total_hours
        if row["ended_at"] is not None:
            fields["ended_at"] = row["ended_at"]
            if all(isinstance(v, int | float) for v in (start, end)):  # else validation says why
                fields["hours"] = max(0.0, end - start)
        return checked(SessionLine, fields, self.path, f"sessions row {row['id']!r}")  # type: ignore[no-any-return]

    def outcome(self, row: sqlite3.Row) -> OutcomeLine:
        fields: dict[str, Any] = {
            "record": "outcome",
            "id": row["id"],
            "at": row["created_at"],
            "signal": row["signal"],
            "weight": row["weight"],
            "source": row["source"],
            "block_ids": [row["block_id"]],
        }
        self.tally.add(
            "block_outcomes.confidence_before, confidence_after",
            "elfgraph's outcome records keep the signal, not the confidence it made",
        )
        return checked(OutcomeLine, fields, self.path, f"block_outcomes row {row['id']!r}")  # type: ignore[no-any-return]

    def co_retrieval(self, row: sqlite3.Row) -> CoRetrievalLine | None:
        if not row["mapped"]:
            self.tally.add("co_retrieval_staging", "an end is not an active block here")
            return None
        fields = {"record": "co_retrieval", "a": row["a"], "b": row["b"], "count": row["count"]}
        return checked(CoRetrievalLine, fields, self.path, f"pair {row['a']}/{row['b']}")  # type: ignore[no-any-return]


def when_and_who(row: sqlite3.Row, present: set[str]) -> dict[str, Any]:
    """A row's event time and speaker as elfgraph stores them, from the first column of
    each kind that holds a readable value."""
    found: dict[str, Any] = {}
    for column in EVENT_TIME:
        if column in present and row[column] is not None:
            try:
                moment = event_time(str(row[column]))
            except ValueError:
                continue
            found["occurred_at"] = moment.seconds
            if moment.offset_minutes is not None:
                found["occurred_offset"] = moment.offset_minutes
            break
    for column in SPEAKER:
        value = row[column] if column in present else None
        if isinstance(value, str) and value.strip() and "\n" not in value:
            found["speaker"] = " ".join(value.split())
            found["speaker_key"] = speaker_key(value)
            break
    return found
