"""How the vector leg finds a space's nearest blocks: the shared vector index, over-fetched
by the space's learned share of it, or an exact scan of the space (docs/BEHAVIOUR.md §7.2)."""

from __future__ import annotations

import math

from elfgraph.spaces.vector_index import EXACT_SCAN_LIMIT

MAX_FETCH = 2000  # vector index answers asked for at most, per leg


class IndexShare:
    """This space's share of the shared vector index, learned from the answers it gives,
    so the over-fetch stays small for a big space and grows for a small one; and the
    space's active blocks, learned from each exact scan, which decide between the two."""

    def __init__(self, share: float = 1.0, active: int | None = None) -> None:
        self.share = min(1.0, max(1e-4, share))
        self.active = active  # None: unknown, ask the index first

    def exact(self, k: int) -> bool:
        """Scan the space instead of asking the index: it is small, or so small a share
        of the index that the over-fetch could not find k of its blocks anyway."""
        small = self.active is not None and self.active <= EXACT_SCAN_LIMIT
        return small or self._wanted(k) > MAX_FETCH

    def fetch(self, k: int) -> int:
        return min(MAX_FETCH, self._wanted(k))

    def _wanted(self, k: int) -> int:
        # Each extra answer costs the index a node lookup; a starved answer costs an exact
        # scan and teaches the share. A 20 % margin (plus two) balances the two.
        return math.ceil(1.2 * k / self.share) + 2

    def observe(self, fetched: int, in_space: int) -> None:
        if fetched <= 0:
            return
        seen = in_space / fetched
        if in_space == 0:
            self.share = max(1e-4, self.share / 4)
        elif in_space < fetched:  # a full answer says little: the share may be larger
            self.share = min(1.0, max(1e-4, 0.5 * self.share + 0.5 * seen))

    def changed(self, by: int) -> None:
        """This process made or removed `by` active blocks (a dream, a curate): keep the
        size current between scans. Other processes' writes show at the next scan."""
        if self.active is not None:
            self.active = max(0, self.active + by)

    def observe_scan(self, scanned: int) -> None:
        """An exact scan saw `scanned` active blocks with an embedding: the space's size."""
        self.active = scanned
