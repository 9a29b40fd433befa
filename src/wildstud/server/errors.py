"""The server's own refusals, apart from the library's small family (:mod:`wildstud.errors`).

Like the library's, each is a :class:`~wildstud.errors.WildstudError` (so a
:class:`ValueError`) whose message says, in one sentence, what was refused and why: the REST API
answers it with a status and that sentence, the socket with an error frame, and nothing else
changes. Only the server raises them: seats and their tokens, requests numbered out of order,
names at a table, the table's chips, and ids or tokens that name nothing. One more,
:class:`NotReadyError`, is not the request's fault: the server cannot serve it for now.

>>> try:
...     raise NameTakenError("this name looks like 'bob', taken here; choose another")
... except SeatError as error:  # a name taken is also a seat that cannot be had
...     print(error)
this name looks like 'bob', taken here; choose another
"""

from __future__ import annotations

from wildstud.errors import WildstudError

__all__ = [
    "BadNameError",
    "LedgerError",
    "NameTakenError",
    "NotFoundError",
    "NotReadyError",
    "SeatError",
    "StaleRequestError",
    "UnauthorizedError",
    "UnknownRequestError",
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


class NotReadyError(Exception):
    """The server cannot serve tables yet, or for now: it is starting, or its database does
    not answer (the REST API answers 503). Not a :class:`~wildstud.errors.WildstudError`: the
    request was not at fault, and the same one may be sent again."""
