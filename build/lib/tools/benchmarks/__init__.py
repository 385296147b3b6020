"""Benchmark modules, one per section and subject; see tools/bench.py."""
