"""Each guide entry's example as data, from which the command line's and the MCP server's
examples are written."""

from __future__ import annotations

from typing import Any

# The example of each entry a command line or an MCP client has, as (operation, arguments):
# the guide spells it as `elfgraph …` or as a tool call with JSON arguments.
EXAMPLE_CALLS: dict[str, tuple[str, dict[str, Any]]] = {
    "remember": (
        "remember",
        {"content": "The staging DB is read-only on Fridays.", "tags": ["ops"]},
    ),
    "dream": ("dream", {}),
    "recall": ("recall", {"query": "deploy steps", "top_k": 5}),
    "frame": ("frame", {"name": "attention", "query": "how do we deploy?"}),
    "outcome": (
        "outcome",
        {"block_ids": ["1c8afd05", "2a243325"], "signal": 0.9, "source": "tests passed"},
    ),
    "connect": (
        "connect",
        {
            "source": "1c8afd05",
            "target": "2a243325",
            "relation": "elaborates",
            "note": "adds the reason",
        },
    ),
    "disconnect": (
        "disconnect",
        {"source": "1c8afd05", "target": "2a243325", "reason": "unrelated"},
    ),
    "forget": ("forget", {"block_ids": ["1c8afd05"], "reason": "user asked"}),
    "correct": (
        "correct",
        {
            "block_id": "1c8afd05",
            "new_content": "The staging DB is read-only on Mondays.",
            "reason": "the schedule moved",
        },
    ),
    "curate": ("curate", {"if_due": True}),
    "status": ("status", {}),
    "guide": ("guide", {"method": "recall"}),
}
