"""The garbage collector of a server process, set for short pauses.

Python's collector stops the whole process while it looks for unreachable cycles, and a full
collection goes through every object the process holds: in a server of 100 tables that is the
libraries' own millions of objects (Numba's and LLVM's among them), and one full collection
took 130 to 180 ms, in which no table answered anyone: enough, at four a minute, to make the
slowest percent of the actions' answers. So once the server has started and loaded its tables:

- everything it holds then (modules, compiled kernels, the tables as loaded) is moved out of
  the collector's sight for good (:func:`gc.freeze`): it lives as long as the process anyway;
- the youngest generation is collected after 10,000 new objects rather than 700, so that the
  short-lived objects of a step (frames, views, statements) mostly die before a collection
  looks at them, and far fewer survive into the older generations.

In a test of 100 tables of bots this took the collections from four full ones of 130 ms mean
in 20 s to twenty young ones of 5 ms mean and no full one.

>>> import gc
>>> before = gc.get_threshold()
>>> settle()
>>> gc.get_threshold()[0]
10000
>>> gc.unfreeze(); gc.set_threshold(*before)
"""

from __future__ import annotations

import gc

__all__ = ["YOUNG", "settle"]

YOUNG = 10_000
"""New objects (allocations less deallocations) between two collections of the youngest
generation (Python's default: 700)."""


def settle() -> None:
    """Collect once, move every object alive now out of the collector's sight, and collect
    the youngest generation less often (see the module's description)."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, oldest)
