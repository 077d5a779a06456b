"""numpy's BLAS threads in elfgraph's own processes: the `elfgraph` command (and so `elfgraph
mcp` and a cron's `elfgraph curate`) and the benchmarks. Never in a host's process: a program
that imports the library sets its own (docs/DEPLOYMENT.md says how).

OpenBLAS, the BLAS of numpy's wheels, runs a product on every core and then keeps its threads
spinning for about 0.1 s in case another follows. elfgraph's products are small and frequent
(a recall's first pass over its sketches, a dream's search of its run pool), so those threads
spin most of the time, on the cores the Neo4j server and the other requests need. Told to
sleep as soon as a product is done (OPENBLAS_THREAD_TIMEOUT at its least, 2^4 cycles), they
still share each product, so one recall is as fast as before, and they take no core
otherwise: on a 2-core machine two processes recalling at once answered ~1.8x more recalls a
second and a 100,000-block dream ran 1.08-1.12x faster (docs/DECISIONS.md, "numpy's idle BLAS
threads sleep at once in elfgraph's processes").

The variables are read when OpenBLAS loads, so this must run before numpy is first imported;
a variable already set is left as it is (OPENBLAS_NUM_THREADS=1 is the other good choice, a
little better for dreams and worse for a lone recall).
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping

BLAS_SPIN = "OPENBLAS_THREAD_TIMEOUT"  # log2 of the cycles an idle thread spins: 4 to 30
BLAS_THREADS = "OPENBLAS_NUM_THREADS"
NO_SPIN = "4"  # OpenBLAS's least: asleep at once (its default, 28, is ~0.1 s)


def quiet_blas_threads(environ: MutableMapping[str, str] = os.environ) -> None:
    """numpy's BLAS threads sleep as soon as their product is done, in this process and its
    children, unless the spin was already chosen."""
    environ.setdefault(BLAS_SPIN, NO_SPIN)
