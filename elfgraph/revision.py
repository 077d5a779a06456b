"""Taking back and changing what memory holds (docs/BEHAVIOUR.md §12): forget,
forget_matching and correct, as methods of MemorySystem (which mixes this class in)."""

from __future__ import annotations

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.embedding.base import EmbeddingService
from elfgraph.forgetting.correct import correct_block
from elfgraph.forgetting.forget import (
    Embedding,
    Forgotten,
    forget_blocks,
    forget_matching_blocks,
)
from elfgraph.forgetting.models import CorrectResult, ForgetResult
from elfgraph.retrieval.retriever import Retriever
from elfgraph.sessions.clock import SessionClock
from elfgraph.state import ProcessState, operation
from elfgraph.store.database import Database


class Revision:
    """Methods of MemorySystem that take back or change what it holds."""

    space: str
    config: ElfgraphConfig
    embedding_service: EmbeddingService
    _database: Database
    _sessions: SessionClock
    _state: ProcessState
    _retriever: Retriever

    @operation("forget", writes=True)
    async def forget(
        self, block_ids: list[str], *, reason: str | None = None, dry_run: bool = False
    ) -> ForgetResult:
        """Delete blocks for good, in any status (inbox, active, archived), with their
        edges, their ids in outcome records, co-retrieval pairs and sessions, and their text
        wherever another block absorbed it (that block gives it back; its own text stays).
        The near-duplicates dream archived into a forgotten block, and inbox copies of its
        text, go with it. Ids are whole or unique prefixes (6+ characters), resolved exactly:
        a near-duplicate's id names that block, not its survivor. An unknown or ambiguous id
        is a ForgetError and nothing changes. The space keeps a tombstone per block (when,
        the reason), never its id or text. `dry_run`: what would go, with the texts."""
        forgotten = await forget_blocks(
            self._database,
            self.space,
            block_ids,
            reason=reason,
            dry_run=dry_run,
            embedding=self._embedding(),
        )
        return await self._took_back(forgotten)

    @operation("forget_matching", writes=True)
    async def forget_matching(
        self,
        text: str,
        *,
        reason: str | None = None,
        dry_run: bool = True,
        limit: int = 100,
    ) -> ForgetResult:
        """The blocks whose content contains `text` (any case), in any status, at most
        `limit` of them: by default a preview with their contents (nothing changes); with
        dry_run=False, forget() them. Check the preview first: a short text matches much."""
        forgotten = await forget_matching_blocks(
            self._database,
            self.space,
            text,
            reason=reason,
            dry_run=dry_run,
            limit=limit,
            embedding=self._embedding(),
        )
        return await self._took_back(forgotten)

    @operation("correct", writes=True)
    async def correct(
        self, block_id: str, new_content: str, *, reason: str | None = None
    ) -> CorrectResult:
        """Replace a fact that changed: the new content becomes an active block at once
        (recall returns it, no dream needed) with the old one's tags, category and
        confidence; the agent's edges move to it; the old block (inbox or active) is
        archived, and its id names the new block from now on."""
        result = await correct_block(
            self._database,
            self.space,
            block_id,
            new_content,
            reason=reason,
            embedder=self.embedding_service,
            config=self.config.memory,
            now_hours=self._sessions.session_now(),
        )
        self._state.index_share.changed(1 if result.old_status == "inbox" else 0)
        await self._retriever.vectors_changed()
        return result

    def _embedding(self) -> Embedding:
        return Embedding(self.embedding_service, self.config.memory.consolidation.context_weight)

    async def _took_back(self, forgotten: Forgotten) -> ForgetResult:
        """What this process forgets of its own once the graph has: the cached vectors and
        words, the breadcrumbs and the history records quoting a forgotten block."""
        result = forgotten.result
        if not result.dry_run and result.blocks:
            self._state.index_share.changed(-result.active)
            self._state.forgotten(result.block_ids, forgotten.needles)
            await self._retriever.forgotten(result.block_ids, forgotten.epochs)
        return result
