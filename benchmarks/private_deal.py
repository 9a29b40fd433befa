"""What a private deal costs in CPU: the page's per hand, and the server's per hand.

The benchmark plays ``--hands`` hands of each game at ``--players`` seats (each a page, with the
server as the last party: the deal's rounds as :mod:`wildstud.private_rounds` plays them,
everyone checking, calling or bringing in, the hands still in shown with proof). It times the
server's side with the process's CPU clock: every answer checked on arrival (each key's proof,
each turn of the deck, each batch of shares' proof, each show) and the server's own turns as a
party. It counts what one page does in a hand under private deal v3 (its key's proof, its turn
of the deck, its shares, one batch with one proof a pass, its own cards opened, and the other
parties' key proofs, order values and batches it must check: every batch that holds a face-up
card or its own, and every show; and, for comparison, what checking every proof would cost)
and has node do exactly that with the page's own module (``benchmarks/private_deal_page.mjs``
over ``static/js/privatedeal.js``).

From the repository root::

    .venv/bin/python benchmarks/private_deal.py                # 6 players, 5 hands a game
    .venv/bin/python benchmarks/private_deal.py --players 4 --hands 20

The goal (issue 26): under 1 s of page CPU per hand. The other goal, under 100 ms added per
street over the loopback address, is measured at a real table by ``benchmarks/private_page.py``
(Chromium pages; this script plays no table). ``load_average`` says
how busy the machine was (the figures are CPU time, which a busy machine inflates less than
wall time, but does inflate).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

from wildstud.betting import ActionKind
from wildstud.deal import Phase, PrivateHand, Stage
from wildstud.private_rounds import Agent, DealRounds, Party, RoundsDealer

GAMES = ("FTQ", "SMBU", "BD5", "BD7", "BITCH")
PAGE = Path(__file__).with_name("private_deal_page.mjs")


class Clock:
    """The server's CPU time, added up around each of its steps."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def __enter__(self) -> None:
        self._start = time.process_time()

    def __exit__(self, *_: object) -> None:
        self.seconds += time.process_time() - self._start


