"""forget() and forget_matching() (docs/BEHAVIOUR.md §12): blocks leave the graph in any
status, with every trace of their text and ids.

One read finds what goes (the ids resolved exactly, the near-duplicates dream archived into
them, the inbox copies of their texts) and, when a block's vector leaned on one of them, the
text to embed it from again; then each batch is one write transaction: the edges and the
neighbours' recounts, the texts given back by the blocks that absorbed them, the fresh
vectors, the ids taken out of outcome records, co-retrieval pairs and curate plans, and
the blocks themselves, each leaving a tombstone without its id or text. A crash between two
batches leaves a consistent graph; forgetting the rest again finishes the job.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime

from elfgraph.consolidation.context import contextual_vector
from elfgraph.core.sketch import sketch
from elfgraph.core.text import normalised_text
from elfgraph.embedding.base import EmbeddingService
from elfgraph.errors import ForgetError
from elfgraph.forgetting.checks import (
    check_dry_run,
    check_ids,
    check_limit,
    check_reason,
    check_text,
)
from elfgraph.forgetting.models import Cause, ForgetResult
from elfgraph.forgetting.plan import Doomed, embedded_text, needles
from elfgraph.forgetting.repository.blocks_containing import blocks_containing
from elfgraph.forgetting.repository.delete_blocks import delete_blocks
from elfgraph.forgetting.repository.forget_edges import forget_edges
from elfgraph.forgetting.repository.forget_inputs import forget_inputs
from elfgraph.forgetting.repository.forget_reach import forget_reach
from elfgraph.forgetting.repository.forget_traces import forget_traces
from elfgraph.forgetting.repository.give_back_texts import give_back_texts
from elfgraph.forgetting.repository.inbox_copies import inbox_copies
from elfgraph.forgetting.repository.refresh_vectors import FreshVector, refresh_vectors
from elfgraph.forgetting.repository.session_successors import Successor, session_successors
from elfgraph.forgetting.repository.text_holders import text_holders
from elfgraph.forgetting.resolve import resolve_exact
from elfgraph.spaces.registry import space_missing
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

ROUNDS = 5  # inbox copies of inbox copies' near-duplicates: a chain this long never occurs


@dataclass(frozen=True)
class Embedding:
    """How a block's vector is made again: the embedder, and the share of its predecessor's
    vector (memory.consolidation.context_weight, §4.8)."""

    embedder: EmbeddingService
    context_weight: float


@dataclass
class Forgotten:
    """A forget's result, and what the process that ran it forgets of its own: the vector
    epochs of its batches that deleted an active block, and what marks a history record as
    quoting a forgotten block."""

    result: ForgetResult
    epochs: set[int] = field(default_factory=set)
    needles: list[str] = field(default_factory=list)


async def forget_blocks(
    database: Database,
    space: str,
    block_ids: object,
    *,
    reason: object,
    dry_run: object,
    embedding: Embedding,
) -> Forgotten:
    """Forget the named blocks (whole ids or unique prefixes; an unknown or ambiguous one is a
    ForgetError and nothing changes) and what only lived through them."""
    ids = check_ids(block_ids)
    why = check_reason(reason)
    preview = check_dry_run(dry_run)
    doomed = await database.read(_doomed, space, ids, exact=False)
    return await _carry_out(database, space, doomed, why, preview, embedding)


async def forget_matching_blocks(
    database: Database,
    space: str,
    text: object,
    *,
    reason: object,
    dry_run: object,
    limit: object,
    embedding: Embedding,
) -> Forgotten:
    """Forget (or, by default, preview) the blocks whose content contains `text` (any case),
    in any status, at most `limit` of them (in id order; `more_matching` says when more do)."""
    needle = check_text(text).lower()
    why = check_reason(reason)
    preview = check_dry_run(dry_run)
    most = check_limit(limit)
    matched = await database.read(blocks_containing, space=space, needle=needle, limit=most + 1)
    more = len(matched) > most
    named = [block["id"] for block in matched[:most]]
    doomed = await database.read(_doomed, space, named, exact=True) if named else Doomed()
    forgotten = await _carry_out(database, space, doomed, why, preview, embedding)
    forgotten.result = forgotten.result.model_copy(update={"more_matching": more})
    return forgotten


async def _doomed(tx: Transaction, space: str, ids: list[str], *, exact: bool) -> Doomed:
    """Every block that goes: the named ones (resolved exactly; `exact`: they are whole ids
    read a moment ago), the near-duplicates dream archived into them, and the inbox copies
    of their texts (and of those copies' near-duplicates), in one read transaction."""
    if exact:
        named = ids
    else:
        resolution = await resolve_exact(tx, space, ids)
        resolution.check(ForgetError)
        named = list(dict.fromkeys(ref.id for ref in resolution.found.values()))
    doomed = Doomed()
    fresh: list[str] = named
    cause: Cause = "named"
    for _ in range(ROUNDS):
        found = await forget_inputs(tx, space=space, ids=fresh)
        for block in found:  # the blocks asked for first: a near-duplicate named is named
            doomed.add(block["id"], block["status"], block["content"], cause, block["id"])
        for block in found:
            group = doomed.group[block["id"]]
            for near in block["near_duplicates"]:
                doomed.add(near["id"], near["status"], near["content"], "near_duplicate", group)
        group_of = {normalised_text(doomed.texts[i]): doomed.group[i] for i in doomed.ids}
        copies = await inbox_copies(tx, space=space, texts=sorted(group_of), ids=doomed.ids)
        fresh = []
        for copy in copies:
            group = group_of.get(normalised_text(copy["content"]), copy["id"])
            if doomed.add(copy["id"], copy["status"], copy["content"], "inbox_copy", group):
                fresh.append(copy["id"])
        if not fresh:
            break
        cause = "inbox_copy"
    return doomed


async def _carry_out(
    database: Database,
    space: str,
    doomed: Doomed,
    reason: str | None,
    preview: bool,
    embedding: Embedding,
) -> Forgotten:
    blocks = list(doomed.blocks.values())
    counts = {
        "near_duplicates": sum(b.cause == "near_duplicate" for b in blocks),
        "inbox_copies": sum(b.cause == "inbox_copy" for b in blocks),
    }
    if not blocks:
        return Forgotten(ForgetResult(dry_run=preview, reason=reason))
    if preview:
        return Forgotten(await database.read(_preview, space, doomed, reason, counts))
    successors = await database.read(session_successors, space=space, ids=doomed.ids)
    fresh = await _fresh_vectors(successors, embedding)
    by_batch: dict[str, list[FreshVector]] = {}
    for successor, row in zip(successors, fresh, strict=True):
        by_batch.setdefault(doomed.group[successor["follows"]], []).append(row)
    receipt = secrets.token_hex(8)
    at = datetime.now(UTC).isoformat()
    totals: dict[str, int] = dict.fromkeys(
        ("edges", "given", "refreshed", "outcomes", "pairs", "pointers"), 0
    )
    statuses: dict[str, str] = {}
    epochs: set[int] = set()
    for batch in doomed.batches():
        rows = [
            row
            for group in dict.fromkeys(doomed.group[i] for i in batch)
            for row in by_batch.pop(group, [])
        ]
        done = await database.write(
            _write_batch,
            space,
            doomed,
            batch,
            fresh=rows,
            receipt=receipt,
            reason=reason,
            at=at,
        )
        for name, value in done.counts.items():
            totals[name] += value
        statuses |= done.statuses
        if done.deleted_active:
            epochs.add(done.epoch)
    gone = [
        b.model_copy(update={"content": None, "status": statuses[b.id]})
        for b in blocks
        if b.id in statuses
    ]
    result = ForgetResult(
        blocks=gone,
        inbox=sum(s == "inbox" for s in statuses.values()),
        active=sum(s == "active" for s in statuses.values()),
        archived=sum(s == "archived" for s in statuses.values()),
        near_duplicates=sum(b.cause == "near_duplicate" for b in gone),
        inbox_copies=sum(b.cause == "inbox_copy" for b in gone),
        edges_removed=totals["edges"],
        texts_given_back=totals["given"],
        vectors_refreshed=totals["refreshed"],
        outcomes_edited=totals["outcomes"],
        co_retrievals_removed=totals["pairs"],
        pointers_cleared=totals["pointers"],
        receipt=receipt,
        reason=reason,
    )
    return Forgotten(result, epochs, needles(doomed.texts.values(), doomed.ids))


async def _fresh_vectors(successors: list[Successor], embedding: Embedding) -> list[FreshVector]:
    """Each successor's vector made again as dream makes it (§4.8): its own vector, leaning
    on the block it now follows (embedded again from its content, as dream embeds a
    predecessor dreamed before)."""
    if not successors:
        return []
    own_texts = [embedded_text(s["content"], s["summary"], s["absorbed"]) for s in successors]
    previous = sorted({normalised_text(s["previous"]) for s in successors if s["previous"]})
    vectors = await embedding.embedder.embed_batch(own_texts + previous)
    own, before = (
        vectors[: len(own_texts)],
        dict(zip(previous, vectors[len(own_texts) :], strict=True)),
    )
    rows: list[FreshVector] = []
    for successor, vector in zip(successors, own, strict=True):
        leaning = before.get(normalised_text(successor["previous"] or ""))
        found_by = contextual_vector(vector, leaning, embedding.context_weight)
        rows.append(
            FreshVector(
                id=successor["id"],
                embedding=[float(x) for x in found_by],
                embedding_sketch=sketch(found_by),
            )
        )
    return rows


@dataclass
class _Batch:
    epoch: int
    statuses: dict[str, str]  # id → the status it had
    counts: dict[str, int]

    @property
    def deleted_active(self) -> bool:
        return "active" in self.statuses.values()


async def _write_batch(
    tx: Transaction,
    space: str,
    doomed: Doomed,
    batch: list[str],
    *,
    fresh: list[FreshVector],
    receipt: str,
    reason: str | None,
    at: str,
) -> _Batch:
    """One batch of a forget, in one transaction (see the module's docstring)."""
    cut = await forget_edges(tx, space=space, ids=batch)
    if cut is None:
        raise space_missing(space)
    epoch = int(cut["epoch"])
    given = await give_back_texts(
        tx,
        space=space,
        ids=batch,
        forgotten=doomed.ids,
        texts=sorted({doomed.texts[i] for i in batch}),
        epoch=epoch,
    )
    refreshed = await refresh_vectors(tx, space=space, rows=fresh, epoch=epoch) if fresh else 0
    traces = await forget_traces(tx, space=space, ids=batch, forgotten=doomed.ids)
    deleted = await delete_blocks(
        tx,
        space=space,
        rows=[
            {"id": i, "token": secrets.token_hex(8), "cause": doomed.blocks[i].cause} for i in batch
        ],
        receipt=receipt,
        reason=reason,
        at=at,
        epoch=epoch,
    )
    return _Batch(
        epoch,
        {row["id"]: row["status"] for row in deleted},
        {
            "edges": int(cut["edges"]),
            "given": given,
            "refreshed": refreshed,
            "outcomes": traces["outcomes"],
            "pairs": traces["pairs"],
            "pointers": traces["pointers"],
        },
    )


async def _preview(
    tx: Transaction, space: str, doomed: Doomed, reason: str | None, counts: dict[str, int]
) -> ForgetResult:
    """What the forget would remove, with the blocks' contents; nothing is written."""
    reach = await forget_reach(tx, space=space, ids=doomed.ids)
    texts = sorted(set(doomed.texts.values()))
    giving = await text_holders(tx, space=space, ids=doomed.ids, texts=texts)
    successors = await session_successors(tx, space=space, ids=doomed.ids)
    blocks = list(doomed.blocks.values())
    return ForgetResult(
        dry_run=True,
        blocks=blocks,
        inbox=sum(b.status == "inbox" for b in blocks),
        active=sum(b.status == "active" for b in blocks),
        archived=sum(b.status == "archived" for b in blocks),
        edges_removed=reach["edges"],
        texts_given_back=giving,
        vectors_refreshed=len(successors),
        outcomes_edited=reach["outcomes"],
        co_retrievals_removed=reach["pairs"],
        reason=reason,
        **counts,
    )
