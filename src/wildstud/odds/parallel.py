"""Where chunks of deals are played: this machine's cores, or a Dask cluster.

Work is cut into fixed chunks of seeded deals (:func:`wildstud.odds.simulate.chunk_seeds`), and
results are combined in chunk order, so a seed gives the same answer on one core, on all of
them, or on any number of Dask workers. Locally the compiled kernel spreads the chunks over the
cores with Numba's threads; with a scheduler address, groups of chunks go to the cluster's
workers (the ``distributed`` scheduler), each of which runs the same kernel on its own cores.

>>> from wildstud.odds.simulate import GameSpec, resolve_rules
>>> spec = GameSpec.of(resolve_rules("BD5"))
>>> len(play_chunks(spec, 3, seed=1, first=0, chunks=2, per_chunk=50))
100
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from wildstud.errors import WildstudError
from wildstud.extras import require
from wildstud.odds.simulate import CHUNK_DEALS, Deals, GameSpec, chunk_seeds, play

__all__ = ["ClusterError", "map_chunks", "play_chunks"]

T = TypeVar("T")


class ClusterError(WildstudError):
    """A Dask scheduler that cannot be reached or used."""


def play_chunks(
    spec: GameSpec,
    players: int,
    *,
    seed: int | None,
    first: int,
    chunks: int,
    per_chunk: int = CHUNK_DEALS,
    prefix: np.ndarray[Any, Any] | None = None,
    prefix_street: int = -1,
    dead: np.ndarray[Any, Any] | None = None,
    live: np.ndarray[Any, Any] | None = None,
) -> Deals:
    """Chunks ``first`` to ``first + chunks - 1`` of the stream ``seed``, on this machine."""
    extra: dict[str, Any] = {"prefix_street": prefix_street, "live": live}
    if prefix is not None:
        extra["prefix"] = prefix
    if dead is not None:
        extra["dead"] = dead
    return play(spec, players, chunk_seeds(seed, first, chunks), per_chunk, **extra)


def map_chunks(
    work: Callable[[int, int], T],
    first: int,
    chunks: int,
    scheduler: str | Any | None = None,
    group: int = 8,
) -> list[T]:
    """``work(first_chunk, count)`` over chunks ``first`` to ``first + chunks - 1``, in groups
    of ``group`` chunks: locally in one call, or spread over a Dask cluster (``scheduler``, an
    address or a ``distributed.Client``); the results come back in chunk order."""
    if scheduler is None:
        return [work(first, chunks)]
    client = _client(scheduler)
    starts = list(range(first, first + chunks, group))
    counts = [min(group, first + chunks - start) for start in starts]
    futures = client.map(work, starts, counts, pure=False)
    results: list[T] = client.gather(futures)
    return results


_CLIENTS: dict[str, Any] = {}


def _client(scheduler: str | Any) -> Any:
    if not isinstance(scheduler, str):
        return scheduler
    known = _CLIENTS.get(scheduler)
    # A client is kept per address for the next run, but not once its scheduler has gone.
    if known is None or known.status in ("closing", "closed"):
        require("dask")
        from distributed import Client

        try:
            _CLIENTS[scheduler] = Client(scheduler, timeout="10s")  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError) as error:
            raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    return _CLIENTS[scheduler]
