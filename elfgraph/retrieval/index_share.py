"""How the vector leg finds a space's nearest blocks: the shared vector index, over-fetched
by the space's learned share of it, or an exact scan of the space when that costs less
(docs/BEHAVIOUR.md §7.2)."""

from __future__ import annotations

import math

from elfgraph.core.hnsw import beam

MAX_FETCH = 2000  # vector index answers asked for at most, per leg
# An exact scan reads every active block's embedding; an index query has a fixed cost
# plus one per answer. Measured on the 2-core machine (docs/DECISIONS.md, "Small spaces
# rank their vector leg in the process"): a query costs about what scanning 300 blocks
# does, and each answer about what scanning one more block does. So a space is scanned
# when it holds at most 300 blocks more than the index would be asked for.
SCAN_BREAK_EVEN = 300


class IndexShare:
    """This space's share of the shared vector index, learned from the answers it gives,
    so the over-fetch stays small for a big space and grows for a small one; and the
    space's active blocks (counted when a MemorySystem opens, and by each exact scan),
    which with the over-fetch decide between the two."""

    def __init__(self, share: float = 1.0, active: int | None = None) -> None:
        self.share = min(1.0, max(1e-4, share))
        self.active = active  # None: unknown, ask the index first

    def exact(self, k: int) -> bool:
        """Scan the space instead of asking the index: scanning its blocks costs less than
        the over-fetch its share of the index needs. While the space's size is unknown,
        the index is asked first (a short answer falls back to a scan)."""
        return self.active is not None and self.active <= SCAN_BREAK_EVEN + self.fetch(k)

    def scan_below(self, k: int) -> int:
        """An index answer with fewer of the space's blocks than this falls back to an exact
        scan. While the space's size is unknown that is k, and the scan teaches the size.
        Once it is known and the index was chosen, the space is too big to scan cheaply,
        so an answer with half of k is kept (ranking needs top_k, and k is 4·top_k):
        scanning 10,000 blocks costs ~7× the over-fetched read that came back short
        (docs/DECISIONS.md, "A mid-size tenant's short index answers no longer scan")."""
        return k if self.active is None else max(1, k // 2)

    def fetch(self, k: int) -> int:
        """How many answers to ask the index for: those to keep, searched for more widely
        (the index's graphs are built thin, elfgraph.core.hnsw)."""
        return min(MAX_FETCH, beam(self.keep(k)))

    def keep(self, k: int) -> int:
        """How many of the index's answers of this space to keep, best first. Each extra
        answer costs a node lookup; a short answer costs seeds (or an exact scan,
        scan_below) and teaches the share. A 20 % margin (plus two) balances the two."""
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