def play(game: str, players: int) -> tuple[float, dict[str, Any]]:
    """One hand: the server's CPU seconds and what page 0 did (each batch it unmasked, and each
    it would check, by its number of cards)."""
    parties = (*(Party(f"page {seat}", (seat,)) for seat in range(players)), Party("server", ()))
    server = len(parties) - 1
    dealer = RoundsDealer()
    hand = PrivateHand(game, [200] * players, {"ante": 1}, deck=dealer)
    clock = Clock()
    page: dict[str, Any] = {
        "masks": 0,
        "keys": 0,
        "batches": [],
        "checks": [],
        "checks_all": [],
        "opens": 0,
    }
    deals: list[DealRounds] = []
    agents: list[Agent] = []
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            kinds = {option.kind for option in hand.legal_actions()}
            for kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN):
                if kind in kinds:
                    hand.act(kind)
                    break
            continue
        chance = hand.chance()
        fresh = not deals or deals[-1].deal != hand.deal_number
        if fresh and (chance is None or chance.kind is not Stage.REDEAL):
            rounds = DealRounds(b"bench|hand 1", hand.deal_number, parties)
            deals.append(rounds)
            agents = [Agent.new() for _ in parties]
            for party, agent in enumerate(agents):
                if party == server:
                    with clock:
                        proof = agent.key_proof(rounds, party)
                else:
                    proof = agent.key_proof(rounds, party)
                with clock:
                    rounds.take_key(party, agent.key, proof)
            for party in rounds.turns:  # the server first
                agent = agents[party]
                if party == server:
                    with clock:
                        deck = agent.masked(rounds)
                else:
                    deck = agent.masked(rounds)
                with clock:
                    rounds.take_deck(party, deck)
            for party in rounds.waiting():  # every order value at once
                if party == server:
                    with clock:
                        value = agents[party].order_value(rounds, party)
                else:
                    value = agents[party].order_value(rounds, party)
                if party == 0:
                    page["batches"].append(1)
                with clock:
                    rounds.take_order(party, value)
            page["masks"] += 1
            page["keys"] += len(parties) - 1  # every other party's proof of knowledge
            # The dealt deck's check before its first share of the deal: every other party's
            # order value with its proof, a batch of one (the keys it checked at its turn).
            page["checks"] += [1] * (len(parties) - 1)
            page["checks_all"] += [1] * (len(parties) - 1)
        rounds = deals[-1]
        opened = sum(len(slots) for slots in rounds.passes)
        if hand.cards_due() and dealer.position >= opened:
            with clock:
                rounds.open_pass(hand.cards_due())
            for party in rounds.waiting():  # every party at once
                if party == server:
                    with clock:
                        steps = agents[party].unmaskings(rounds, party)
                else:
                    steps = agents[party].unmaskings(rounds, party)
                if party == 0:
                    page["batches"].append(len(steps.shares))
                else:
                    # A page checks the shares that decide what it sees: every face-up card's
                    # (the last party to share one could otherwise name any card) and its own
                    # cards', so every batch that holds one; the server checks every one.
                    slots = {slot.position: slot for slot in rounds.passes[-1]}
                    if any(
                        slots[position].up or slots[position].seat == 0
                        for position in rounds.to_unmask(party)
                    ):
                        page["checks"].append(len(steps.shares))
                    page["checks_all"].append(len(steps.shares))
                with clock:
                    rounds.take_unmasking(party, steps)
            page["opens"] += sum(1 for slot in rounds.passes[-1] if slot.seat == 0 and not slot.up)
            with clock:
                dealer.learn(rounds)
        if hand.to_show_or_muck:
            seat = hand.to_show_or_muck[0]
            shown = agents[seat].show(rounds, seat, seat)
            size = 0 if shown is None else len(shown.shares)
            if seat == 0:
                page["batches"].append(size)
            else:
                page["checks"].append(size)
                page["checks_all"].append(size)
            with clock:
                rounds.take_show(seat, seat, shown)
                hand.show(seat, rounds.shown_cards(seat))
            continue
        with clock:
            hand.step()
    return clock.seconds, page


def page_cpu(counts: dict[str, Any]) -> dict[str, float]:
    """The page's CPU seconds for ``counts``, by kind of operation, from node."""
    done = subprocess.run(
        ["node", str(PAGE), json.dumps({**counts, "rounds": 3})],
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=5)
    args = parser.parse_args()
    report: dict[str, Any] = {"players": args.players, "hands": args.hands, "games": {}}
    for game in GAMES:
        server: list[float] = []
        counted: list[dict[str, Any]] = []
        for _ in range(args.hands):
            seconds, counts = play(game, args.players)
            server.append(seconds)
            counted.append(counts)
        # The hand of median work, and the most (The Bitch redeals at every queen of spades
        # face up: each redeal is a fresh round, masking and all).
        ranked = sorted(counted, key=lambda counts: sum(counts["checks"]) + sum(counts["batches"]))
        typical, worst = ranked[len(ranked) // 2], ranked[-1]
        page = page_cpu(typical)
        every = page_cpu({**typical, "checks": typical["checks_all"]})
        report["games"][game] = {
            "server_cpu_s_median": round(statistics.median(server), 4),
            "server_cpu_s_max": round(max(server), 4),
            "page_ops_median": typical,
            "page_cpu_s": round(sum(page.values()), 4),
            "page_ops_most": worst,
            "page_cpu_s_most": round(sum(page_cpu(worst).values()), 4),
            "page_cpu_s_by_kind": {kind: round(value, 4) for kind, value in page.items()},
            "page_cpu_s_checking_every_proof": round(sum(every.values()), 4),
        }
    report["load_average"] = [round(load, 2) for load in os.getloadavg()]
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
