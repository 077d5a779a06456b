"""Benchmarks (not tests): run them by hand; figures go to docs/BENCHMARKS.md."""
