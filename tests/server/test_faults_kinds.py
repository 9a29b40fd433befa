"""Every kind of command a table takes has a fault case, checked, not claimed (issue 23's
acceptance: "for every kind of command, the store fails once; the table's state is unchanged,
the client is told, the next command works, and no reload was needed").

The kinds are read from a table itself: the command classes of every slice its actor is built
with (:attr:`~wildstud.server.table.actor.Slice.commands`), and the steps of the hand runner's
pass that are carried out (:data:`~wildstud.server.table.runner_due.Due`, by
:func:`~wildstud.server.table.runner_pass.carry`). Each is named (:func:`~tests.server.helpers
.kind_name`) by the ``faults`` mark of a case in ``tests/server/test_faults_*.py``
(:func:`~tests.server.helpers.faults`, which fails the case when one of the kinds it names had
no store request fail in it), or listed in :data:`NOT_STORED` with the reason it asks the store
for nothing of its own. The marks are read from the files (``ast``): no test module is
imported.
"""

from __future__ import annotations

import ast
import asyncio
import typing
from collections import defaultdict
from pathlib import Path

from tests.server.helpers import kind_name
from wildstud.server.lobby import Lobby
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.store import Store
from wildstud.server.table import runner_due

HERE = Path(__file__).resolve().parent

NOT_STORED: dict[str, str] = {
    "runner_due.Wait": "nothing is due: the runner's timer is set, nothing else",
    "runner_due.OnBreak": (
        "a tournament's break found: the runner's state keeps it shown and the table frame is"
        " sent to every page the first time, nothing stored"
    ),
    "runner_due.CallOff": (
        "the dealer's choice called off as its chooser sat out or left (core.CancelChoice on"
        " its own): the runner's state and the table frame, nothing stored"
    ),
    "button.Ask": (
        "the dealer asked for the game (runner_commands.AskDealer): the runner's state and a"
        " frame, nothing stored"
    ),
    "runner_commands.AskDealer": (
        "the dealer's choice opened: the runner's state and the choosing frame, nothing"
        " stored (its outcome has no effect)"
    ),
    "runner_due.Act": (
        "the table's action for a seat found due: handed on as the runner's slice's own command"
        " (runner_commands.TimeUp, HostActs, BotActs), whose write each has its case"
    ),
    "runner_due.ShowdownClock": (
        "the showdown's clock run out: handed on as runner_commands.ShowdownTimeUp, whose"
        " write has its case"
    ),
    "runner_due.OfferClock": (
        "the offer's clock run out: handed on as runner_commands.OfferTimeUp, whose write has"
        " its case"
    ),
    "runner_due.OpenShowdown": (
        "the showdown's clock found due: handed on as runner_commands.ClockAnswer (a bot's or"
        " a leaving player's answer, whose write has its case) and runner_commands.ClockOpen"
    ),
    "runner_due.OpenOffer": (
        "the offer's clock found due: handed on as runner_commands.ClockAnswer (whose write"
        " has its case) and runner_commands.ClockOpen"
    ),
    "runner_commands.ClockOpen": (
        "a showdown's or an offer's clock opened for the seats still to answer: the runner's"
        " state and the frame, nothing stored (as its frame, a clock nothing stores)"
    ),
    "button.DealDefault": (
        "the default pick found due: handed on as runner_commands.DealHand, whose write has its"
        " case"
    ),
    "runner_due.Shuffled": (
        "the next hand's round of the players' shuffle found over: handed on as"
        " runner_commands.DealHand (a round no hand is dealt from forgotten in its change),"
        " whose write has its case"
    ),
    "runner_due.Redeal": (
        "a redeal found due: handed on as runner_commands.DealAgain (its round asked as"
        " shuffle_requests.Open), whose writes have their case"
    ),
    "runner_due.RunOut": (
        "a run-out's street found due: handed on as runner_commands.RunOutStreet, whose"
        " write has its case"
    ),
    "runner_due.PrivateStep": (
        "a private deal's step: handed on as the private slice's tick"
        " (runner_commands.DealTick), whose writes have their case"
    ),
    "runner_commands.DealOpened": (
        "the cards a private deal's pass opened dealt (the private slice's follow-up): the"
        " runner's state and the hand's frames; a private hand's cards are its rounds' (their"
        " rows stored as the deal went), so no deck is drawn and no action recorded, and its"
        " change is empty (the writer stores nothing): nothing to fail"
    ),
    "pings.Pinged": "a ping's pong: no state, nothing stored",
    "connections.Depart": "a connection closed: the outbox lets it go, nothing stored",
    "chat.SpectatorsOpen": (
        "the chat's follow-up of a rules change, its turn once that change is stored (the"
        " settings' row holds spectator_chat): the chat's state and a frame"
    ),
    "chat._Loaded": (
        "the chat log's read handed back to the slice: no request of its own (the read is"
        " its asker's: chat.Welcome's, chat.Report's, chat.Speak's)"
    ),
    "chat._Unreachable": (
        "what a failed read of the chat log comes to: the speaker's refusal, or a welcome"
        " without the log"
    ),
    "chat._Stored": "what a stored line comes to: its news and the speaker's said",
    "chat._NotStored": "what a line's failed write comes to: the speaker's storage error",
    "chat._MuteStored": "what a stored mute comes to: its news and the host's reply",
    "ledger._Read": (
        "the ledger's read handed back to the money slice: the reply to its asker"
        " (ledger.Report's, ledger.NightRead's, ledger.Departures')"
    ),
    "reveal_progress.Missed": (
        "what a failed read or write of the audit's tick comes to: the slice looks again"
        " later, nothing stored"
    ),
    "shuffle_requests.RoundTick": (
        "the round's step moved on, or the round kept over for the runner, in memory:"
        " nothing stores the step (a restart resumes it at the reveal); the parts are"
        " stored by shuffle_requests.PagePart, the deal by runner_commands.DealHand"
    ),
}
"""The kinds that ask the store for nothing of their own, each with why: a step that only
waits or tells, what a store request's result comes to, and the runner's own state between
hands that a restarted server makes again."""


