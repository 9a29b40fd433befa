"""One table on the server, as a package whose parts only it imports.

Everything outside the package (the lobby, the REST API, the sockets, the cluster) uses what
this module offers; its modules are the table's own:

- :mod:`.table`: :class:`Table`, which holds what the parts share and is the package's face;
  :mod:`.restore` makes one of what the store kept;
- :mod:`.driver`: the hand runner (dealing, dealer's choice, bots, clocks), whose state (the
  hand in progress and the last one, the button, the dealer's choice, the showdown's and the
  offer's clocks, the seats' figures for the hand: :mod:`.runner`) is one frozen value it
  replaces, staged with each change and adopted once the store has it; the rows it writes for
  the seats (time banks, request numbers, the stacks a hand ends with: :mod:`.hand_end`) reach
  the seats in memory then too. It asks :mod:`.button` (pure functions of a snapshot of the
  seats) who is dealt in, who deals and whether the dealer chooses; its part :mod:`.endgame`
  plays what follows the betting (the all-in run-out and its odds, the offer to run it twice,
  the showdown's show or muck), and :mod:`.live` holds a hand in play (the engine's hand,
  the one mutable thing the runner keeps: each change plays on a copy, taken once it is
  stored);
- :mod:`.players`: the players' requests; :mod:`.hosting`: the host's commands, the shell of
  the seating slice (it reads the ledger, folds the slices' commands into one change, stores
  it and tells the table);
- :mod:`.actor`: the table's one task and inbox, over a pure core (:mod:`.core`) of slices:
  :mod:`.seating` (who sits where, sitting out, the table's status and links), :mod:`.chat`
  (the table's chat and mutes), :mod:`.settings` (settings, menu, notices) and the money,
  :mod:`.cashier` (requests for chips) with :mod:`.ledger` (the chip ledger's reads), and the
  seat requests (:mod:`.seat_requests`), whose news the :mod:`.outbox` sends; :mod:`.rates`
  counts a slice's rates. A slice never calls another: an effect on another is a follow-up
  command (a seat that leaves has its request for chips cancelled by the cashier and, at a
  tournament, its player put out by the desk, :mod:`.tournament`; a change of status has the
  hand runner call off the dealer's choice and time the turn afresh, and the tournament's clock
  run or stop with the table), and a slice's new state is adopted only once the store has the
  change;
- :mod:`.fanout`: the connections and the frames each one is sent;
- :mod:`.writer`: the one fenced writer, which stores every change; nothing in memory changes
  before its write, so a change the store refuses has nothing to put back (what it staged is
  dropped).

``tests/server/test_imports.py`` holds the package to this: no module outside it imports one
of its modules.

>>> TableStatus.RUNNING.value
'running'
"""

from wildstud.server.table.chat import MuteRequest, Mutes
from wildstud.server.table.driver import TableStatus
from wildstud.server.table.fanout import RESTARTING, STORAGE_ERROR, dumps
from wildstud.server.table.private_reveal import context
from wildstud.server.table.settings import build_menu
from wildstud.server.table.table import Table
from wildstud.server.table.writer import FAILURES_BEFORE_RELOAD, StorageFailureError

__all__ = [
    "FAILURES_BEFORE_RELOAD",
    "RESTARTING",
    "STORAGE_ERROR",
    "MuteRequest",
    "Mutes",
    "StorageFailureError",
    "Table",
    "TableStatus",
    "build_menu",
    "context",
    "dumps",
]
