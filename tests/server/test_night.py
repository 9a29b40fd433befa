"""The night's ledger and settle-up: at a table played for real (random buy-ins, hands, players
leaving mid-hand and between hands) every chip is accounted for and the settle-up squares
everyone; and over a real server, the JSON and CSV answers."""

from __future__ import annotations

import asyncio
import csv
import io
import time
from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.server.conftest import Server
from tests.server.helpers import Listener, refused, wait_until
from tests.tools.fewest_payments import fewest_by_brute_force
from tests.tools.wsclient import Api
from wildstud.server.errors import LedgerError, SeatError
from wildstud.server.messages import Rebuy
from wildstud.server.names import name_key
from wildstud.server.night import CSV_HEADER, REBUY_REASONS, Night, report, tally, transfers_csv
from wildstud.server.schemas import GameEntry, RulesUpdate, StakesModel, TableSettings
from wildstud.server.seating import SeatKind
from wildstud.server.store import LedgerEntry, Store, TableState
from wildstud.server.table import Table, TableStatus
from wildstud.server.table.cashier import Limits

Step = tuple[str, Any]
seat_steps = st.one_of(
    st.tuples(st.just("bot"), st.sampled_from([SeatKind.CALLING_BOT, SeatKind.RANDOM_BOT])),
    st.tuples(st.just("player"), st.sampled_from(["Ann", "Bob", "Cy"])),
)
night_steps = st.one_of(
    seat_steps,
    st.tuples(st.just("remove"), st.integers(0, 7)),
    st.tuples(st.just("hands"), st.integers(1, 3)),
    st.tuples(st.just("hands"), st.integers(1, 3)),
    st.tuples(st.just("buy-in"), st.integers(1, 400)),
    st.tuples(st.just("pause"), st.none()),
    # a rebuy or top-up: which seat, what share of what it may buy, approved or declined
    st.tuples(st.just("rebuy"), st.tuples(st.integers(0, 7), st.floats(0.01, 1.0), st.booleans())),
    st.tuples(st.just("rebuy"), st.tuples(st.integers(0, 7), st.floats(0.01, 1.0), st.just(True))),
)
# Two to four seats taken first, so that most nights deal, then anything in any order.
plans = st.builds(
    lambda first, then: [*first, *then],
    st.lists(seat_steps, min_size=2, max_size=4),
    st.lists(night_steps, max_size=16),
)


def test_the_night_is_summed_by_account() -> None:
    entries = [
        LedgerEntry("a1", 0, "Cy", "buy-in", 100),
        LedgerEntry("b", 1, "bob", "buy-in", 100),
        LedgerEntry("a1", 0, "Cy", "hand", -40, 1),
        LedgerEntry("b", 1, "bob", "hand", 40, 1),
        LedgerEntry("a1", 0, "Cy", "cash-out", -60),
        LedgerEntry("a2", 0, "Cy", "buy-in", 50),
        LedgerEntry("a2", 0, "Cy", "hand", 30, 2),
        LedgerEntry("b", 1, "bob", "hand", -30, 2),
    ]
    night = tally(entries, {"a2": 80, "b": 110}, hand_in_progress=3)
    assert [
        (p.player_id, p.seat, p.buy_ins, p.cash_outs, p.chips, p.net) for p in night.players
    ] == [
        ("b", 1, 100, 0, 110, 10),  # by name ignoring case: "bob" before "Cy"
        ("a1", None, 100, 60, 0, -40),
        ("a2", 0, 50, 0, 80, 30),
    ]
    assert (night.buy_ins, night.cash_outs, night.chips) == (250, 60, 190)
    assert night.balanced
    assert night.hand_in_progress == 3
    assert night.settlement is not None
    assert [str(transfer) for transfer in night.settlement.transfers] == [
        "Cy (a1) pays bob (b) 10",
        "Cy (a1) pays Cy (a2) 30",
    ]
    rows = transfers_csv(night).splitlines()
    assert rows[1:] == ["Cy,bob,10,a1,b", "Cy,Cy,30,a1,a2"]


def test_a_ledger_that_disagrees_with_the_seats_is_out_of_balance_and_not_settled() -> None:
    entries = [LedgerEntry("a", 0, "Ann", "buy-in", 100), LedgerEntry("b", 1, "Bob", "buy-in", 100)]
    assert tally(entries, {"a": 100, "b": 100}).balanced
    short = tally(entries, {"a": 100, "b": 90})  # ten chips gone with no entry
    assert not short.balanced
    assert short.settlement is None
    assert transfers_csv(short).splitlines() == [",".join(CSV_HEADER)]
    assert report("t", short)["transfers"] == []
    assert not report("t", short)["minimal"]
    # Chips moved between two accounts without a hand: the nets add up, the accounts do not.
    moved = tally(entries, {"a": 110, "b": 90})
    assert not moved.balanced
    assert not tally(entries, {"a": 100, "b": 100, "c": 0}).balanced  # a seat with no account


