"""The vector leg of a space past the exact cache, in the process (docs/BEHAVIOUR.md §7.2).

Each block's vector is kept as its int8 sketch (core.sketch: one byte a dimension, a
quarter of its float32 row) and, for a first pass, as its projection on the space's
PROJECTED principal directions (float32, found on a sample of the rows). A query ranks
every row by the projected cosine, one small product, keeps the best
max(FIRST_PASS, FIRST_PASS_PER_ANSWER · n) and ranks those by the cosines of their
sketches. Those are within the sketch's error bound of the vectors' cosines, as the
server's own vector index is, since it also ranks by int8 copies. No I/O.

At 100,000 rows of 384 dimensions: 38 MB of sketches and 26 MB of projections, against
154 MB of float32 vectors.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from elfgraph.core.largest import largest

PROJECTED = 64  # dimensions of the first pass
FIRST_PASS = 1_024  # rows the sketches rank, at least
FIRST_PASS_PER_ANSWER = 24  # and at least this many per answer asked for
FIT_SAMPLE = 8_192  # rows the principal directions are found on
REFIT_GROWTH = 2  # found again once the rows have doubled since
GROWTH = 1.25  # a full buffer grows by a quarter: the rows arrive in dreams' catch-ups
SEED = 7  # the sample: the same rows give the same directions


class SketchRows:
    """Rows of int8 sketches, with their norms and first-pass projections."""

    def __init__(self, dimensions: int, *, first_pass: int = FIRST_PASS) -> None:
        self.dimensions = dimensions
        self.first_pass = first_pass
        self._size = 0
        self._sketches = np.zeros((0, dimensions), dtype=np.int8)
        self._norms = np.zeros(0, dtype=np.float32)
        self._projected = np.zeros((0, 0), dtype=np.float32)
        self._basis = np.zeros((dimensions, 0), dtype=np.float32)
        self._fitted_rows = 0

    def __len__(self) -> int:
        return self._size

    @property
    def nbytes(self) -> int:
        """Memory held by the rows' buffers."""
        return self._sketches.nbytes + self._norms.nbytes + self._projected.nbytes

    def append(self, sketches: npt.NDArray[np.int8]) -> None:
        """Rows added at the end, in order."""
        count = len(sketches)
        if count == 0:
            return
        start, end = self._size, self._size + count
        if end > len(self._sketches):
            self._grow(max(end, math.ceil(GROWTH * self._size)))
        self._sketches[start:end] = sketches
        self._norms[start:end] = _norms(sketches)
        self._size = end
        if self._fitted_rows == 0 or end >= REFIT_GROWTH * self._fitted_rows:
            self._fit()
        else:
            self._projected[start:end] = self._project(start, end)

    def replace(self, at: int, sketch: npt.NDArray[np.int8]) -> None:
        """Row `at` made anew (a block whose vector changed)."""
        self._sketches[at] = sketch
        self._norms[at] = _norms(sketch[None, :])[0]
        self._projected[at] = self._project(at, at + 1)[0]

    def keep(self, rows: npt.NDArray[np.int64]) -> None:
        """Only these rows, in this order (the others' blocks are gone)."""
        self._sketches = self._sketches[rows]
        self._norms = self._norms[rows]
        self._projected = self._projected[rows]
        self._size = len(rows)

    def nearest(
        self, query: npt.NDArray[np.float32], n: int, alive: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """The rows of (about) the n largest cosines with the unit `query` among the live
        rows, and their sketches' cosines; unordered. `alive` covers every row."""
        size = self._size
        live = alive[:size]
        wanted = max(self.first_pass, FIRST_PASS_PER_ANSWER * n)
        if int(live.sum()) <= wanted:
            chosen = np.flatnonzero(live)
        else:
            first = self._projected[:size] @ (query @ self._basis)
            first[~live] = -np.inf
            chosen = largest(first, wanted)
        cosines = (self._sketches[chosen].astype(np.float32) @ query) / self._norms[chosen]
        if len(chosen) > n:
            best = largest(cosines, n)
            chosen, cosines = chosen[best], cosines[best]
        return chosen.astype(np.int64), cosines

    def _grow(self, capacity: int) -> None:
        sketches = np.zeros((capacity, self.dimensions), dtype=np.int8)
        sketches[: self._size] = self._sketches[: self._size]
        norms = np.ones(capacity, dtype=np.float32)
        norms[: self._size] = self._norms[: self._size]
        projected = np.zeros((capacity, self._basis.shape[1]), dtype=np.float32)
        projected[: self._size] = self._projected[: self._size]
        self._sketches, self._norms, self._projected = sketches, norms, projected

    def _fit(self) -> None:
        """The principal directions of a sample of the rows, and every row projected on
        them (~0.1 s at 100,000 rows)."""
        size = self._size
        generator = np.random.default_rng(SEED)
        sample = np.sort(generator.choice(size, min(size, FIT_SAMPLE), replace=False))
        units = self._units(sample)
        centred = units - units.mean(axis=0)
        _, _, directions = np.linalg.svd(centred, full_matrices=False)
        self._basis = np.ascontiguousarray(directions[:PROJECTED].T, dtype=np.float32)
        self._projected = np.zeros((len(self._sketches), self._basis.shape[1]), np.float32)
        for start in range(0, size, FIT_SAMPLE):  # a float32 copy of all would be 4× the rows
            end = min(size, start + FIT_SAMPLE)
            self._projected[start:end] = self._project(start, end)
        self._fitted_rows = size

    def _project(self, start: int, end: int) -> npt.NDArray[np.float32]:
        rows = np.arange(start, end)
        projected: npt.NDArray[np.float32] = self._units(rows) @ self._basis
        return projected

    def _units(self, rows: npt.NDArray[np.int64]) -> npt.NDArray[np.float32]:
        units: npt.NDArray[np.float32] = (
            self._sketches[rows].astype(np.float32) / self._norms[rows, None]
        )
        return units


def _norms(sketches: npt.NDArray[np.int8]) -> npt.NDArray[np.float32]:
    """Each sketch's length; a zero sketch (a zero vector's) gets 1, so its cosines are 0."""
    wide = sketches.astype(np.float32)
    norms = np.sqrt(np.einsum("ij,ij->i", wide, wide))
    return np.where(norms > 0, norms, 1.0).astype(np.float32)
