"""How much of the shared vector index one space holds, learned from its answers."""

from __future__ import annotations

import math

MAX_FETCH = 2000  # vector index answers asked for at most, per leg


class IndexShare:
    """This space's share of the shared vector index, learned from the answers it gives,
    so the over-fetch stays small for a big space and grows for a small one."""

    def __init__(self, share: float = 1.0) -> None:
        self.share = min(1.0, max(1e-4, share))

    def fetch(self, k: int) -> int:
        # Each extra answer costs the index a node lookup; a starved answer costs an exact
        # scan and teaches the share. A 20 % margin (plus two) balances the two.
        return min(MAX_FETCH, math.ceil(1.2 * k / self.share) + 2)

    def observe(self, fetched: int, in_space: int) -> None:
        if fetched <= 0:
            return
        seen = in_space / fetched
        if in_space == 0:
            self.share = max(1e-4, self.share / 4)
        elif in_space < fetched:  # a full answer says little: the share may be larger
            self.share = min(1.0, max(1e-4, 0.5 * self.share + 0.5 * seen))
