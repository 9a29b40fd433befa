"""The REST API: tables, seats, the host's controls, hand histories, the chip ledger and the
night's settle-up.

Tokens travel in the path, as in the links the host shares: ``/api/host/{host_token}/…`` for
the host's controls, ``/api/join/{join_token}`` to take a seat. A table's id reaches only what
everyone at the table may see: its state, its finished hands, its ledger and the night
(``/api/tables/{id}/night``: each player's buy-ins, cash-outs, chips and net, with the fewest
payments that square them; ``/api/tables/{id}/night.csv``: those payments as CSV, one row each,
``payer,payee,amount,payer_id,payee_id``; see :mod:`wildstud.server.night`; and
``/api/tables/{id}/luck``: each player's chips won against their chances when the money went in,
:mod:`wildstud.server.luck`). The host decides
players' requests for chips (``POST /api/host/{token}/rebuys/{id}/approve`` and ``…/decline``;
:mod:`wildstud.server.table.cashier`) and ends the night (``POST /api/host/{token}/end``); a player
leaves and cashes out with ``POST /api/seat/{token}/leave``. A finished hand's shared link
(``POST /api/tables/{id}/hands/{n}/share``) opens that hand's replay, odds and record under
``/api/shared/{token}/…`` and nothing else (:mod:`wildstud.server.api.shared`).

Refusals are JSON objects with a ``detail`` sentence: 400 for a request the rules refuse, 404
for an unknown id or token, 409 for a seat that cannot be had (taken, or its name already at the
table), 422 for a request that is not valid, 413 for a body too large and 429 for tables created
(or requests for chips decided) too fast (:mod:`wildstud.server.limits`).
"""

from __future__ import annotations

from fastapi import APIRouter

from wildstud.server.api import (
    club_records,
    clubs,
    hands,
    host,
    joining,
    night,
    seat,
    shared,
    tables,
    tournament,
)
from wildstud.server.api.common import (
    READY_TIMEOUT,
    WRITE_PROBE_EVERY,
    NotFoundError,
    NotReadyError,
    UnauthorizedError,
    error_response,
)

__all__ = [
    "READY_TIMEOUT",
    "WRITE_PROBE_EVERY",
    "NotFoundError",
    "NotReadyError",
    "UnauthorizedError",
    "error_response",
    "router",
]

router = APIRouter(prefix="/api")
# In the order the routes were written in one module: a path that two routes could match goes
# to the first.
for part in (tables, joining, host, hands, seat, night, shared, clubs, club_records, tournament):
    router.include_router(part.router)
