"""A bot at a private table decides from its own cards: the server, one party to every deal
(it holds the bots' seats), opens a bot's face-down cards with its own secret once every other
party has unmasked them, and gives the bot that view (:func:`~wildstud.server.table.private.
own_view`); no other seat's hole card is in it, and nothing of it is stored or sent."""

from __future__ import annotations

from tests.tools.private_play import Night, opened
from wildstud.betting import ActionKind
from wildstud.bots_equity import EquityBot
from wildstud.cards import Card, parse_cards
from wildstud.deal import Dealt, Phase
from wildstud.server.table.private import own_view

# Heads-up Follow the Queen, the bot (seat 1, the server's) dealt first: it holds 9s 9d under
# its 9h, the page Kh Kd under the 2c, which brings it in.
DECK = "9s Kh 9d Kd 9h 2c"


def bot_to_act() -> Night:
    """The hand, one page (seat 0) and the server's bot (seat 1), once the bot is to act."""
    night = Night("FTQ", {}, players=2, pages=1, stacked=list(parse_cards(DECK)))
    hand = night.hand
    night.start_deal()
    while hand.phase is not Phase.PLAYER or hand.to_act != 1:
        if hand.phase is Phase.PLAYER:
            hand.act(ActionKind.BRING_IN)
            continue
        if hand.cards_due() and night.dealer.position >= opened(night.rounds):
            night.pass_due()
        hand.step()
    return night


def test_the_bot_sees_its_own_hole_cards_and_nobody_elses() -> None:
    night = bot_to_act()
    server = night.agents[-1][-1]
    view = own_view(night.hand, night.rounds, server, 1)
    assert [held.card for held in view.seats[1].cards] == list(parse_cards("9s 9d 9h"))
    assert [held.card for held in view.seats[0].cards] == [None, None, Card("2c")]
    own = [e.card for e in view.events if isinstance(e, Dealt) and e.seat == 1 and not e.up]
    assert own == list(parse_cards("9s 9d"))
    theirs = [e.card for e in view.events if isinstance(e, Dealt) and e.seat == 0 and not e.up]
    assert theirs == [None, None]
    assert "Kh" not in repr(view)
    assert "Kd" not in repr(view)
    # The page's seat gets no help from the server: its view is the engine's, its cards unknown.
    assert own_view(night.hand, night.rounds, server, 0) == night.hand.view(0)
    # Blind, the bot's own cards count as unseen in its view.
    assert [held.card for held in night.hand.view(1).seats[1].cards] == [None, None, Card("9h")]


def test_the_equity_bot_plays_three_nines_it_would_only_call_blind() -> None:
    night = bot_to_act()
    seen = own_view(night.hand, night.rounds, night.agents[-1][-1], 1)
    blind = night.hand.view(1)
    knowing, guessing = EquityBot(seed=1), EquityBot(seed=1)
    assert knowing.read(seen).equity > guessing.read(blind).equity + 0.2
    assert EquityBot(seed=1).choose(seen)[0] is ActionKind.COMPLETE
    assert EquityBot(seed=1).choose(blind)[0] is ActionKind.CALL
