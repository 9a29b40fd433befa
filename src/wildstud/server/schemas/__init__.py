"""The shapes of the REST API: what a request may hold and what a response holds.

Every request body is checked here before anything else sees it: unknown fields, wrong types and
out-of-range numbers are refused with a 422 that says which field. FastAPI publishes these models
in the OpenAPI schema at ``/openapi.json``. They live by the resource they describe, and all are
offered here:

- :mod:`.base`: the base model (unknown fields refused), the error body, the shared types;
- :mod:`.tables`: a table's settings, the table and its seats as everyone sees them, its links,
  the games a table may deal;
- :mod:`.seats`: joining a table, the host's answer to a seat request, bots for empty seats;
- :mod:`.hands`: finished hands, their proofs, steps and odds in hindsight, shared links;
- :mod:`.night`: the chip ledger, the night's report and settle-up, each player's luck;

and, beside this package, a tournament's (:mod:`wildstud.server.tourney_schemas`) and a club's
(:mod:`wildstud.server.club_schemas`).

>>> TableSettings(name="Friday", games=[GameEntry(game="FTQ")]).seats
6
"""

from wildstud.server.schemas.base import BotKind, ErrorBody, Name
from wildstud.server.schemas.hands import (
    CardProof,
    Commitment,
    HandHistory,
    HandOdds,
    HandStep,
    HandSteps,
    HandSummary,
    OddsSwing,
    SeatOddsInHindsight,
    SharedLink,
    StreetOddsInHindsight,
)
from wildstud.server.schemas.night import (
    LedgerLine,
    LedgerReport,
    NightHouse,
    NightLuck,
    NightPlayer,
    NightReport,
    NightTransfer,
    PlayerLuck,
    RecordOffer,
)
from wildstud.server.schemas.seats import (
    BotRequest,
    Decision,
    Departed,
    DeviceLink,
    JoinPreview,
    JoinRequest,
    JoinSeat,
    PendingRequest,
    SeatAnswer,
    SeatGranted,
)
from wildstud.server.schemas.tables import (
    GameEntry,
    GameInfo,
    Links,
    MenuEntry,
    NewTable,
    OptionInfo,
    RebuyInfo,
    RulesUpdate,
    SeatInfo,
    StakesModel,
    TableBot,
    TableCreated,
    TableInfo,
    TableSettings,
)

__all__ = [
    "BotKind",
    "BotRequest",
    "CardProof",
    "Commitment",
    "Decision",
    "Departed",
    "DeviceLink",
    "ErrorBody",
    "GameEntry",
    "GameInfo",
    "HandHistory",
    "HandOdds",
    "HandStep",
    "HandSteps",
    "HandSummary",
    "JoinPreview",
    "JoinRequest",
    "JoinSeat",
    "LedgerLine",
    "LedgerReport",
    "Links",
    "MenuEntry",
    "Name",
    "NewTable",
    "NightHouse",
    "NightLuck",
    "NightPlayer",
    "NightReport",
    "NightTransfer",
    "OddsSwing",
    "OptionInfo",
    "PendingRequest",
    "PlayerLuck",
    "RebuyInfo",
    "RecordOffer",
    "RulesUpdate",
    "SeatAnswer",
    "SeatGranted",
    "SeatInfo",
    "SeatOddsInHindsight",
    "SharedLink",
    "StakesModel",
    "StreetOddsInHindsight",
    "TableBot",
    "TableCreated",
    "TableInfo",
    "TableSettings",
]
