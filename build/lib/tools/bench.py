"""Benchmarks: ``python -m tools.bench SECTION`` prints ``NAME median=… p99=…`` (ms) per figure.

Sections are modules in ``tools/benchmarks`` named ``SECTION_*.py`` (``core_linie1``,
``core_linja``, ``render_linie1``, ``net_host``, …); each exposes ``figures()`` yielding
``(name, samples_in_ms)`` pairs, or ``(name, value, unit)`` for a single non-timing figure.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import statistics
import sys
import time
from collections.abc import Callable

import tools.benchmarks as benchmarks


def timed(function: Callable[[], object], repeat: int, warmup: int = 1) -> list[float]:
    """Wall-clock samples of ``function`` in milliseconds."""
    for _ in range(warmup):
        function()
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        samples.append(1000 * (time.perf_counter() - started))
    return samples


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def format_figure(name: str, samples: list[float]) -> str:
    return (f"{name} median={statistics.median(samples):.2f} p99={percentile(samples, 0.99):.2f} "
            f"n={len(samples)}")


def sections() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for module in pkgutil.iter_modules(benchmarks.__path__):
        section = module.name.split("_", 1)[0]
        found.setdefault(section, []).append(module.name)
    return {name: sorted(mods) for name, mods in found.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__)
    known = sections()
    parser.add_argument("section", choices=sorted(known))
    parser.add_argument("--only", help="run only the modules whose name contains this")
    args = parser.parse_args(argv)
    for module_name in known[args.section]:
        if args.only and args.only not in module_name:
            continue
        module = importlib.import_module(f"tools.benchmarks.{module_name}")
        for figure in module.figures():
            if len(figure) == 3:
                name, value, unit = figure
                print(f"{name} value={value:.1f} {unit}", flush=True)
            else:
                name, samples = figure
                print(format_figure(name, samples), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
