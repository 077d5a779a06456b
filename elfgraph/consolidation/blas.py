"""Run a block of many small matrix products on one BLAS thread.

OpenBLAS splits a product above ~262k multiply-adds over every core. A CoarseIndex
search is ~1,265 such products of ~10 queries by ~800 rows: on the shared 2-core machine,
with other processes busy, waking the second thread for each one made a search of 500
queries at 1M rows take 9-11 s instead of ~0.5-1 s on one thread (issue 18). The setting is
thread-local (OpenBLAS ≥ 0.3.27) and restored after; where the BLAS is not numpy's
bundled OpenBLAS, this does nothing.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np


@cache
def _set_local_threads() -> Any | None:
    """numpy's OpenBLAS `openblas_set_num_threads_local`, if it has one."""
    folder = Path(np.__file__).parent.parent / "numpy.libs"
    for library in sorted(folder.glob("*openblas*.so*")):
        try:
            function = ctypes.CDLL(str(library)).openblas_set_num_threads_local
        except (OSError, AttributeError):
            continue
        function.argtypes = [ctypes.c_int]
        function.restype = ctypes.c_int
        return function
    return None


@contextmanager
def one_blas_thread() -> Iterator[None]:
    set_threads = _set_local_threads()
    if set_threads is None:
        yield
        return
    previous = set_threads(1)
    try:
        yield
    finally:
        set_threads(previous)