def test_a_ledger_entry_of_an_unknown_reason_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown reason: 'tip'"):
        tally([LedgerEntry("a", 0, "Ann", "tip", 5)], {})


def check_night(night: Night, bought: int) -> None:
    """What must hold at any moment of a night, mid-hand included."""
    assert night.balanced, night
    assert night.buy_ins == bought
    assert night.chips + night.cash_outs == night.buy_ins
    assert sum(player.net for player in night.accounts) == 0
    # The house (the bots) is never in the settle-up; the people's payments square them alone.
    assert sum(player.settles for player in night.players) == 0
    assert sum(player.share for player in night.players) == night.house_net
    settlement = night.settlement
    assert settlement is not None
    people = {player.player_id for player in night.players}
    assert all(
        {transfer.payer.player_id, transfer.payee.player_id} <= people
        for transfer in settlement.transfers
    )
    owed = {player.player_id: player.settles for player in night.players}
    for transfer in settlement.transfers:
        assert transfer.amount > 0
        owed[transfer.payer.player_id] += transfer.amount
        owed[transfer.payee.player_id] -= transfer.amount
    assert set(owed.values()) <= {0}
    nets = {player.player_id: player.settles for player in night.players}
    if sum(1 for net in nets.values() if net) <= 7:
        assert len(settlement.transfers) == fewest_by_brute_force(nets)


def dealt_enough(table: Table, hands: int) -> bool:
    """Whether ``hands`` hands have been dealt, or no more can be (fewer than two seats)."""
    stuck = table.live is None and sum(seat.eligible for seat in table.seats.values()) < 2
    return table.hands_dealt >= hands or stuck


def bought_so_far(table: Table, seated: int) -> int:
    """The chips bought: the buy-ins counted by the test, and every request for chips the store
    says was applied (each must be one ledger entry: none lost, none applied twice)."""
    applied = [r for r in table.store.rebuys(table.id) if r.status == "applied"]
    entries = [e for e in table.store.ledger(table.id) if e.reason in REBUY_REASONS]
    assert sorted((r.player_id, r.amount) for r in applied) == sorted(
        (e.player_id, e.amount) for e in entries
    )
    return seated + sum(r.amount for r in applied)


async def night_and_bought(table: Table, seated: int) -> tuple[Night, int]:
    """The night and the chips bought, of one moment: the driver may apply approved chips as a
    hand ends while the test reads, so it reads again until nothing was applied meanwhile."""
    while True:
        before = bought_so_far(table, seated)
        night = await table.night()
        if bought_so_far(table, seated) == before:
            return night, before


async def ask_for_chips(table: Table, index: int, share: float, approve: bool) -> None:
    """The player (or bot) at the ``index``-th seat asks for a ``share`` of what it may buy;
    the host approves or declines. A refusal changes nothing."""
    if not table.seats:
        return
    seat = table.seats[sorted(table.seats)[index % len(table.seats)]]
    client = Listener(seat.index)
    try:
        most = Limits.of(table.settings).allowance(seat.stack, 0)
    except LedgerError:
        most = 1  # asked anyway: refused, with nothing changed

    def requests() -> tuple[int, set[str], set[str]]:
        return (
            seat.last_seq,
            {request.id for request in table.store.rebuys(table.id)},
            {request.id for request in table.cashier.open},
        )

    last_seq, stored, still_open = requests()
    amount = max(1, int(most * share))
    try:
        await table.handle(client, Rebuy(type="rebuy", seq=seat.last_seq + 1, amount=amount))
    except LedgerError:
        # A refusal makes no request and uses up no frame number. The stacks and the open
        # requests may still move while it is answered (the hand in play goes on, and approved
        # chips arrive as it ends), so they are not compared; the chips are, after each step.
        after_seq, after_stored, after_open = requests()
        assert (after_seq, after_stored) == (last_seq, stored)
        assert after_open <= still_open
        return
    request = table.cashier.for_seat(seat.index, seat.player_id)
    assert request is not None
    assert request.amount == amount
    try:
        await table.decide_rebuy(request.id, approve)
    except LedgerError:  # the stack grew past the ceiling since (an open request stays open)
        assert table.cashier.request(request.id) is not None


