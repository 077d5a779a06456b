"""The tools an agent calls: one per memory operation, named `elfgraph_<operation>`.

Each returns structured content (the operation's result) and, as the text the model
reads, the result's one-line summary or the rendered blocks, each with the short id that
elfgraph_outcome and elfgraph_connect take back. Errors, recoveries and the guide name
these tools and their arguments (elfgraph.faces, face "mcp")."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Literal, cast

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

from elfgraph.consolidation.models import ConsolidateResult
from elfgraph.curation.models import CurateResult
from elfgraph.edges.models import ConnectResult, DisconnectResult
from elfgraph.errors import ElfgraphError, ForgetError
from elfgraph.faces import use_face
from elfgraph.feedback.models import OutcomeResult
from elfgraph.forgetting.models import CorrectResult, ForgetResult
from elfgraph.guide import guide
from elfgraph.learning.models import LearnResult
from elfgraph.mcp_server.session import Served
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.models import ScoredBlock
from elfgraph.retrieval.rendering import short_id
from elfgraph.status.models import SystemStatus

PREVIEW_CHARS = 160

READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)
ADDITIVE = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)
DESTRUCTIVE = ToolAnnotations(read_only_hint=False, destructive_hint=True, open_world_hint=False)

Id = Annotated[
    str,
    Field(
        description="A block id from elfgraph_remember, elfgraph_recall or elfgraph_frame "
        "(the one in brackets); its first 6 or more characters are enough."
    ),
]
TopK = Annotated[
    int | None, Field(ge=1, le=100, description="How many blocks (default 5, or as configured).")
]


class BlockPreview(BaseModel):
    id: str
    preview: str
    score: float
    pending: bool = False  # learned but not dreamed yet: found by its words only


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
    return BlockPreview(
        id=block.id, preview=text, score=round(block.score, 4), pending=block.pending
    )


def recall_text(blocks: list[ScoredBlock]) -> str:
    if not blocks:
        return (
            "No block matches. elfgraph_remember stores what is worth keeping; "
            "elfgraph_dream files it."
        )
    return "\n".join(
        f"[{short_id(b)}] {b.when_said}{' '.join(_preview(b).preview.split())}" for b in blocks
    )


def forget_text(result: ForgetResult) -> str:
    """What the model reads of a forget: the summary and, in a preview, every block that
    would go with the start of its text, to check before forgetting them."""
    lines = [result.summary]
    if result.dry_run:
        lines += [
            f"[{block.id}] ({block.status}, {block.cause.replace('_', ' ')}) "
            f"{' '.join((block.content or '').split())[:PREVIEW_CHARS]}"
            for block in result.blocks
        ]
    return "\n".join(lines)


async def _run(
    ctx: Context,
    call: Callable[[MemorySystem], Awaitable[BaseModel]],
    text_of: Callable[[ForgetResult], str] | None = None,
) -> CallToolResult:
    """The call's result as structured content, with its one-sentence summary (or the
    rendered text) as the text the model reads; an elfgraph error as a tool error."""
    served = cast(Served, ctx.request_context.lifespan_context)
    with use_face("mcp"):
        try:
            async with served.call() as memory:
                result = await call(memory)
        except ElfgraphError as exc:
            raise ToolError(exc.describe("mcp")) from exc
        text = result.text if isinstance(result, Retrieved) else getattr(result, "summary", "")
        if text_of is not None and isinstance(result, ForgetResult):
            text = text_of(result)
        return CallToolResult(
            content=[TextContent(type="text", text=text or "(nothing)")],
            structured_content=result.model_dump(mode="json"),
        )


def register_tools(server: MCPServer[Served]) -> None:
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
        occurred_at: Annotated[
            str | None,
            Field(description="When it happened or was said: ISO date or date-time."),
        ] = None,
        speaker: Annotated[str | None, Field(description="Who said or wrote it.")] = None,
    ) -> Annotated[CallToolResult, LearnResult]:
        """Store something worth remembering beyond this conversation. It can be recalled
        by its words at once (marked pending) and is fully filed at the next
        elfgraph_dream."""
        return await _run(
            ctx,
            lambda m: m.remember(
                content,
                tags,
                category=category,
                source="mcp",
                occurred_at=occurred_at,
                speaker=speaker,
            ),
        )

    @server.tool(annotations=READ_ONLY)
    async def elfgraph_recall(
        ctx: Context,
        query: Annotated[str, Field(description="What you need to know about.")],
        top_k: TopK = None,
        as_of: Annotated[
            str | None,
            Field(description="The day 'yesterday' or 'last week' counts from (ISO; now)."),
        ] = None,
    ) -> Annotated[CallToolResult, Retrieved]:
        """The blocks that best match a query, one per line as `[id] text`: pass those ids
        to elfgraph_outcome or elfgraph_connect. Changes nothing: use elfgraph_frame for
        prompt context that also strengthens what it returns."""

        async def call(memory: MemorySystem) -> Retrieved:
            blocks = await memory.recall(query, top_k=top_k, as_of=as_of)
            return Retrieved(
                text=recall_text(blocks), blocks=[_preview(b) for b in blocks], frame="attention"
            )

        return await _run(ctx, call)

    @server.tool(annotations=ADDITIVE)
    async def elfgraph_frame(
        ctx: Context,
        name: Annotated[
            Literal["attention", "self", "task"],
            Field(description="attention: a question; self: identity and values; task: goals."),
        ] = "attention",
        query: Annotated[str | None, Field(description="The question or task.")] = None,
        top_k: TopK = None,
    ) -> Annotated[CallToolResult, Retrieved]:
        """Context for the prompt, rendered within the frame's token budget, each block
        with its id in brackets; the blocks it returns are reinforced."""

        async def call(memory: MemorySystem) -> Retrieved:
            result = await memory.frame(name, query, top_k=top_k, ids=True)
            return Retrieved(
                text=result.text, blocks=[_preview(b) for b in result.blocks], frame=name
            )

        return await _run(ctx, call)

    @server.tool(annotations=ADDITIVE)
    async def elfgraph_outcome(
        ctx: Context,
        block_ids: Annotated[
            list[str], Field(description="Ids (or their first 6+ characters) of blocks you used.")
        ],
        signal: Annotated[float, Field(description="0 misled … 0.5 neutral … 1 helped.")],
        weight: Annotated[float, Field(description="Strength of the evidence.")] = 1.0,
        source: Annotated[str, Field(description="Where the signal came from.")] = "",
    ) -> Annotated[CallToolResult, OutcomeResult]:
        """Say how much the blocks helped: confidence moves, helpful blocks get linked,
        misleading ones fade faster. An unknown id is an error that names it."""
        return await _run(ctx, lambda m: m.outcome(block_ids, signal, weight=weight, source=source))

    @server.tool(annotations=ADDITIVE)
    async def elfgraph_dream(ctx: Context) -> Annotated[CallToolResult, DreamResult]:
        """File what was remembered: embed, deduplicate and link the waiting blocks."""

        async def call(memory: MemorySystem) -> DreamResult:
            result = await memory.dream()
            summary = result.summary if result else ConsolidateResult().summary
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

    @server.tool(annotations=DESTRUCTIVE)
    async def elfgraph_forget(
        ctx: Context,
        block_ids: Annotated[
            list[str] | None, Field(description="Ids (or their first 6+ characters) to forget.")
        ] = None,
        matching: Annotated[
            str | None,
            Field(description="Or: forget the blocks whose text contains this (any case)."),
        ] = None,
        reason: Annotated[str | None, Field(description="Why; kept in the tombstones.")] = None,
        dry_run: Annotated[
            bool | None,
            Field(
                description="true: only list what would go, with its text. Default: false "
                "with block_ids, true with matching (check the list, then forget by ids)."
            ),
        ] = None,
    ) -> Annotated[CallToolResult, ForgetResult]:
        """Delete blocks for good when the user asks you to forget something (a secret, a
        wrong fact, personal data): their text, edges and ids go from the whole memory.
        Give block_ids, or matching text to find them; nothing brings them back."""

        async def call(memory: MemorySystem) -> ForgetResult:
            if (block_ids is None) == (matching is None):
                raise ForgetError(
                    "Give block_ids or matching, not both and not neither.",
                    recovery='Pass "block_ids" from elfgraph_recall, or "matching" with the '
                    "words the blocks contain.",
                )
            if matching is not None:
                preview = True if dry_run is None else dry_run
                return await memory.forget_matching(matching, reason=reason, dry_run=preview)
            return await memory.forget(block_ids or [], reason=reason, dry_run=bool(dry_run))

        return await _run(ctx, call, forget_text)

    @server.tool(annotations=DESTRUCTIVE)
    async def elfgraph_correct(
        ctx: Context,
        block_id: Id,
        new_content: Annotated[str, Field(description="What is true now, in full.")],
        reason: Annotated[str | None, Field(description="Why it changed.")] = None,
    ) -> Annotated[CallToolResult, CorrectResult]:
        """Replace a fact that changed or was wrong: the new text is recalled at once, keeps
        the old block's confidence and your edges; the old block is archived."""
        return await _run(ctx, lambda m: m.correct(block_id, new_content, reason=reason))

    @server.tool(annotations=READ_ONLY)
    async def elfgraph_status(ctx: Context) -> Annotated[CallToolResult, SystemStatus]:
        """Counts, clock, health and the one thing to do next."""
        return await _run(ctx, lambda m: m.status())

    @server.tool(annotations=READ_ONLY)
    def elfgraph_guide(
        method: Annotated[
            str | None,
            Field(description="A tool, e.g. elfgraph_recall or recall; leave out for all."),
        ] = None,
    ) -> str:
        """What each memory tool is for, when to use it, what it returns, an example."""
        return guide(method, face="mcp")
