"""Warming a Neo4j server's new JVM before the first real space (run.py)."""

from elfgraph.warm_up.local_server import warm_local_server
from elfgraph.warm_up.run import (
    WARM_UP_BLOCKS,
    WARM_UP_SPACE,
    WarmUpReport,
    scratch_space,
    warm_up_server,
)

__all__ = [
    "WARM_UP_BLOCKS",
    "WARM_UP_SPACE",
    "WarmUpReport",
    "scratch_space",
    "warm_local_server",
    "warm_up_server",
]
