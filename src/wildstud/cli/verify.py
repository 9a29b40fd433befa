"""``wildstud verify``: check the card proofs of a record from a wildstud server.

>>> import json
>>> from typer.testing import CliRunner
>>> from wildstud.commitment import SealedDeck
>>> from wildstud.deal import stack_deck
>>> from wildstud.history import HandRecord, DealHole, read_cards, write_record
>>> sealed = SealedDeck.seal(1, stack_deck("As 9c Ah 9d Qh 7d").peek())
>>> record = HandRecord(variant="FTQ", antes=(0, 0), bring_in=0, small_bet=5, big_bet=10,
...     starting_stacks=(50, 50), actions=(DealHole(0, read_cards("????Qh")),
...     DealHole(1, read_cards("????7d"))), commitments=(sealed.commitment,),
...     proofs=(sealed.prove(4), sealed.prove(5)))
>>> result = CliRunner().invoke(app, ["verify", "-", "--json"], input=write_record(record))
>>> found = json.loads(result.output)
>>> found["verified"], [(card["player"], card["card"]) for card in found["proven"]]
(True, [('p1', 'Qh'), ('p2', '7d')])
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from wildstud.cli import app
from wildstud.cli.jsonout import emit
from wildstud.cli.judge import RecordFile, read_bytes, read_source
from wildstud.errors import RecordError
from wildstud.history import HandRecord, ProvenRecord, check_proofs
from wildstud.history.night_audit import (
    PRIVATE_PREFIX,
    FaultKind,
    NightAudit,
    NightRecord,
    audit_night,
)
from wildstud.seats import seat_label
from wildstud.vocabulary import night_json, private_night_json, verify_json

__all__ = ["render_night", "render_proven", "verify_command"]

_HELP = (
    "Check that no card of a hand was changed after its deal began.\n\n"
    "FILE is a hand record (PHH) downloaded from a wildstud table; give - to read it from "
    "standard input. Before each deal the server committed to the whole order of the deck "
    "(the _commitments field, one SHA-256 Merkle root a deal), and the record carries a "
    "proof for every card it shows (_proofs). Each proof is checked against its deal's root, "
    "the record is replayed, and every card it shows must be the proven card, dealt from the "
    "proven position. Folded and mucked cards have no proof: they stay secret.\n\n"
    "Exit status: 0 when every proof holds; 1 when the record carries no commitment "
    "(nothing to verify); 2, with one line naming the card, when a proof fails or a proven "
    "card was changed, or the record cannot be read.\n\n"
    "With --night, FILE is a night record (JSON) a table writes when its night ends: the "
    "night seed's commitment and the seed, and for every deal the root and each player's "
    "committed and revealed value. Every deck of the night is shuffled again from those "
    "inputs alone and checked: the seed opens its commitment, each value its page's, each "
    "deck has its published root, every card came from the next position of its deck, and no "
    "player left out of a deal was dealt in it. Exit status: 0 when all holds; 1 when the "
    "seed is not revealed yet; 2 when a fault is found (each is named) or the file cannot be "
    "read.\n\n"
    "A table that dealt privately writes a private night record instead (format "
    "wildstud-private-night/3, private deal v3): every row of each deal's rounds (keys with "
    "their proofs, each turn of the deck, passes, shares with their proofs, shows) and each "
    "party's secret and order, published after the night. Every deal is played again from "
    "those rows and audited: each fault is named with its party (a page that reordered the "
    "deck otherwise than it says, put in a card that was not in the deck, shared wrongly or "
    "did not publish its secret; the server likewise). A record of private deal v1 "
    "(wildstud-private-night/1) is refused, naming its version. Exit status: 0 when every "
    "party dealt honestly; 2 when a fault is found."
)
_EPILOG = (
    'With --json: {"game": "FTQ", "verified": true, "commitments": [{"deal": 1, "root": "..."}],'
    ' "proven":'
    ' [{"deal": 1, "position": 4, "card": "Qh", "player": "p1", "up": true}, ...]}; "player"'
    ' is null for a card in the centre; "verified" is false when the record has no commitment.'
    ' With --night: {"night": true, "table": "...", "verified": true, "deals": [{"hand": 1,'
    ' "deal": 1, "root": "...", "made_from": ["Ann", "Bob"], "left_out": []}, ...], "faults":'
    ' [{"kind": "card", "hand": 3, "deal": 1, "text": "..."}, ...]}.'
)


def _player(record: HandRecord, seat: int | None) -> str:
    if seat is None:
        return "centre"
    name = seat_label(seat)
    return name if record.players is None else f"{name} ({record.players[seat]})"


def render_proven(record: HandRecord, proven: ProvenRecord) -> RenderableType:
    """What was proven as Rich text: each deal's root, then each player's proven cards."""
    parts: list[RenderableType] = []
    count = len(proven.cards)
    deals = len(proven.commitments)
    parts.append(
        Text(
            f"{record.game.title} ({record.variant}): every proof holds;"
            f" {count} card{'s' * (count != 1)} proven against the commitment"
            f"{'s' * (deals != 1)} of {deals} deal{'s' * (deals != 1)}.",
            style="bold",
        )
    )
    roots = Table(title="Commitments", title_justify="left")
    roots.add_column("deal")
    roots.add_column("root (SHA-256)")
    for item in proven.commitments:
        roots.add_row(str(item.deal), item.root)
    parts.append(roots)
    cards = Table(title="Proven cards (dim: face down)", title_justify="left")
    for column in ("deal", "player", "cards (deck position)"):
        cards.add_column(column)
    rows: dict[tuple[int, int | None], Text] = {}
    for card in proven.cards:
        text = rows.setdefault((card.deal, card.player), Text())
        if text:
            text.append(" ")
        text.append(f"{card.card.pretty}", style="none" if card.up else "dim")
        text.append(f"({card.position})", style="dim")
    for (deal, seat), text in rows.items():
        cards.add_row(str(deal), _player(record, seat), text)
    parts.append(cards)
    parts.append(Text("Cards the record does not show (??) were never opened.", style="dim"))
    return Group(*parts)


@app.command("verify", help=_HELP, epilog=_EPILOG)
def verify_command(
    source: RecordFile,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (described below).")
    ] = False,
    night: Annotated[
        bool,
        typer.Option("--night", help="FILE is a night record: audit every deck of the night."),
    ] = False,
) -> None:
    """Check a record's proofs, or a night's decks (see ``_HELP``)."""
    if night:
        _verify_night(source, as_json)
        return
    record = read_source(source)
    proven = check_proofs(record)
    if as_json:
        emit(verify_json(record, proven))
    elif proven.committed:
        Console().print(render_proven(record, proven))
    else:
        Console().print("The record carries no commitments: there is nothing to verify.")
    if not proven.committed:
        raise typer.Exit(1)


def _verify_night(source: str, as_json: bool) -> None:
    try:
        data = json.loads(read_bytes(source))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise RecordError(f"{source} is not a night record: not JSON ({error})") from None
    if isinstance(data, dict) and str(data.get("format")).startswith(PRIVATE_PREFIX):
        _verify_private(data, as_json)
        return
    audit = audit_night(NightRecord.from_data(data))
    if as_json:
        emit(night_json(audit))
    else:
        Console().print(render_night(audit))
    if not audit.verified:
        hidden = [fault.kind for fault in audit.faults] == [FaultKind.SEED_HIDDEN]
        raise typer.Exit(1 if hidden else 2)


def _verify_private(data: dict[str, object], as_json: bool) -> None:
    # Imported here: the private deal's arithmetic needs the "private" extra (libsodium).
    from wildstud.history.private_night import PrivateNight, audit_private_night

    audit = audit_private_night(PrivateNight.from_data(data))
    if as_json:
        emit(private_night_json(audit))
    else:
        lines = [f"- {fault.text} (deal {fault.deal})" for fault in audit.faults]
        style = "bold green" if audit.verified else "bold red"
        Console().print(Text("\n".join([f"Table {audit.table}: {audit.words}", *lines]), style))
    if not audit.verified:
        raise typer.Exit(2)


def render_night(audit: NightAudit) -> RenderableType:
    """The night's audit for a terminal: each deal and whose values made it, then each fault."""
    deals = Table(title=f"Table {audit.table}: every deck of the night", title_justify="left")
    for column in ("hand", "deal", "made from", "left out"):
        deals.add_column(column)
    for item in audit.deals:
        deals.add_row(
            str(item.hand),
            str(item.deal),
            ", ".join(item.made_from) or "the seed alone",
            ", ".join(item.left_out),
        )
    if audit.verified:
        verdict = Text(
            "Verified: every deck was made from the night seed and the values above,"
            " and every card was dealt from its place.",
            style="bold green",
        )
    else:
        verdict = Text("\n".join(f"- {fault.text}" for fault in audit.faults), style="bold red")
    return Group(deals, verdict) if audit.deals else verdict
