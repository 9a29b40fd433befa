"""A private deal's rounds in the store (issue 26 item 2): every answer of a whole hand (The
Bitch with a redeal, so two deals) and the server's own secret written in order, read back by
the hand and with the table's hand in progress, replay to the same rounds on both backends; the
database holds no hole card that was not shown."""

from __future__ import annotations

import random

from sqlalchemy import text

from tests.server.helpers import seat_state, table_state
from tests.tools.private_play import CONTEXT, Night
from wildstud.cards import Card
from wildstud.private_deal import card_point
from wildstud.private_rounds import DealRounds, Row
from wildstud.server.store import Changes, PrivateRound, Store


def test_the_rounds_rows_replay_from_the_store(database_url: str) -> None:
    stacked = [Card(code) for code in ("2c", "3c", "4c", "5c", "6c", "7c", "Qs", "8d", "9d")]
    night = Night("BITCH", {}, 3, 2, stacked=stacked, rng=random.Random(3), folder=0)
    night.play()
    server = len(night.parties) - 1
    rows = [
        night.agents[rounds.deal - 1][server].row(rounds.deal, server) for rounds in night.deals
    ] + night.rows
    store = Store(database_url)
    store.create_table(table_state(), [seat_state(0), seat_state(1), seat_state(2)], [])
    # Written a few at a time, as the rounds take them.
    answers = [
        PrivateRound(1, seq, row.deal, row.kind, row.party, row.data)
        for seq, row in enumerate(rows)
    ]
    for start in range(0, len(answers), 5):
        store.apply("t1", Changes(private_rounds=answers[start : start + 5]))
    read = store.private_rounds("t1", 1)
    assert read == answers
    (loaded,) = store.load_tables()
    assert loaded.private_rounds == tuple(answers)
    for rounds, agents in zip(night.deals, night.agents, strict=True):
        mine = [
            Row(answer.deal, answer.kind, answer.party, answer.data)  # type: ignore[arg-type]
            for answer in read
            if answer.deal == rounds.deal
        ]
        again = DealRounds.restore(CONTEXT, rounds.deal, night.parties, mine)
        assert again.shares == rounds.shares
        assert again.known == rounds.known
        assert again.shown == rounds.shown
        (agent_row,) = [row for row in mine if row.kind == "agent"]
        assert agent_row.party == server
        assert agents[server] == type(agents[server]).load(agent_row)
    # The folded hand's cards (seat 0's page) are nowhere in the database, in any encoding,
    # unless a deal showed one to everybody (face up, or in a hand shown after a redeal).
    public = {
        card for rounds in night.deals for card in (*rounds.known.values(), *rounds.shown.values())
    }
    folded = {
        card
        for (deal, position), card in night.opened.items()
        if night.deals[deal - 1].owners[position] == 0
    } - public
    assert folded
    with store.engine.connect() as connection:
        dumped = " ".join(
            str(value) for (value,) in connection.execute(text("SELECT data FROM private_rounds"))
        )
    for card in folded:
        assert f'"{card}"' not in dumped
        assert card_point(card).hex() not in dumped
    store.close()
