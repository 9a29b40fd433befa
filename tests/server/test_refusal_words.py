"""A refusal of a player's request is said in the players' terms (issue 23 item 3: words at the
edge): the engine names seats by their labels in the hand (``p3``), which nobody at a table
goes by, so the server's error frame names them by the players' names and the reader's own seat
as "you" (:func:`~wildstud.server.refusals.in_players_terms`).

Every kind of refusal the engine gives a seat's request is found by asking: hands of each
betting structure and short-all-in rule, with short stacks, a hand run twice and one turned up
all in, are played at random, and at every turn and showdown each seat's every action (with no
amount, too little, too much), show or muck and answer to run it twice is checked with the
engine's ``verify`` checks, the ones the server asks (``hand_requests``). No label is left in
any of them, for any reader. Then a served table: refusals that reach a page over its socket
carry names, never a label."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable, Iterator
from functools import partial

from tests.server.conftest import Server
from tests.server.helpers import heads_up_hand
from wildstud.betting import ActionKind
from wildstud.cards import Deck
from wildstud.deal import Hand
from wildstud.deal.stages import Stage
from wildstud.errors import IllegalActionError
from wildstud.server.refusals import in_players_terms

LABEL = re.compile(r"\b[pP][0-9]+\b")
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
# A person's verb after "you", as the engine wrote it for a seat it named ("p3 has").
BAD_GRAMMAR = re.compile(r"\byou (has|holds|is|brings|needs|was)\b|\byour'|\bits (hand|cards)\b")

SETUPS: tuple[tuple[str, dict[str, object], tuple[int, ...]], ...] = (
    ("FTQ", {}, (40, 12, 60, 7, 90)),
    ("FTQ", {"limit": "no-limit", "short_all_in": "full-raise-only"}, (80, 15, 200, 9)),
    ("SMBU", {"limit": "no-limit", "run_twice": True, "all_in_turn_up": True}, (60, 30, 60)),
    ("BD5", {"limit": "spread-limit", "all_in_turn_up": True}, (25, 8, 50, 100)),
    ("BD7", {"free_fold": True, "short_all_in": "full-raise-only"}, (30, 6, 30, 70, 11)),
)


def _amounts(hand: Hand) -> Iterator[int | None]:
    """Amounts to try: none, nothing, one chip, each legal bound and one past it, everything."""
    yield from (None, 0, 1, 10**6)
    for option in hand.legal_actions():
        for bound in (option.min_amount, option.max_amount):
            yield from (bound - 1, bound, bound + 1)


def _every_refusal(hand: Hand) -> Iterator[tuple[int, str]]:
    """Each seat's refused requests at this moment of ``hand``: (seat, the engine's message)."""
    amounts = list(_amounts(hand))
    for seat in range(len(hand.stacks)):
        asks: list[Callable[[], None]] = [
            partial(hand.verify_act, kind, amount, seat=seat)
            for kind in ActionKind
            for amount in amounts
        ]
        asks += [partial(hand.verify_show_or_muck, seat, show) for show in (True, False)]
        asks += [partial(hand.verify_agree_run_twice, seat, agree) for agree in (True, False)]
        for ask in asks:
            try:
                ask()
            except IllegalActionError as error:
                yield seat, str(error)


Refusals = set[tuple[int, str]]


def _play_and_refuse(
    game: str, options: dict[str, object], stacks: tuple[int, ...], seed: int
) -> Refusals:
    """Every (seat, message) refused over one hand played at random."""
    rng = random.Random(seed)
    hand = Hand(game, list(stacks), options, deck=Deck(seed=seed))
    found: Refusals = set()
    for _ in range(400):
        found.update(_every_refusal(hand))
        if hand.stage is Stage.OVER:
            break
        if hand.to_act is not None:
            legal = hand.legal_actions()
            option = rng.choice(legal)
            if option.amounts is not None:
                amount = rng.choice(option.amounts)
            else:
                amount = rng.randint(option.min_amount, option.max_amount)
            hand.act(option.kind, amount)
        elif hand.stage is Stage.SHOWDOWN and any(
            hand.can_show_or_muck(seat, False) for seat in range(len(stacks))
        ):
            seat = next(s for s in range(len(stacks)) if hand.can_show_or_muck(s, False))
            hand.show_or_muck(seat, rng.random() < 0.5)
        elif any(hand.can_agree_run_twice(seat) for seat in range(len(stacks))):
            seat = next(s for s in range(len(stacks)) if hand.can_agree_run_twice(s))
            hand.agree_run_twice(seat, rng.random() < 0.8)
        else:
            hand.step()
    return found


def test_every_refusal_of_a_seat_is_said_without_seat_labels() -> None:
    messages: Refusals = set()
    for game, options, stacks in SETUPS:
        for seed in range(6):
            messages |= _play_and_refuse(game, options, stacks, seed)
    shapes = {LABEL.sub("pN", re.sub(r"\d+", "9", message)) for _, message in messages}
    assert len(shapes) >= 25, sorted(shapes)  # the sweep reaches the engine's many refusals
    labelled = [m for m in messages if LABEL.search(m[1])]
    assert len(labelled) > len(messages) // 2
    for seat, message in messages:
        names = NAMES[: seat + 1] + NAMES[seat + 1 :]
        for reader in (seat, None, (seat + 1) % 3):
            said = in_players_terms(message, names, reader)
            assert not LABEL.search(said), (message, reader, said)
            assert not BAD_GRAMMAR.search(said), (message, reader, said)
        if LABEL.search(message) and f"p{seat + 1}" in message:
            assert re.search(r"\byour?\b", in_players_terms(message, names, seat)), message


async def _served_refusals(server: Server) -> None:
    api, created, clients = await heads_up_hand(server)
    player = next(c for c in clients if c.my_turn())
    other = next(c for c in clients if c is not player)
    frames = []
    # The bring-in seat may not check, call for a wrong amount or raise; the other seat may not
    # act out of turn, nor show or answer an offer that is not made.
    for client, request in (
        (player, {"type": "act", "action": "check"}),
        (player, {"type": "act", "action": "bring-in", "amount": 999}),
        (player, {"type": "act", "action": "raise", "amount": 3}),
        (other, {"type": "act", "action": "fold"}),
        (other, {"type": "show", "show": False}),
        (other, {"type": "run_twice", "agree": True}),
    ):
        mark = len(client.frames)
        await client.request(request)
        frames.append(await client.frame("error", after=mark))
    messages = [frame["message"] for frame in frames]
    for message in messages:
        assert not LABEL.search(message), messages
    assert messages[0].startswith("You cannot check"), messages
    assert messages[3].startswith("You cannot fold"), messages
    name = "Ann" if player is clients[0] else "Bob"
    assert f"{name}'s turn" in messages[3], messages
    api.ok(api.host(created, "POST", "/pause"))
    for client in clients:
        await client.close()


def test_a_players_refusals_name_the_players(server: Server) -> None:
    asyncio.run(_served_refusals(server))
