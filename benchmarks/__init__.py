"""Benchmarks (not tests): `python -m benchmarks` lists the maintained ones
(benchmarks/registry.py), run by hand; their figures go to docs/BENCHMARKS.md.

A benchmark's process runs as elfgraph's own processes do: numpy's idle BLAS threads sleep at
once unless OPENBLAS_THREAD_TIMEOUT says otherwise (elfgraph/config/threads.py; every result
records the OpenBLAS variables). This runs before any benchmark module imports numpy."""

from elfgraph.config.threads import quiet_blas_threads

quiet_blas_threads()