async def play_a_night(plan: list[Step]) -> list[str]:
    """Play ``plan`` at a table of its own, checking the night after every step; returns how
    each request for chips ended."""
    settings = TableSettings(
        name="night",
        games=[GameEntry(game="FTQ"), GameEntry(game="BD5")],
        seats=4,
        starting_chips=60,
        stakes=StakesModel(ante=1, bring_in=2, small_bet=5, big_bet=10),
        bot_delay=0,
        hand_pause=0,
        showdown_pause=0,
        action_clock=0.05,
        time_bank=0,
        choice_clock=0.05,
        # The show-or-muck clock of a player who never connected: short, like the others (its
        # default, 5 s, was most of this test's time).
        muck_clock=0.05,
        redeal_pause=0,
        top_up_ceiling=120,
        rebuys_per_player=3,
    )
    state = TableState(
        "t1",
        "night",
        "h" * 64,
        "j",
        "w",
        settings.model_dump(mode="json"),
        "waiting",
        None,
        0,
        None,
    )
    store = Store("sqlite://")
    store.create_table(state)
    table = Table(state, [], store)
    table.start_driver()
    bought = 0
    names: set[str] = set()
    # A player who left comes back with the seat token they left with (a name alone would
    # let anyone take their account: test_identity.py).
    tokens: dict[str, str] = {}
    try:
        for action, value in plan:
            if action in ("bot", "player"):
                chips = table.settings.starting_chips
                try:
                    if action == "bot":
                        await table.add_bot(value, None, None)
                    else:
                        _, token = await table.join(value, None, tokens.get(name_key(value)))
                        tokens[name_key(value)] = token
                except SeatError:  # the table is full, or the name is seated: nothing bought
                    pass
                else:
                    bought += chips
                    names.update(
                        name_key(seat.name) for seat in table.seats.values() if not seat.is_bot
                    )
            elif action == "rebuy":
                await ask_for_chips(table, *value)
            elif action == "remove" and table.seats:
                index = sorted(table.seats)[value % len(table.seats)]
                leaving = table.seats[index].leaving
                try:
                    await table.remove(index)
                except SeatError:
                    # Removed already in a hand, it left as that hand ended, before this second
                    # removal reached the table: the seat is empty, and nothing changed.
                    assert leaving, f"seat {index} was seated and not leaving, yet refused"
            elif action == "hands":
                await table.set_status(TableStatus.RUNNING)
                await wait_until(
                    partial(dealt_enough, table, table.hands_dealt + value), "the hands"
                )
            elif action == "buy-in":
                # the host changes the buy-in: players seated from now on bring this many
                await table.update_rules(RulesUpdate(starting_chips=value))
            elif action == "pause" and table.status is TableStatus.RUNNING:
                await table.set_status(TableStatus.PAUSED)
                night = await table.night()
                # Paused, no stack moves: the night's chips are the stacks in front of the seats.
                assert night.chips == sum(seat.stack for seat in table.seats.values())
                live = table.live
                assert night.hand_in_progress == (None if live is None else live.number)
            night, so_far = await night_and_bought(table, bought)
            check_night(night, so_far)
            # One person, one account: a player back under their name keeps theirs.
            assert len(night.players) == len(names)
        # The end of the night: the hand in progress plays out and no other is dealt; then
        # everyone leaves and cashes out.
        if table.status is TableStatus.PAUSED:
            await table.set_status(TableStatus.RUNNING)
        await table.end_night()
        assert not table.cashier.open
        await wait_until(lambda: table.live is None, "the last hand")
        dealt_at_end = table.hands_dealt
        await asyncio.sleep(0.02)
        assert table.hands_dealt == dealt_at_end
        assert (await table.night()).ended
        for index in sorted(table.seats):
            await table.remove(index)
        await wait_until(lambda: not table.seats, "everyone to leave")
        night = await table.night()
        check_night(night, bought_so_far(table, bought))
        assert night.chips == 0
        assert night.cash_outs == bought_so_far(table, bought)
        assert night.hand_in_progress is None
        assert all(player.seat is None for player in night.players)
        assert (await table.ledger())["balanced"]
        return [request.status for request in store.rebuys(table.id)]
    finally:
        await table.stop()
        store.close()


@settings(max_examples=30)
@given(plans)
def test_every_chip_of_a_night_is_accounted_for_and_settled(plan: list[Step]) -> None:
    asyncio.run(play_a_night(plan))


