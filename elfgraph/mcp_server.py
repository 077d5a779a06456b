"""The MCP face: one space's memory as tools for an agent host (`elfgraph mcp`).

Built on the official `mcp` SDK (`pip install 'elfgraph[mcp]'`). The server opens one
MemorySystem when it starts, keeps one session open while it runs (so the memory clock
advances only while an agent is connected), and ends it on shutdown. Tools take
pydantic-validated arguments and return structured results; an elfgraph error becomes a
tool error whose text ends with its recovery, so the model can act on it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Annotated, Literal, cast

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

from elfgraph.consolidation.models import ConsolidateResult
from elfgraph.curation.models import CurateResult
from elfgraph.edges.models import ConnectResult, DisconnectResult
from elfgraph.errors import ElfgraphError
from elfgraph.feedback.models import OutcomeResult
from elfgraph.guide import guide
from elfgraph.learning.models import LearnResult
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.models import ScoredBlock
from elfgraph.status.models import SystemStatus

PREVIEW_CHARS = 160

INSTRUCTIONS = (
    "Long-term memory. Remember facts, preferences and decisions worth keeping "
    "(elfgraph_remember); before answering, get context (elfgraph_frame or elfgraph_recall); "
    "afterwards say what helped (elfgraph_outcome); link related blocks (elfgraph_connect). "
    "elfgraph_dream files new memories; elfgraph_status says what to do next; "
    "elfgraph_guide explains any method."
)


@dataclass
class Served:
    memory: MemorySystem


class BlockPreview(BaseModel):
    id: str
    preview: str
    score: float


class Retrieved(BaseModel):
    """Blocks for the model to read: the text to use, and ids for outcome and connect."""

    text: str
    blocks: list[BlockPreview]
    frame: str


class DreamResult(BaseModel):
    summary: str  # what happened, also when nothing did
    consolidated: ConsolidateResult | None


def _preview(block: ScoredBlock) -> BlockPreview:
    text = block.content if len(block.content) <= PREVIEW_CHARS else block.content[:159] + "…"
    return BlockPreview(id=block.id, preview=text, score=round(block.score, 4))


READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)
ADDITIVE = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)
DESTRUCTIVE = ToolAnnotations(read_only_hint=False, destructive_hint=True, open_world_hint=False)

Id = Annotated[str, Field(description="A block id from remember, recall or frame results.")]


async def _run(
    ctx: Context, call: Callable[[MemorySystem], Awaitable[BaseModel]]
) -> CallToolResult:
    """The call's result as structured content, with its one-sentence summary (or the
    rendered text) as the text the model reads; an elfgraph error as a tool error."""
    served = cast(Served, ctx.request_context.lifespan_context)
    try:
        result = await call(served.memory)
    except ElfgraphError as exc:
        raise ToolError(str(exc)) from exc
    text = result.text if isinstance(result, Retrieved) else getattr(result, "summary", "")
    return CallToolResult(
        content=[TextContent(type="text", text=text or "(nothing)")],
        structured_content=result.model_dump(mode="json"),
    )


def build_server(open_memory: Callable[[], Awaitable[MemorySystem]]) -> MCPServer[Served]:
    """An MCP server over the MemorySystem that `open_memory` opens when the server starts."""

    @asynccontextmanager
    async def lifespan(_: MCPServer[Served]) -> AsyncIterator[Served]:
        memory = await open_memory()
        try:
            await memory.begin_session("mcp")
            yield Served(memory)
        finally:
            await memory.close()  # ends the session: its hours join the space's clock

    server: MCPServer[Served] = MCPServer("elfgraph", instructions=INSTRUCTIONS, lifespan=lifespan)

    @server.tool(annotations=ADDITIVE)
    async def elfgraph_remember(
        ctx: Context,
        content: Annotated[str, Field(description="One fact, preference, decision or note.")],
        tags: Annotated[
            list[str] | None, Field(description="Short tags, e.g. ['ops'] or ['self/value'].")
        ] = None,
        category: Annotated[
            str, Field(description="knowledge, preference, decision, observation, ...")
        ] = "knowledge",
    ) -> Annotated[CallToolResult, LearnResult]:
        """Store something worth remembering beyond this conversation. It is filed (and
        becomes recallable) at the next elfgraph_dream."""
        return await _run(ctx, lambda m: m.remember(content, tags, category=category, source="mcp"))

    @server.tool(annotations=READ_ONLY)
    async def elfgraph_recall(
        ctx: Context,
        query: Annotated[str, Field(description="What you need to know about.")],
        top_k: Annotated[int, Field(ge=1, le=50, description="How many blocks.")] = 5,
    ) -> Annotated[CallToolResult, Retrieved]:
        """The blocks that best match a query, as previews with ids. Changes nothing: use
        elfgraph_frame for prompt context that also strengthens what it returns."""

        async def call(memory: MemorySystem) -> Retrieved:
            blocks = await memory.recall(query, top_k=top_k)
            text = "\n".join(f"[{b.id}] {_preview(b).preview}" for b in blocks)
            return Retrieved(text=text, blocks=[_preview(b) for b in blocks], frame="attention")

        return await _run(ctx, call)

    @server.tool(annotations=ADDITIVE)
    async def elfgraph_frame(
        ctx: Context,
        name: Annotated[
            Literal["attention", "self", "task"],
            Field(description="attention: a question; self: identity and values; task: goals."),
        ] = "attention",
        query: Annotated[str | None, Field(description="The question or task.")] = None,
        top_k: Annotated[int, Field(ge=1, le=50)] = 5,
    ) -> Annotated[CallToolResult, Retrieved]:
        """Context for the prompt, rendered within the frame's token budget; the blocks it
        returns are reinforced."""

        async def call(memory: MemorySystem) -> Retrieved:
            result = await memory.frame(name, query, top_k=top_k)
            return Retrieved(
                text=result.text, blocks=[_preview(b) for b in result.blocks], frame=name
            )

        return await _run(ctx, call)

    @server.tool(annotations=ADDITIVE)
    async def elfgraph_outcome(
        ctx: Context,
        block_ids: Annotated[list[str], Field(description="Ids of the blocks you used.")],
        signal: Annotated[float, Field(description="0 misled … 0.5 neutral … 1 helped.")],
        weight: Annotated[float, Field(description="Strength of the evidence.")] = 1.0,
        source: Annotated[str, Field(description="Where the signal came from.")] = "",
    ) -> Annotated[CallToolResult, OutcomeResult]:
        """Say how much the blocks helped: confidence moves, helpful blocks get linked,
        misleading ones fade faster."""
        return await _run(ctx, lambda m: m.outcome(block_ids, signal, weight=weight, source=source))

    @server.tool(annotations=ADDITIVE)
    async def elfgraph_dream(ctx: Context) -> Annotated[CallToolResult, DreamResult]:
        """File what was remembered: embed, deduplicate and link the waiting blocks."""

        async def call(memory: MemorySystem) -> DreamResult:
            result = await memory.dream()
            summary = result.summary if result else "Nothing to consolidate: the inbox is empty."
            return DreamResult(summary=summary, consolidated=result)

        return await _run(ctx, call)

    @server.tool(annotations=DESTRUCTIVE)
    async def elfgraph_curate(
        ctx: Context,
        if_due: Annotated[
            bool, Field(description="Only when due (40 active hours since the last run).")
        ] = False,
    ) -> Annotated[CallToolResult, CurateResult]:
        """Maintenance: archive decayed blocks, prune and decay stale edges, reinforce the
        core blocks. It also runs by itself when due."""
        return await _run(ctx, lambda m: m.curate(if_due=if_due))

    @server.tool(annotations=ADDITIVE)
    async def elfgraph_connect(
        ctx: Context,
        source: Id,
        target: Id,
        relation: Annotated[
            str | None,
            Field(
                description="similar (default), supports, elaborates, contradicts, co_occurs, "
                "outcome, or your own lower-case word such as depends_on."
            ),
        ] = None,
        weight: Annotated[float | None, Field(description="0-1; default by relation.")] = None,
        note: Annotated[str | None, Field(description="Why they are related.")] = None,
        if_exists: Annotated[
            Literal["reinforce", "update", "skip", "error"],
            Field(description="What to do when the blocks are already linked."),
        ] = "reinforce",
    ) -> Annotated[CallToolResult, ConnectResult]:
        """Record that two blocks are related (an edge that is yours: never decayed)."""
        return await _run(
            ctx,
            lambda m: m.connect(
                source, target, relation, weight=weight, note=note, if_exists=if_exists
            ),
        )

    @server.tool(annotations=DESTRUCTIVE)
    async def elfgraph_disconnect(
        ctx: Context,
        source: Id,
        target: Id,
        guard_relation: Annotated[
            str | None, Field(description="Only remove the edge if it has this relation.")
        ] = None,
        reason: Annotated[str | None, Field(description="Why it is wrong.")] = None,
    ) -> Annotated[CallToolResult, DisconnectResult]:
        """Remove a wrong edge between two blocks."""
        return await _run(
            ctx,
            lambda m: m.disconnect(source, target, guard_relation=guard_relation, reason=reason),
        )

    @server.tool(annotations=READ_ONLY)
    async def elfgraph_status(ctx: Context) -> Annotated[CallToolResult, SystemStatus]:
        """Counts, clock, health and the one thing to do next."""
        return await _run(ctx, lambda m: m.status())

    @server.tool(annotations=READ_ONLY)
    def elfgraph_guide(
        method: Annotated[
            str | None, Field(description="A method name; leave out for the overview.")
        ] = None,
    ) -> str:
        """What each memory operation is for, when to use it and what it returns."""
        return guide(method)

    return server
