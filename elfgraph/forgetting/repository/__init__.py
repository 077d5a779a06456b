"""One async function per query file of cypher/forgetting/ (imported only by
elfgraph.forgetting)."""

from __future__ import annotations

from typing import TypedDict


class BlockText(TypedDict):
    """A block a forget would remove: its id, status and content."""

    id: str
    status: str
    content: str
