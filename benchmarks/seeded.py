"""The server's draws seeded, for the server benchmarks: the same hands on both sides of a
comparison, so that a figure per action means the same work on each.

A server draws its decks from each table's night seed (:func:`wildstud.joint_shuffle.new_secret`,
or a system shuffle in commits before the players' shuffle) and its random bots act from an
unseeded generator; the benchmark's players are seeded already. :func:`seed_server` replaces
those draws, in this process only, with ones made from ``seed``: the n-th night seed drawn is
the same on both sides, and a random bot's choice is drawn from a generator seeded by ``seed``
and what the bot sees (its seat, the events so far and its own cards), so that it acts alike
in the same spot whatever order the tables' bots were created or asked in. Nothing here is
for a real server: a seeded deck can be foreseen.

``benchmarks/server.py`` starts its server through this file::

    python benchmarks/seeded.py SEED serve --port 8000 ...      # ``wildstud serve``, seeded

and ``benchmarks/server_action.py`` calls :func:`seed_server` in its own process.
"""

from __future__ import annotations

import hashlib
import itertools
import random
import sys
from typing import Any


def seed_server(seed: int) -> None:
    """Seed the night seeds, the decks and the random bots of this process from ``seed``."""
    import wildstud.bots
    import wildstud.server.replay
    import wildstud.server.seating

    counter = itertools.count()

    def new_secret() -> bytes:
        return hashlib.sha256(f"wildstud-bench/{seed}/{next(counter)}".encode()).digest()

    try:
        import wildstud.joint_shuffle
        import wildstud.server.table.shuffling as shuffling
    except ImportError:  # a commit before the players' shuffle: its decks are _SHUFFLER's
        pass
    else:
        wildstud.joint_shuffle.new_secret = new_secret
        shuffling.new_secret = new_secret  # type: ignore[attr-defined]
    if hasattr(wildstud.server.replay, "_SHUFFLER"):
        wildstud.server.replay._SHUFFLER = random.Random(seed)  # type: ignore[attr-defined,assignment,unused-ignore]

    class SeededBot(wildstud.bots.RandomBot):
        """A random bot whose every choice is seeded by ``seed`` and what it sees."""

        def choose(self, view: Any) -> Any:
            own = view.seats[view.viewer].cards if view.viewer is not None else ()
            key = f"{seed}/{view.viewer}/{view.code}/{len(view.events)}/{own}"
            self._rng = random.Random(hashlib.sha256(key.encode()).digest())
            return super().choose(view)

    wildstud.server.seating.RandomBot = SeededBot  # type: ignore[attr-defined,misc,unused-ignore]


def main() -> None:
    """``seeded.py SEED ARGS...``: ``wildstud ARGS...`` with the draws seeded by ``SEED``."""
    seed = int(sys.argv[1])
    seed_server(seed)
    from wildstud.cli import main as wildstud

    wildstud(sys.argv[2:])


if __name__ == "__main__":
    main()
