"""A deterministic LLM for tests: fixed answers, overridden by substrings of the input."""

from __future__ import annotations

import anyio

from elfgraph.llm.base import BlockAnalysis


class MockLLMService:
    """`analyses` maps a substring of a block to its analysis (first match in insertion
    order wins); `contradictions` maps a pair of substrings to a score (either order).
    Every call is recorded in `calls`; `delay` seconds are slept per call (timeouts)."""

    def __init__(
        self,
        *,
        default: BlockAnalysis | None = None,
        analyses: dict[str, BlockAnalysis] | None = None,
        contradictions: dict[tuple[str, str], float] | None = None,
        delay: float = 0.0,
        fail: bool = False,
    ) -> None:
        self.default = default or BlockAnalysis()
        self.analyses = dict(analyses or {})
        self.contradictions = dict(contradictions or {})
        self.delay = delay
        self.fail = fail
        self.calls: list[tuple[str, ...]] = []

    async def _pause(self) -> None:
        if self.delay:
            await anyio.sleep(self.delay)
        if self.fail:
            raise RuntimeError("mock LLM failure")

    async def process_block(self, block: str, self_context: str) -> BlockAnalysis:
        self.calls.append(("process_block", block, self_context))
        await self._pause()
        for needle, analysis in self.analyses.items():
            if needle in block:
                return analysis
        return self.default

    async def detect_contradiction(self, block_a: str, block_b: str) -> float:
        self.calls.append(("detect_contradiction", block_a, block_b))
        await self._pause()
        for (x, y), score in self.contradictions.items():
            if (x in block_a and y in block_b) or (y in block_a and x in block_b):
                return score
        return 0.0
