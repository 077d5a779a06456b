"""The text a block is embedded from: its own content, then the blocks learned just before
it in its session (docs/BEHAVIOUR.md §4.8). Pure.

A turn of a conversation ("Sure, let's do it then!") often means something only next to
the turn it answers. The stored content stays the block's own; only the embedding sees the
context, so recall by meaning finds the turn through what it answered. The block's own text
comes first: the embedder truncates long texts from the end, so context is what is lost.
"""

from __future__ import annotations

from collections.abc import Sequence

from elfgraph.core.text import normalised_text

#: Each predecessor contributes at most this many characters (~60 tokens): a long
#: predecessor would otherwise outweigh a short block in the mean-pooled embedding.
MAX_CONTEXT_CHARS = 240


def embedding_text(content: str, context: Sequence[str] = ()) -> str:
    """`content` normalised, then each context text (nearest first), each cut to
    MAX_CONTEXT_CHARS at a word boundary; exactly normalised_text(content) without context."""
    own = normalised_text(content)
    parts = [_clipped(normalised_text(text)) for text in context]
    parts = [part for part in parts if part]
    if not parts:
        return own
    return "\n".join([own, *parts])


def _clipped(text: str) -> str:
    if len(text) <= MAX_CONTEXT_CHARS:
        return text
    cut = text[:MAX_CONTEXT_CHARS]
    space = cut.rfind(" ")
    return cut[:space] if space > MAX_CONTEXT_CHARS // 2 else cut
