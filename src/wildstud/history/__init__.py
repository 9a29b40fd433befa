"""Hand records in the PHH notation (the poker hand-history standard): the data and the files.

A :class:`HandRecord` is one hand as plain data; :func:`loads` and :func:`dumps` turn PHH text
into records and back, and :func:`load` and :func:`dump` read and write files (:func:`read_record`
and :func:`write_record` are the first two's older names). :func:`replay` plays a record through
the engine, :func:`record_from_hand` writes a hand the engine played, :func:`judge` rules on a
record and :func:`check_proofs` checks the proofs of its cards against its deals' commitments.
``docs/records.md`` describes the notation as wildstud uses it.

>>> from wildstud.history import HandRecord, CheckCall, dumps, loads
>>> record = HandRecord(variant="BITCH", antes=(1, 1, 1), bring_in=2, small_bet=5, big_bet=10,
...                     starting_stacks=(100, 100, 100), actions=(CheckCall(0, "checks"),))
>>> loads(dumps(record)) == record
True
"""

from wildstud.history.export import Reveal, record_from_hand
from wildstud.history.notation import (
    REDEAL_COMMENT,
    Action,
    BringIn,
    CardSlot,
    CheckCall,
    CompleteBetRaise,
    DealBoard,
    DealHole,
    Fold,
    Note,
    PhhCode,
    ShowMuck,
    format_action,
    format_cards,
    parse_action,
    read_cards,
)
from wildstud.history.phh import (
    RecordsWriter,
    dump,
    dump_all,
    holds_many,
    load,
    load_all,
    read_record,
    read_records,
    read_records_apart,
    record_from_fields,
    record_to_fields,
    write_record,
    write_records,
)
from wildstud.history.proven import ProvenCard, ProvenRecord, check_proofs
from wildstud.history.replay import Replay, Step, StepKind, replay
from wildstud.history.ruling import (
    FigureCheck,
    HandRuling,
    PotRuling,
    Ruling,
    WildEntry,
    judge,
    rule,
    wild_names,
)
from wildstud.history.schema import OPTIONAL_FIELDS, HandRecord
from wildstud.history.strings import dumps, loads
from wildstud.history.tolerance import RecordWarning, Tolerance
from wildstud.history.validators import VARIANTS

__all__ = [
    "OPTIONAL_FIELDS",
    "REDEAL_COMMENT",
    "VARIANTS",
    "Action",
    "BringIn",
    "CardSlot",
    "CheckCall",
    "CompleteBetRaise",
    "DealBoard",
    "DealHole",
    "FigureCheck",
    "Fold",
    "HandRecord",
    "HandRuling",
    "Note",
    "PhhCode",
    "PotRuling",
    "ProvenCard",
    "ProvenRecord",
    "RecordWarning",
    "RecordsWriter",
    "Replay",
    "Reveal",
    "Ruling",
    "ShowMuck",
    "Step",
    "StepKind",
    "Tolerance",
    "WildEntry",
    "check_proofs",
    "dump",
    "dump_all",
    "dumps",
    "format_action",
    "format_cards",
    "holds_many",
    "judge",
    "load",
    "load_all",
    "loads",
    "parse_action",
    "read_cards",
    "read_record",
    "read_records",
    "read_records_apart",
    "record_from_fields",
    "record_from_hand",
    "record_to_fields",
    "replay",
    "rule",
    "wild_names",
    "write_record",
    "write_records",
]
