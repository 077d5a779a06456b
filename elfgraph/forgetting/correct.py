"""correct() (docs/BEHAVIOUR.md §12): a fact that changed. The new content becomes a block
that is active at once (embedded here, so recall finds it right away, without a dream), with
the old block's tags, category, source, session, speaker and confidence; the agent's edges move to
it; the old block is archived (reason `corrected`) with the new one as its replacement, so
its id names the new block, as a near-duplicate's names its survivor (§4.2, §8.5)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from elfgraph.config.memory import MemoryConfig
from elfgraph.core.decay import decay_tier
from elfgraph.core.sketch import sketch
from elfgraph.core.text import block_id, normalised_text, random_block_id, token_count
from elfgraph.embedding.base import EmbeddingService
from elfgraph.errors import CorrectError, LearnError
from elfgraph.forgetting.checks import check_ids, check_reason
from elfgraph.forgetting.models import CorrectResult
from elfgraph.forgetting.repository.archive_corrected import archive_corrected
from elfgraph.forgetting.repository.correction_source import correction_source
from elfgraph.forgetting.repository.insert_correction import insert_correction
from elfgraph.forgetting.repository.move_agent_edges import move_agent_edges
from elfgraph.forgetting.resolve import resolve_exact
from elfgraph.learning.checks import check_content
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction


@dataclass(frozen=True)
class _Source:
    block: dict[str, Any]
    taken: str | None  # the status of a block holding the new text's id already


async def correct_block(
    database: Database,
    space: str,
    old: object,
    new_content: object,
    *,
    reason: object,
    embedder: EmbeddingService,
    config: MemoryConfig,
    now_hours: float | None,
) -> CorrectResult:
    """Replace the block `old` (a whole id or a unique prefix; inbox or active) by a new
    block holding `new_content`."""
    (given,) = check_ids([old], CorrectError)
    try:
        content = check_content(new_content, config)
    except LearnError as exc:
        raise CorrectError(exc.message, recovery=exc.recovery_template) from exc
    why = check_reason(reason, CorrectError)
    wanted = block_id(content)
    source = await database.read(_read_source, space, given, wanted)
    block = source.block
    if block["status"] not in ("inbox", "active"):
        raise CorrectError(
            f"Block {block['id']} is {block['status']}: only a block in the inbox or active "
            "can be corrected.",
            recovery="Correct the block that replaced it (its id names it for {op:outcome}), "
            "or {op:learn} the new content.",
        )
    if normalised_text(block["content"]) == normalised_text(content):
        raise CorrectError(
            f"Block {block['id']} already says this.",
            recovery="Pass the corrected text as {arg:new_content}.",
        )
    if source.taken == "active":
        raise CorrectError(
            f"An active block ({wanted}) already holds the corrected text.",
            recovery="{op:forget} the wrong block, or {op:connect} the two; correcting would "
            "store the text twice.",
        )
    new_id = wanted if source.taken is None else random_block_id()
    tags = list(block.get("tags") or [])
    category = block.get("category") or "knowledge"
    speaker = block.get("speaker")
    # Found by its speaker too, as dream makes a spoken block's vector and summary (§3.3).
    found_by = content if speaker is None else f"{speaker}: {content}"
    vector = await embedder.embed(normalised_text(found_by))
    vector_sketch = sketch(vector)
    props: dict[str, Any] = {
        "id": new_id,
        "content": content,
        "status": "active",
        "tags": tags,
        "category": category,
        "source": block.get("source"),
        "session_id": block.get("session_id"),
        "created_at": datetime.now(UTC).isoformat(),
        "promoted_at": datetime.now(UTC).isoformat(),
        "token_count": token_count(content),
        "confidence": _number(block.get("confidence"), 0.5),
        "self_alignment": _number(block.get("self_alignment"), 0.5),
        "outcome_evidence": _number(block.get("outcome_evidence"), 0.0),
        "reinforcement_count": 1,
        "decay_lambda": decay_tier(tags, category).decay_lambda,
        "summary": found_by,
        "speaker": speaker,
        "speaker_key": block.get("speaker_key"),
        "sketch": vector_sketch,
        "embedding_sketch": vector_sketch,
        "embedding_model": embedder.model_name,
    }
    done = await database.write(
        _write,
        space,
        block["id"],
        props,
        [float(x) for x in vector],
        reason=why,
        now_hours=now_hours,
    )
    return CorrectResult(
        old_id=block["id"],
        new_id=new_id,
        old_status=done.old_status,
        confidence=props["confidence"],
        edges_moved=done.moved,
        edges_dropped=done.dropped,
        reason=why,
    )


def _number(value: object, default: float) -> float:
    """A carried-over number; an inbox block has none yet (§3.1)."""
    return float(value) if isinstance(value, int | float) else default


async def _read_source(tx: Transaction, space: str, given: str, wanted: str) -> _Source:
    resolution = await resolve_exact(tx, space, [given])
    resolution.check(CorrectError)
    ref = resolution.found[given]
    row = await correction_source(tx, space=space, id=ref.id, new_id=wanted)
    if row is None:  # gone between the two queries of one read: another process forgot it
        raise CorrectError(f"No block with id {given!r} in this space.", recovery="Use {ids}.")
    return _Source(row["block"], row["taken"])


@dataclass(frozen=True)
class _Done:
    old_status: str
    moved: int
    dropped: int


async def _write(
    tx: Transaction,
    space: str,
    old_id: str,
    props: dict[str, Any],
    embedding: list[float],
    *,
    reason: str | None,
    now_hours: float | None,
) -> _Done:
    inserted = await insert_correction(
        tx,
        space=space,
        old_id=old_id,
        props=props,
        embedding=embedding,
        self_tagged=any(tag.startswith("self/") for tag in props["tags"]),
        now_hours=now_hours,
    )
    if inserted is None:
        raise CorrectError(
            f"Block {old_id} was archived, forgotten or corrected meanwhile, or its new id was "
            "taken.",
            recovery="Look at the block again with {op:recall}, then correct what is there.",
        )
    edges = await move_agent_edges(tx, space=space, old_id=old_id, new_id=props["id"])
    await archive_corrected(
        tx,
        space=space,
        old_id=old_id,
        new_id=props["id"],
        reason=reason,
        archived_at=datetime.now(UTC).isoformat(),
        epoch=int(inserted["epoch"]),
    )
    return _Done(str(inserted["old_status"]), edges["moved"], edges["dropped"])