def _kinds() -> set[str]:
    """Every kind of command a table takes, by name: its slices' commands and the runner's
    steps."""

    async def built() -> set[str]:
        store = Store("sqlite://")
        lobby = Lobby(store)
        await lobby.open()
        table, _ = await lobby.create(TableSettings(name="kinds", games=[GameEntry(game="FTQ")]))
        kinds = {kind_name(kind) for part in table.actor.slices.values() for kind in part.commands}
        await lobby.close()
        store.close()
        return kinds

    steps = {kind_name(kind) for kind in typing.get_args(runner_due.Due)}
    return asyncio.run(built()) | steps


def _marks() -> dict[str, list[str]]:
    """Each test of the fault cases' files with the kinds its ``faults`` mark names (an empty
    list: no mark)."""
    marks: dict[str, list[str]] = {}
    for path in sorted(HERE.glob("test_faults_*.py")):
        if path.name == Path(__file__).name:
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            named = marks.setdefault(f"{path.stem}::{node.name}", [])
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Call) and ast.unparse(decorator.func) == "faults":
                    named += [ast.literal_eval(arg) for arg in decorator.args]
    return marks


def test_every_kind_of_command_has_a_fault_case_or_stores_nothing() -> None:
    kinds = _kinds()
    assert len(kinds) > 80  # every slice's commands were read
    cases: dict[str, list[str]] = defaultdict(list)
    for case, named in _marks().items():
        for kind in named:
            cases[kind].append(case)
    missing = sorted(kinds - set(cases) - set(NOT_STORED))
    assert missing == [], f"kinds of command with no fault case: {missing}"
    assert sorted(set(cases) - kinds) == [], "a case names no kind of command the table takes"
    assert sorted(set(NOT_STORED) - kinds) == [], "NOT_STORED names no kind the table takes"
    both = sorted(set(cases) & set(NOT_STORED))
    assert both == [], f"listed as storing nothing, yet a case fails its store request: {both}"


def test_every_fault_case_names_the_kinds_whose_store_request_it_fails() -> None:
    marks = _marks()
    assert len(marks) >= 23  # the files were read
    unmarked = sorted(case for case, named in marks.items() if not named)
    assert unmarked == [], f"fault cases with no faults(...) mark: {unmarked}"
