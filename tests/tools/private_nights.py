"""Private nights (issue 26 item 2) for ``tests/golden/private_night.json``: an honest night and
one night of each cheat, each with what :func:`~wildstud.history.private_night.audit_private_night`
finds in it (``wildstud verify --night --json``'s words). The page's own audit of a private
night record (``static/js/privateaudit.js``, ``tests/client/privateaudit.test.js``) must find
the same. The cheats are those of ``tests/history/test_private_night.py``.

Every party's secret and order are derived from fixed labels (and every proof's nonce from the
secret), so ``python -m tests.tools.private_nights`` writes the same file each time. The hands are
small (two or three parties, the short ones over on third street) to keep the file modest.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path

import pysodium

from tests.tools.private_play import Night
from wildstud.cards import DECK
from wildstud.history.private_night import PrivateNight, audit_private_night, night_of
from wildstud.private_deal import Secret, card_point, shuffle_turn
from wildstud.private_rounds import SERVER_ROW, Agent, DealRounds, Party, Row
from wildstud.vocabulary import private_night_json

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "private_night.json"

TABLE = "t1"


def context(hand: int) -> str:
    """What the proofs of ``hand`` are bound to (the server's ``table T|hand N``)."""
    return f"table {TABLE}|hand {hand}"


def fixed_agents(label: str) -> Callable[[], Agent]:
    """A maker of agents whose secrets and orders follow from ``label`` and a counter."""
    count = itertools.count()

    def new() -> Agent:
        seed = f"{label} {next(count)}"
        wide = hashlib.sha512(seed.encode()).digest()
        scalar = bytes(pysodium.crypto_core_ristretto255_scalar_reduce(wide))
        order = list(range(len(DECK)))
        random.Random(seed).shuffle(order)
        return Agent(Secret.of(scalar), tuple(order))

    return new


def named(rows: Sequence[Row], names: Sequence[str]) -> list[Row]:
    """``rows`` with their parties named ``names`` (a name is in no proof: only the parties row
    carries it)."""
    renamed = []
    for row in rows:
        if row.kind == "parties":
            read = json.loads(row.data)
            seats = [seats for _, seats in read["parties"]]
            parties = [[name, seat] for name, seat in zip(names, seats, strict=True)]
            data = json.dumps({**read, "parties": parties})
            row = Row(row.deal, "parties", SERVER_ROW, data)
        renamed.append(row)
    return renamed


def played(
    label: str, *, players: int, pages: int, folder: int | None = None, hand: int = 1
) -> Night:
    """Hand ``hand`` of Follow the Queen with fixed agents, every party answering in turn, no
    secret published yet (``folder`` folds at its first turn: with two players, the hand ends on
    third street)."""
    night = Night(
        "FTQ",
        {},
        players=players,
        pages=pages,
        folder=folder,
        context=context(hand).encode(),
        new_agent=fixed_agents(label),
    )
    night.play()
    return night


def revealed(night: Night, secret: Callable[[int, Agent], tuple[bytes, list[int]] | None]) -> None:
    """Each party publishes what ``secret(party, agent)`` says (``None``: nothing)."""
    for rounds, agents in zip(night.deals, night.agents, strict=True):
        for party, agent in enumerate(agents):
            published = secret(party, agent)
            if published is not None:
                night.rows.append(rounds.take_reveal(party, *published))


def honest(party: int, agent: Agent) -> tuple[bytes, list[int]]:
    return agent.secret.scalar, list(agent.order)


def short(label: str, secret: Callable[[int, Agent], tuple[bytes, list[int]] | None]) -> Night:
    """Ann's page and the server (with the bot's seat) over third street, each party publishing
    what ``secret`` says."""
    night = played(label, players=2, pages=1, folder=0)
    revealed(night, secret)
    return night


def one_hand(night: Night, number: int = 1) -> PrivateNight:
    return night_of(TABLE, [(number, context(1), named(night.rows, ("Ann", "server")))])


def honest_night() -> PrivateNight:
    """Hand 1 between Ann's and Bob's pages and the server, to the showdown; hand 2 voided
    before its deck was masked (Bob's page never sent its key): it dealt no card."""
    night = played("honest", players=3, pages=2)
    revealed(night, honest)
    parties = (Party("Ann", (0,)), Party("Bob", (1,)), Party("server", (2,)))
    void = DealRounds(context(2).encode(), 1, parties)
    rows = [void.parties_row()]
    for party, agent in enumerate(fixed_agents("void")() for _ in range(2)):
        # Ann and the server; Bob never answers
        row = void.take_key(2 * party, agent.key, agent.key_proof(void, 2 * party))
        assert row is not None
        rows.append(row)
    names = ("Ann", "Bob", "server")
    return night_of(TABLE, [(1, context(1), named(night.rows, names)), (2, context(2), rows)])


def reordered() -> PrivateNight:
    """Ann's page says it put the first two cards the other way round (hand 7)."""

    def swapped(party: int, agent: Agent) -> tuple[bytes, list[int]]:
        order = list(agent.order)
        if party == 0:
            order[0], order[1] = order[1], order[0]
        return agent.secret.scalar, order

    return one_hand(short("reordered", swapped), 7)


def withheld() -> PrivateNight:
    """Ann's page never publishes its secret."""
    return one_hand(
        short("withheld", lambda party, agent: None if party == 0 else honest(0, agent))
    )


def substituted() -> PrivateNight:
    """The server puts a second ace of spades, under the joint key with a randomiser of its own,
    in its turn of the deck (before Ann's): 52 different ciphertexts, so that nobody can tell on
    the spot (no pass was opened: the deck's sum would have caught it)."""
    parties = (Party("Ann", (0,)), Party("server", (1,)))
    rounds = DealRounds(context(1).encode(), 1, parties)
    new = fixed_agents("substituted")
    agents = [new(), new()]
    rows = [rounds.parties_row()]
    for party, agent in enumerate(agents):
        row = rounds.take_key(party, agent.key, agent.key_proof(rounds, party))
        assert row is not None
        rows.append(row)
    turned = agents[1].masked(rounds)  # the server turns first
    alien = [(bytes(32), card_point(DECK[-1]))]
    turned[5] = shuffle_turn(alien, agents[1].secret, [0], rounds.joint, b"its own")[0]
    rows.append(rounds.take_deck(1, turned))
    rows.append(rounds.take_deck(0, agents[0].masked(rounds)))
    rows += [rounds.take_order(p, a.order_value(rounds, p)) for p, a in enumerate(agents)]
    rows += [rounds.take_reveal(p, a.secret.scalar, a.order) for p, a in enumerate(agents)]
    return night_of(TABLE, [(1, context(1), rows)])


def wrong_key() -> PrivateNight:
    """The server publishes a secret that is not its key's: its key, its turn of the deck and
    every share it gave are named."""
    other = fixed_agents("another secret")().secret.scalar

    def published(party: int, agent: Agent) -> tuple[bytes, list[int]]:
        return (other if party == 1 else agent.secret.scalar), list(agent.order)

    return one_hand(short("wrong key", published))


def tampered() -> PrivateNight:
    """The server's first shares row changed after the fact: its proof no longer holds."""
    night = short("tampered", honest)
    index = next(i for i, row in enumerate(night.rows) if row.kind == "unmask" and row.party == 1)
    data = json.loads(night.rows[index].data)
    data["batch"][0][2] = data["batch"][0][1]  # its first share is the point it shares
    night.rows[index] = Row(night.rows[index].deal, "unmask", 1, json.dumps(data))
    return one_hand(night)


def rewritten() -> PrivateNight:
    """Hand 1 as a server could rewrite the record whole once every secret is published: Ann's
    part made again from a secret of its choosing, and every row consistent with it. The audit
    finds nothing; only Ann's page, holding the secret it used in the honest night, can tell
    (``ownPart`` in ``static/js/privateaudit.js``)."""
    return one_hand(short("rewritten", honest))


def golden_nights() -> list[tuple[str, PrivateNight]]:
    """An honest night and one night of each cheat the page's audit must name, by name."""
    return [
        ("an honest night", honest_night()),
        ("a page that reordered otherwise than it says", reordered()),
        ("a page that withheld its secret", withheld()),
        ("a server that substituted a card", substituted()),
        ("a server whose secret is not its key's", wrong_key()),
        ("an unmasking whose proof fails", tampered()),
        ("a record rewritten whole by the server", rewritten()),
    ]


def golden_text() -> str:
    """``tests/golden/private_night.json``: each night's record and its audit as ``wildstud
    verify --night --json`` says it."""
    cases = [
        {
            "name": name,
            "record": night.to_data(),
            "audit": private_night_json(audit_private_night(night)),
        }
        for name, night in golden_nights()
    ]
    return json.dumps({"cases": cases}, separators=(",", ":"), ensure_ascii=False) + "\n"


if __name__ == "__main__":
    GOLDEN.write_text(golden_text(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