def test_the_night_and_its_settle_up_over_the_api(server: Server) -> None:
    api = Api(server.base)
    created = api.create(
        games=[{"game": "FTQ"}],
        seats=5,
        # Deep stacks: nobody busts before the sixth hand, which would stop the table short.
        starting_chips=1000,
        absent_hands=100,
        bot_delay=0,
        hand_pause=0,
        action_clock=0.05,
        time_bank=0,
        bots=[{"kind": "random-bot"}, {"kind": "calling-bot"}],
        house_result="aside",
    )
    table_id = created["table"]["id"]
    # A player whose name a spreadsheet would run as a formula; never connected, so the clock
    # plays for them and the antes make them a payer.
    api.join(created, "=SUM(A1)")
    api.join(created, "Ann")
    api.ok(api.host(created, "POST", "/start"))
    deadline = time.monotonic() + 60
    while api.get(f"/api/tables/{table_id}")["hands_dealt"] < 4:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    api.ok(api.host(created, "DELETE", "/seats/1"))  # the calling bot leaves: a cash-out
    api.ok(api.host(created, "PUT", "/rules", starting_chips=50))
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    while api.get(f"/api/tables/{table_id}")["hands_dealt"] < 6:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    api.ok(api.host(created, "POST", "/pause"))

    response = api.http.get(f"/api/tables/{table_id}/night")
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-store"
    night = response.json()
    ledger = api.ledger(table_id)
    table = api.get(f"/api/tables/{table_id}")
    assert night["table_id"] == table_id
    assert night["balanced"]
    assert night["buy_ins"] == ledger["buy_ins"] == 4 * 1000 + 50
    assert night["cash_outs"] == ledger["cash_outs"]
    assert night["chips"] == ledger["seated"] == sum(seat["stack"] for seat in table["seats"])
    assert night["chips"] + night["cash_outs"] == night["buy_ins"]
    players = night["players"]
    house = night["house"]
    # The bots are the house: never among the players, never in a payment.
    assert sorted(player["name"] for player in players) == ["=SUM(A1)", "Ann"]
    assert len(house["bots"]) == 3
    assert house["result"] == "aside"
    assert house["net"] == sum(bot["net"] for bot in house["bots"])
    assert house["net"] == -sum(player["net"] for player in players)
    assert sum(player["share"] for player in players) == house["net"]
    assert [player["name"].casefold() for player in players] == sorted(
        player["name"].casefold() for player in players
    )
    by_id = {player["player_id"]: player for player in players}
    for player in players + house["bots"]:
        assert player["net"] == player["chips"] + player["cash_outs"] - player["buy_ins"]
    gone = [player for player in house["bots"] if player["seat"] is None]
    assert len(gone) == 1
    assert gone[0]["chips"] == 0
    assert {seat["seat"] for seat in table["seats"]} == {
        player["seat"] for player in players + house["bots"] if player["seat"] is not None
    }
    owed = {player_id: player["settles"] for player_id, player in by_id.items()}
    for transfer in night["transfers"]:
        assert transfer["payer"] == by_id[transfer["payer_id"]]["name"]
        assert transfer["payee"] == by_id[transfer["payee_id"]]["name"]
        owed[transfer["payer_id"]] += transfer["amount"]
        owed[transfer["payee_id"]] -= transfer["amount"]
    assert set(owed.values()) == {0}
    assert night["minimal"]
    assert night["method"] == "exact"
    nets = {player_id: player["settles"] for player_id, player in by_id.items()}
    assert len(night["transfers"]) == fewest_by_brute_force(nets)

    response = api.http.get(f"/api/tables/{table_id}/night.csv")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["content-disposition"] == (
        f'attachment; filename="{table_id}-night.csv"'
    )
    assert response.text.endswith("\r\n")
    rows = list(csv.reader(io.StringIO(response.text)))
    assert rows[0] == ["payer", "payee", "amount", "payer_id", "payee_id"]

    def cell(name: str) -> str:
        return "'" + name if name.startswith("=") else name

    assert rows[1:] == [
        [
            cell(transfer["payer"]),
            cell(transfer["payee"]),
            str(transfer["amount"]),
            transfer["payer_id"],
            transfer["payee_id"],
        ]
        for transfer in night["transfers"]
    ] + [["house", "aside", str(house["net"]), "", ""]]
    assert not any(row[0].startswith("=") or row[1].startswith("=") for row in rows)
    (formula,) = [player for player in players if player["name"] == "=SUM(A1)"]
    if formula["settles"]:
        assert any("'=SUM(A1)" in row[:2] for row in rows[1:])
    refused(api.http.get("/api/tables/nope/night"), 404)
    refused(api.http.get("/api/tables/nope/night.csv"), 404)


def test_a_night_with_rebuys_top_ups_and_a_return_is_accounted_for() -> None:
    # The property's steps in one fixed order, so that rebuys are surely applied and declined.
    plan: list[Step] = [
        ("player", "Ann"),
        ("bot", SeatKind.CALLING_BOT),
        ("rebuy", (0, 0.5, True)),  # between hands: applied at once
        ("rebuy", (1, 1.0, True)),
        ("hands", 2),
        ("remove", 0),  # Ann leaves (once the hand in progress ends)
        ("hands", 1),
        ("player", "Ann"),  # back, on her account
        ("rebuy", (0, 0.3, False)),
        ("hands", 2),
    ]
    statuses = asyncio.run(play_a_night(plan))
    assert statuses.count("applied") >= 2
    assert "declined" in statuses
