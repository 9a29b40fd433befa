"""Telling the user, once, that the first run compiles the simulation.

The simulations (:mod:`wildstud.odds.compiled_deal`, :mod:`wildstud.fast.kernels`) are compiled
by Numba the first time they run on a machine and kept in Numba's cache after that. Without a
word the first ``wildstud study`` or ``odds`` seems to hang for a minute or more, so a command
about to call a kernel asks :func:`announce_compiling` first: when the kernel has nothing in the
cache that fits the code as it is now, one line on standard error says what is happening and
roughly how long it takes. Looking costs one small file read (Numba's index of the kernel's
cached versions), not a compilation.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

__all__ = ["SECONDS", "announce_compiling", "is_cached"]

SECONDS = "half a minute"
"""How long the first compilation takes: measured on two shared cores, with a cold cache
(``NUMBA_CACHE_DIR`` pointed at an empty folder), at 13 s of CPU for ``tables --cards 5``, 20 s
for ``study`` and 27 s for ``odds`` (the deal, and the exact enumeration of a last street)."""

_told = False


def is_cached(kernel: Any) -> bool:
    """Whether Numba's cache holds a compiled version of ``kernel`` (a ``@njit(cache=True)``
    dispatcher) made from its code as it is now. Anything this cannot read counts as cached,
    so that no run is ever told wrongly that it will compile."""
    try:
        index = kernel._cache._cache_file._load_index()  # {} when missing or out of date
    except Exception:
        return True
    return bool(index) or bool(getattr(kernel, "overloads", None))


def announce_compiling(*kernels: Any, console: Console | None = None) -> bool:
    """Say on standard error (or on ``console``), once a run, that ``kernels`` are about to
    be compiled, when any of them is not in the cache; return whether it was said. A script
    is told too: its first run pauses as long as a person's, and standard error is where a
    script's log keeps such a line (standard output, which it may parse, stays clean)."""
    global _told
    if _told or all(is_cached(kernel) for kernel in kernels):
        return False
    if console is None:
        console = Console(stderr=True)
    console.print(
        f"wildstud: compiling the simulation for this machine (Numba), once: about {SECONDS};"
        " later runs start at once.",
        style="yellow",
        highlight=False,
    )
    _told = True
    return True
