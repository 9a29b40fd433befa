"""The server's errors: its own refusals, apart from the library's small family
(:mod:`wildstud.errors`), and its failures (:class:`ServerError`).

Like the library's, each refusal is a :class:`~wildstud.errors.WildstudError` (so a
:class:`ValueError`) whose message says, in one sentence, what was refused and why: the REST API
answers it with a status and that sentence, the socket with an error frame, and nothing else
changes. Only the server raises them: seats and their tokens, requests numbered out of order,
names at a table, the table's chips, and ids or tokens that name nothing.

A :class:`ServerError` is not the request's fault: the server could not serve it now, and the
same request may be sent again. The family is small, and each member is raised where its
failure is found:

- :class:`NotReadyError`: the server is starting, or its database does not answer;
- :class:`~wildstud.server.table.writer.StorageFailureError`: a table's change was not stored
  (the table is as it was before it), or the table has stopped taking changes
  (:class:`~wildstud.server.table.writer.TableMovedError` when another process of a cluster runs
  it now: said as the table moving, as the fence's own refusal is);
- :class:`~wildstud.server.store.leases.FencedError`: the store refused a write whose lease
  epoch is stale (in a cluster, another process runs the table now).

The REST API answers any of them 503 with a sentence that says to try again
(:func:`unavailable`), the socket with an error frame (``storage``); none is a
:class:`RuntimeError`, and none reaches a user as a 500 or a traceback.

>>> try:
...     raise NameTakenError("this name looks like 'bob', taken here; choose another")
... except SeatError as error:  # a name taken is also a seat that cannot be had
...     print(error)
this name looks like 'bob', taken here; choose another
"""

from __future__ import annotations

from typing import ClassVar

from wildstud.errors import WildstudError

__all__ = [
    "BadNameError",
    "LedgerError",
    "NameTakenError",
    "NotFoundError",
    "NotReadyError",
    "SeatError",
    "ServerError",
    "StaleRequestError",
    "UnauthorizedError",
    "UnknownRequestError",
    "unavailable",
]


class SeatError(WildstudError):
    """A seat that cannot be had or found: taken, out of range, or none with that token."""


class StaleRequestError(WildstudError):
    """A client's request numbered below the last one the server accepted from that seat."""


class BadNameError(WildstudError):
    """A player's, bot's or table's name that cannot be used: it holds a NUL, nothing visible
    is left once it is cleaned, or it is too long (the REST API answers 400)."""


class NameTakenError(BadNameError, SeatError):
    """A name already at the table, counting look-alikes (case, full-width forms) as the same:
    the seat cannot be had under it (the REST API answers 409)."""


class LedgerError(WildstudError):
    """A rebuy, top-up or cash-out the table's limits or its state refuse: an amount over the
    host's limits, a request already waiting, a night that is over (the REST API answers 400)."""


class UnknownRequestError(LedgerError):
    """A request for chips the host decides on that is not open at this table (never made,
    already decided, or closed with its seat): the REST API answers 404."""


class NotFoundError(WildstudError):
    """An id or a token that names nothing: no such table, hand, seat link or host link (the
    REST API answers 404)."""


class UnauthorizedError(WildstudError):
    """A request that needs a token and came without one (the REST API answers 401)."""


class ServerError(Exception):
    """The server could not do what was asked, through no fault of the request: the same
    request may be sent again (see the module's description). Not a
    :class:`~wildstud.errors.WildstudError`, which refuses a request."""

    said: ClassVar[str | None] = "the server cannot do this now; try again"
    """What a user is told, whatever the message (which may name the table and the cause, for
    the log); ``None``: the message itself."""


class NotReadyError(ServerError):
    """The server cannot serve tables yet, or for now: it is starting, or its database does
    not answer (the REST API answers 503 with the message, which says what it waits for)."""

    said = None


def unavailable(error: ServerError) -> str:
    """What a user is told of ``error``: a sentence that says to try again.

    >>> unavailable(NotReadyError("the tables are still loading"))
    'the tables are still loading'
    >>> unavailable(ServerError("table t: epoch 3 is stale"))
    'the server cannot do this now; try again'
    """
    return str(error) if error.said is None else error.said
