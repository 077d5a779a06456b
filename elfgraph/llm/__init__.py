"""LLM services: the port, mocks, and adapters for OpenAI-compatible and Anthropic APIs."""

from elfgraph.llm.base import SELF_TAGS, BlockAnalysis, LLMService, clamp_score, clean_analysis

__all__ = ["SELF_TAGS", "BlockAnalysis", "LLMService", "clamp_score", "clean_analysis"]
