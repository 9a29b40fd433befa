"""The rounds of a private deal ("wildstud private deal v3"), as any transport plays them: who
must answer now, what each answer must be, each checked on arrival and kept as a row that a
restart replays (issue 26 item 2; :mod:`wildstud.private_deal` holds the arithmetic and the
protocol's bytes, :class:`~wildstud.deal.PrivateHand` the engine's half).

One :class:`DealRounds` is one deal of a hand (the first, or a redeal: a redeal is a fresh
round). Its parties (:class:`Party`) are fixed as it starts: each seated player's page, then
the server last, as one party for every bot and every player away (it owns their seats). Its
deal context (:attr:`DealRounds.deal_context`, what the key proofs and the randomisers are
bound to) is the rounds' context then ``|deal N``. In order:

1. **Keys.** Every party publishes its key for the deal with its proof of knowledge
   (:meth:`DealRounds.take_key`, :func:`~wildstud.private_deal.prove_key` bound to the deal
   context and the party's index), in any order; a key whose proof fails is refused. The
   joint key (:attr:`DealRounds.joint`) is their sum.
2. **The deck.** Each party in turn reorders and re-randomises the deck the one before it
   handed on (:meth:`DealRounds.take_deck`; the first turns the open deck): a chain, one party
   after another, the server first (:attr:`DealRounds.turns`: the party turning last knows
   which ciphertext it put at which position; the deal order, next, hides which seat a
   position goes to from every party). The deck is checked for what can be checked on the
   spot (52 different ciphertexts, each two points of the group); that the party turned it
   honestly is the audit's to say, once secrets are published.
3. **The deal order.** Once the last turn is in, every party is asked at once for its order
   value (:meth:`DealRounds.take_order`: its share of the one point
   :func:`~wildstud.private_deal.order_point`, at position :data:`ORDER`, with its proof), in
   any order; from every value the deal order (:attr:`DealRounds.dealing`,
   :func:`~wildstud.private_deal.deal_order`) says which position of the dealt deck is dealt
   first, second …: the party turning last could aim a card it put in at a position, never at
   a seat. A value whose proof fails is refused, naming its party.
4. **Passes: one round.** Before the dealer deals a street (or a community or centre card), the
   cards due (:meth:`~wildstud.deal.PrivateHand.cards_due`) are opened in one pass
   (:meth:`DealRounds.open_pass`): every party is asked at once for its shares of every
   position of the pass that is not its own (:meth:`DealRounds.to_unmask`: a face-up card's
   from every party, a face-down card's from every party but its owner), in one batch with one
   proof (:func:`~wildstud.private_deal.share_batch`), and answers in any order
   (:meth:`DealRounds.take_unmasking`), each batch checked on arrival. The first pass of a
   deal opens the deck's sum too, as position :data:`SUM` (52), face up: when it does not add
   up to the 52 cards (:func:`~wildstud.private_deal.adds_up`), a turn put in a card that was
   not in the deck (``substituted``, the audit says whose). When the last is in, the pass is
   over: a face-up card is named (:attr:`DealRounds.known`), a face-down card's owner
   adds its own share alone (:meth:`Agent.open_own`, from :meth:`DealRounds.own_points`). A
   pass's positions are the deal's dealing places (``k``: the ``k``-th card dealt), each
   standing for the dealt deck's position ``dealing[k]`` (:meth:`DealRounds.dealt`). The
   dealer policy :class:`RoundsDealer` deals them in order: a face-down card as its place, a
   face-up one as the card named.
5. **Showdown.** A hand is shown by its owner publishing its own shares of its face-down
   positions, in one batch with proof (:meth:`DealRounds.take_show`); folded and mucked cards
   are never opened.
6. **Audit.** Once the hand is over every party may publish its secret and order
   (:meth:`DealRounds.take_reveal`): :meth:`DealRounds.audit` replays every turn of the deck and
   checks every share, and names a party that reordered wrongly, substituted a card or shared
   wrongly.

**The wire** (:meth:`DealRounds.ask`, :meth:`DealRounds.take`): see :mod:`wildstud.private_wire`.

Every answer is refused with a :class:`RoundsError` that names its party and what it did wrong
(``kind``), and changes nothing; every answer taken gives a :class:`Row` to store before the
rounds go on, and :meth:`DealRounds.restore` replays the rows (nothing in them is a card in the
clear: keys and their proofs, ciphertexts, shares with their proofs, and after the hand the
secrets). The deal's first row names its parties and the protocol's version: rows of another
version are refused by name (:func:`parties_of`).

A whole deal between two pages and the server, played by :class:`Agent` values:

>>> from wildstud.deal import PrivateHand
>>> parties = (Party("Ann", (0,)), Party("Bob", (1,)), Party("server", (2,)))
>>> agents = [Agent.new() for _ in parties]
>>> rounds = DealRounds(b"table 7|hand 1", 1, parties)
>>> for index, agent in enumerate(agents):
...     _ = rounds.take_key(index, agent.key, agent.key_proof(rounds, index))
>>> for index in rounds.turns:  # the server first, then each page
...     _ = rounds.take_deck(index, agents[index].masked(rounds))
>>> for index in reversed(rounds.waiting()):  # every party's order value, in any order
...     _ = rounds.take_order(index, agents[index].order_value(rounds, index))
>>> dealer = RoundsDealer()
>>> hand = PrivateHand("FTQ", [50, 50, 50], {"ante": 0}, deck=dealer)
>>> _ = rounds.open_pass(hand.cards_due())
>>> rounds.waiting()  # every party at once
(0, 1, 2)
>>> for party in reversed(rounds.waiting()):  # in any order
...     _ = rounds.take_unmasking(party, agents[party].unmaskings(rounds, party))
>>> dealer.learn(rounds)
>>> hand.run()
>>> [str(held.card) for held in hand.cards(0)][:2], len(rounds.known)
(['#0', '#3'], 3)
>>> agents[0].open_own(rounds, 0) in DECK
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from wildstud.cards import DECK, Card
from wildstud.deal.stages import Chance, Stage
from wildstud.private_agent import Agent
from wildstud.private_deal import (
    VERSION,
    Ciphertext,
    Fault,
    KeyProof,
    Point,
    PrivateDealError,
    Secret,
    Shares,
    Step,
    adds_up,
    audit,
    check_deck,
    check_key,
    check_shares,
    deal_order,
    deck_sum,
    is_point,
    joint_key,
    less_shares,
    open_card,
    open_deck,
    order_point,
)
from wildstud.private_dealer import RoundsDealer
from wildstud.private_wire import (
    ORDER,
    Kind,
    Party,
    Row,
    batch_context,
    ciphertext_hex,
    ciphertext_of,
    key_data,
    key_of,
    label,
    parties_of,
    point_bytes,
    shares_data,
    shares_of,
)

__all__ = [
    "ORDER",
    "Agent",
    "DealRounds",
    "Kind",
    "OtherPageError",
    "Party",
    "PassSlot",
    "RoundsDealer",
    "RoundsError",
    "Row",
    "parties_of",
]

SERVER_ROW = -1
"""The party of a row the rounds write themselves (a pass opened, :class:`Row`)."""

DECK_SIZE = len(DECK)

SUM = DECK_SIZE
"""The position the deck's sum is opened at (:func:`~wildstud.private_deal.deck_sum`), with the
first pass's cards, by every party."""


class RoundsError(PrivateDealError):
    """An answer the rounds refuse: ``party`` (its index; ``None`` when nobody can be named
    before the audit) did ``kind`` wrong: ``turn`` (not its turn, or nothing asked of it),
    ``key`` (no point, or its proof of knowledge fails), ``deck`` (not 52 different
    ciphertexts), ``unmasked`` (shares, or an order value, not of the points asked, or whose
    proof fails), ``shown`` (a show that does not open the owner's cards) or ``substituted``
    (every share held, yet a card is no card: a turn of the deck put in a point that was not in
    it; the audit names whose)."""

    def __init__(self, party: int | None, kind: str, message: str) -> None:
        super().__init__(message)
        self.party = party
        self.kind = kind


class OtherPageError(RoundsError):
    """An answer from a page of the party's seat other than the one whose key the deal took:
    its player opened the seat on two devices (or in two tabs), each with a secret of its own,
    and the page whose key came first plays the deal (kind ``elsewhere``). The other page sits
    the deal out: its shares would not be of the taken key's secret. Nothing changes."""

    def __init__(self, party: int, message: str) -> None:
        super().__init__(party, "elsewhere", message)


@dataclass(frozen=True, slots=True)
class PassSlot:
    """A position opened in a pass: its deck position, the engine seat it goes to (``None``:
    the centre or a community card) and whether face up."""

    position: int
    seat: int | None
    up: bool


@dataclass(eq=False)
class DealRounds:
    """The rounds of one deal (see the module): ``context`` names the table and hand (every
    proof is bound to it, with the deal, positions and party), ``deal`` the deal's number,
    ``parties`` the parties in order (the server last)."""

    context: bytes
    deal: int
    parties: tuple[Party, ...]
    keys: dict[int, Point] = field(default_factory=dict)
    decks: list[list[Ciphertext]] = field(default_factory=list)
    """Each turn of the deck, in the order of :attr:`turns`; the last is the deck dealt
    from."""
    passes: list[tuple[PassSlot, ...]] = field(default_factory=list)
    pending: frozenset[int] = frozenset()
    """The parties whose shares the pass in progress waits for (empty: no pass open)."""
    shares: dict[int, dict[int, Point]] = field(default_factory=dict)
    """Each position's shares taken, by party."""
    steps: list[Step] = field(default_factory=list)
    """Every batch of shares taken, for the audit."""
    known: dict[int, Card] = field(default_factory=dict)
    """The face-up cards opened, by position."""
    owners: dict[int, int] = field(default_factory=dict)
    """The engine seat of each face-down position opened for its owner."""
    shown: dict[int, Card] = field(default_factory=dict)
    """The face-down cards shown at the showdown, by position."""
    revealed: dict[int, tuple[bytes, tuple[int, ...]]] = field(default_factory=dict)
    """Each party's secret and order, published after the hand."""
    answered: set[tuple[int, str]] = field(default_factory=set)
    """Each answer :meth:`take` took, as its party and its body's JSON: the same answer sent
    again (a page that reconnected resends what it sent last) is taken once."""
    joint: Point = b""
    """The joint key, once every key is in."""
    values: dict[int, Point] = field(default_factory=dict)
    """Each party's order value taken."""
    dealing: tuple[int, ...] = ()
    """The deal order, once every order value is in: ``dealing[k]`` is the position of the
    dealt deck dealt ``k``-th (:func:`~wildstud.private_deal.deal_order`)."""
    proofs: dict[int, KeyProof] = field(default_factory=dict)
    """Each key's proof of knowledge, sent with the deck to every party in turn so that each
    page adds up the joint key itself from keys it has checked (one the server named alone
    could be a key whose secret it knows, which would let it follow every card through the
    page's turn)."""

    def __post_init__(self) -> None:
        seats = [seat for party in self.parties for seat in party.seats]
        if len(seats) != len(set(seats)) or len(self.parties) < 2:
            raise PrivateDealError("a private deal has two parties or more, each seat one's")

    def __deepcopy__(self, memo: dict[int, object]) -> DealRounds:
        """A copy to try an answer on (the table keeps it once its row is stored): each
        container copied, the values in them shared, since none is ever changed in place
        (points, secrets and proofs are bytes, passes tuples, steps frozen). Copying those too
        cost the table most of its CPU in a pass (a profile of six pages: 4.7 of 5.6 s).

        >>> import copy
        >>> rounds = DealRounds(b"t", 1, (Party("Ann", (0,)), Party("server", (1,))))
        >>> trial, one = copy.deepcopy(rounds), Agent.new()
        >>> _ = trial.take_key(0, one.key, one.key_proof(trial, 0))
        >>> len(trial.keys), len(rounds.keys)
        (1, 0)
        """
        return DealRounds(
            self.context,
            self.deal,
            self.parties,
            dict(self.keys),
            list(self.decks),
            list(self.passes),
            self.pending,
            {position: dict(shares) for position, shares in self.shares.items()},
            list(self.steps),
            dict(self.known),
            dict(self.owners),
            dict(self.shown),
            dict(self.revealed),
            set(self.answered),
            self.joint,
            dict(self.values),
            self.dealing,
            dict(self.proofs),
        )

    # -- where it stands -------------------------------------------------------------------

    @property
    def deal_context(self) -> bytes:
        """What the deal's key proofs and randomisers are bound to: the rounds' context, then
        ``|deal N`` (``b"t1|hand 4|deal 2"``)."""
        return b"%s|deal %d" % (self.context, self.deal)

    @property
    def stage(self) -> Literal["keys", "masking", "order", "ready", "pass"]:
        """``keys`` (a key is missing), ``masking`` (a turn of the deck is), ``order`` (an
        order value is), ``pass`` (a pass is open) or ``ready`` (the dealer may deal what the
        passes opened)."""
        if len(self.keys) < len(self.parties):
            return "keys"
        if len(self.decks) < len(self.parties):
            return "masking"
        if not self.dealing:
            return "order"
        return "pass" if self.pending else "ready"

    @property
    def turns(self) -> tuple[int, ...]:
        """The parties in the order they turn the deck: the server (the last party) first, then
        the pages in their order (``(2, 0, 1)`` for two pages and the server)."""
        last = len(self.parties) - 1
        return (last, *range(last))

    def waiting(self) -> tuple[int, ...]:
        """The parties whose answer the rounds wait for now (empty: none)."""
        stage = self.stage
        if stage == "keys":
            return tuple(i for i in range(len(self.parties)) if i not in self.keys)
        if stage == "masking":
            return (self.turns[len(self.decks)],)
        if stage == "order":
            return tuple(i for i in range(len(self.parties)) if i not in self.values)
        return tuple(sorted(self.pending))

    def opened_passes(self) -> list[tuple[PassSlot, ...]]:
        """The passes of the deal that are over."""
        return self.passes[:-1] if self.pending else self.passes

    def owner(self, seat: int | None) -> int | None:
        """The party whose seat ``seat`` is (``None`` for none, or the centre)."""
        for index, party in enumerate(self.parties):
            if seat in party.seats:
                return index
        return None

    def deck(self) -> list[Ciphertext]:
        """The deck the party whose turn it is turns: the one before it handed on."""
        return list(self.decks[-1]) if self.decks else open_deck()

    def dealt(self, position: int) -> Ciphertext:
        """The ciphertext of the ``position``-th card dealt: the dealt deck's position
        ``dealing[position]`` (at :data:`SUM`, the deck's sum)."""
        if position == SUM:
            return deck_sum(self.decks[-1])
        return self.decks[-1][self.dealing[position]]

    @property
    def order_point(self) -> Point:
        """The point whose share is each party's order value
        (:func:`~wildstud.private_deal.order_point` of the deal context)."""
        return order_point(self.deal_context)

    def _c1(self, position: int) -> Point:
        # The point a share of ``position`` is of: a dealt card's c1, or the order point.
        return self.order_point if position == ORDER else self.dealt(position)[0]

    def batch_context(self, positions: Sequence[int], party: int, show: bool = False) -> bytes:
        """What the one proof of ``party``'s shares of ``positions`` is bound to
        (:func:`~wildstud.private_wire.batch_context` of the rounds' context and deal, with
        each position's :meth:`labels` in a pass)."""
        to = () if show or list(positions) == [ORDER] else self.labels(positions)
        return batch_context(self.context, self.deal, positions, party, show, to)

    def labels(self, positions: Sequence[int]) -> tuple[str, ...]:
        """Where each of ``positions`` (a pass's, or the deck's sum) goes, as the pass says
        (:func:`~wildstud.private_wire.label`)."""
        slots = {slot.position: slot for opened in self.passes for slot in opened}
        return tuple(
            "u" if position == SUM else label(slots[position].seat, slots[position].up)
            for position in positions
        )

    def to_unmask(self, party: int) -> tuple[int, ...]:
        """The positions of the pass open whose shares ``party`` gives (every one but its
        own), whether it gave them yet or not."""
        if not self.pending:
            return ()
        positions = tuple(
            slot.position for slot in self.passes[-1] if slot.up or self.owner(slot.seat) != party
        )
        return (*positions, SUM) if len(self.passes) == 1 else positions

    def left(self, position: int, owner: int) -> Ciphertext:
        """The ciphertext at ``position`` with every share but party ``owner``'s taken off its
        ``c2``: what the owner opens alone (``c2 − x·c1``)."""
        shares = self.shares.get(position, {})
        return less_shares(self.dealt(position), [d for p, d in shares.items() if p != owner])

    # -- the answers -----------------------------------------------------------------------

    def take_key(self, party: int, key: Point, proof: KeyProof) -> Row | None:
        """``party``'s key for the deal with its proof of knowledge; ``None`` for the same key
        again (a page resends what it sent once it reconnects): taken already."""
        self._party(party)
        if party in self.keys:
            if self.keys[party] == key:
                return None
            raise OtherPageError(
                party,
                "another page of this seat published its key for the deal first:"
                " that page plays it, and this one sits it out",
            )
        if self.stage != "keys":
            raise RoundsError(party, "turn", "the keys are all in")
        if not is_point(key):
            raise RoundsError(party, "key", "a key is a point of the group")
        if not check_key(key, proof, self.deal_context, party):
            raise RoundsError(
                party, "key", "the key's proof that its party knows its secret does not hold"
            )
        self.keys[party] = key
        self.proofs[party] = proof
        if len(self.keys) == len(self.parties):
            self.joint = joint_key([self.keys[i] for i in range(len(self.parties))])
        return Row(self.deal, "key", party, json.dumps(key_data(key, proof)))

    def take_deck(self, party: int, deck: Sequence[Ciphertext]) -> Row:
        """``party``'s turn of the deck, reordered and re-randomised."""
        self._party(party)
        if self.waiting() != (party,) or self.stage != "masking":
            raise RoundsError(party, "turn", "it is not this party's turn at the deck")
        turned = list(deck)
        try:
            check_deck(turned)
        except PrivateDealError as error:
            raise RoundsError(party, "deck", str(error)) from None
        self.decks.append(turned)
        return Row(self.deal, "deck", party, json.dumps([ciphertext_hex(c) for c in turned]))

    def take_order(self, party: int, batch: Shares) -> Row:
        """``party``'s order value: its share of :attr:`order_point` (the one point of
        ``batch``, at :data:`ORDER`) with its proof bound to :meth:`batch_context`. Every
        party answers at once, in any order; the last fixes the deal order (:attr:`dealing`)."""
        self._party(party)
        if self.stage != "order" or party in self.values:
            raise RoundsError(party, "turn", "no order value is asked of this party")
        if not self._holds(party, (ORDER,), batch, show=False):
            raise RoundsError(
                party,
                "unmasked",
                f"{self.parties[party].name}'s order value does not hold: its proof fails",
            )
        self.values[party] = batch.shares[0]
        self.steps.append(Step(party, self.batch_context((ORDER,), party), batch))
        if len(self.values) == len(self.parties):
            values = [self.values[i] for i in range(len(self.parties))]
            self.dealing = tuple(deal_order(values, self.deal_context))
        return Row(self.deal, "order", party, json.dumps(shares_data((ORDER,), batch)))

    def open_pass(self, chances: Sequence[Chance]) -> Row:
        """Open a pass over the cards due (:meth:`~wildstud.deal.PrivateHand.cards_due`): the
        next positions of the deck, in order after those opened before."""
        if self.stage != "ready":
            raise RoundsError(None, "turn", f"a pass waits for the {self.stage} to be done")
        start = sum(len(opened) for opened in self.passes)
        slots = tuple(
            PassSlot(start + offset, chance.seat, chance.up or chance.kind is not Stage.CARD)
            for offset, chance in enumerate(chances)
        )
        if not slots or slots[-1].position >= DECK_SIZE:
            raise RoundsError(None, "turn", "a pass opens one card or more of the deck")
        for slot in slots:
            if not slot.up and self.owner(slot.seat) is None:
                # Every party would share it: a face-down card opened to everybody.
                raise RoundsError(None, "turn", f"seat {slot.seat} is no party's in this deal")
        data = [[slot.position, slot.seat, slot.up] for slot in slots]
        self._open(slots)
        return Row(self.deal, "pass", SERVER_ROW, json.dumps(data))

    def _open(self, slots: tuple[PassSlot, ...]) -> None:
        self.passes.append(slots)
        self.pending = frozenset(range(len(self.parties)))  # to_unmask reads the pass open
        self.pending = frozenset(p for p in self.pending if self.to_unmask(p))

    def _close_pass(self) -> None:
        if len(self.passes) == 1 and not adds_up(self.dealt(SUM), [*self.shares[SUM].values()]):
            raise RoundsError(
                None,
                "substituted",
                "the dealt deck does not add up to the 52 cards: a turn of the deck put in a"
                " card that was not in it",
            )
        for slot in self.passes[-1]:
            if slot.up:
                try:
                    self.known[slot.position] = open_card(
                        self.dealt(slot.position), list(self.shares[slot.position].values())
                    )
                except PrivateDealError:
                    raise RoundsError(
                        None,
                        "substituted",
                        f"position {slot.position} is no card once every party shared it:"
                        " a turn of the deck put in a point that was not in it",
                    ) from None
            else:
                assert slot.seat is not None
                self.owners[slot.position] = slot.seat

    def take_unmasking(self, party: int, batch: Shares) -> Row:
        """``party``'s shares in the pass open: one :class:`~wildstud.private_deal.Shares`
        over every position it shares (:meth:`to_unmask`), in order, of each position's ``c1``,
        with one proof bound to :meth:`batch_context`. Every party answers at once, in any
        order; the last closes the pass."""
        self._party(party)
        if party not in self.pending:
            raise RoundsError(party, "turn", "nothing is asked of this party in this pass")
        positions = self.to_unmask(party)
        if not self._holds(party, positions, batch, show=False):
            listed = ", ".join(map(str, positions))
            raise RoundsError(
                party,
                "unmasked",
                f"{self.parties[party].name}'s shares of positions {listed} do not hold: their"
                " proof fails",
            )
        self._shared(party, positions, batch, show=False)
        self.pending -= {party}
        if not self.pending:  # the last: the pass is over (the table tries it on a copy)
            self._close_pass()
        return Row(self.deal, "unmask", party, json.dumps(shares_data(positions, batch)))

    def _holds(self, party: int, positions: Sequence[int], batch: Shares, show: bool) -> bool:
        """Whether ``batch`` is ``party``'s shares of ``positions``' ``c1``, proof and all."""
        return (
            bool(positions)
            and list(batch.points) == [self._c1(p) for p in positions]
            and check_shares(batch, self.keys[party], self.batch_context(positions, party, show))
        )

    def _shared(self, party: int, positions: Sequence[int], batch: Shares, show: bool) -> None:
        # The shares of ``batch`` (checked) kept, and the batch for the audit.
        for position, share in zip(positions, batch.shares, strict=True):
            self.shares.setdefault(position, {})[party] = share
        self.steps.append(Step(party, self.batch_context(positions, party, show), batch))

    def take_show(self, party: int, seat: int, batch: Shares | None) -> Row:
        """``party`` shows ``seat``'s face-down cards: its shares of their positions not shown
        yet, in dealing order, in one batch bound to :meth:`batch_context` with ``show``
        (``None``: none is left to show); :meth:`shown_cards` then gives the cards, for
        :meth:`~wildstud.deal.PrivateHand.show`."""
        self._party(party)
        if seat not in self.parties[party].seats:
            raise RoundsError(party, "turn", f"seat {seat} is not this party's to show")
        positions = self.unshown(seat)
        if batch is None:
            if positions:
                raise RoundsError(party, "shown", f"{len(positions)} card(s) to show, not 0")
            return Row(self.deal, "show", party, json.dumps({"seat": seat, "batch": []}))
        if len(batch.shares) != len(positions):
            count = len(batch.shares)
            raise RoundsError(party, "shown", f"{len(positions)} card(s) to show, not {count}")
        if not self._holds(party, positions, batch, show=True):
            listed = ", ".join(map(str, positions))
            raise RoundsError(
                party, "shown", f"the show of positions {listed} does not hold: its proof fails"
            )
        try:
            cards = [
                open_card(self.dealt(p), [*self.shares.get(p, {}).values(), share])
                for p, share in zip(positions, batch.shares, strict=True)
            ]
        except PrivateDealError:
            raise RoundsError(
                None, "substituted", "a card shown is no card: a turn of the deck put it in"
            ) from None
        self.shown.update(zip(positions, cards, strict=True))
        self._shared(party, positions, batch, show=True)
        data = {"seat": seat, **shares_data(positions, batch)}
        return Row(self.deal, "show", party, json.dumps(data))

    def unshown(self, seat: int) -> tuple[int, ...]:
        """The positions of ``seat``'s face-down cards not shown yet, in dealing order."""
        return tuple(
            sorted(p for p, owner in self.owners.items() if owner == seat and p not in self.shown)
        )

    def shown_cards(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s face-down cards shown, in dealing order."""
        return tuple(
            self.shown[p] for p in sorted(self.owners) if self.owners[p] == seat and p in self.shown
        )

    def take_reveal(self, party: int, scalar: bytes, order: Sequence[int]) -> Row:
        """``party``'s secret and order, published once the hand is over (for the audit)."""
        self._party(party)
        if party in self.revealed:
            raise RoundsError(party, "turn", "a party publishes its secret once")
        try:
            Secret.of(scalar)
        except PrivateDealError as error:  # zero: its key is no point; the audit fails
            raise RoundsError(party, "key", str(error)) from None
        self.revealed[party] = (scalar, tuple(order))
        data = {"secret": scalar.hex(), "order": list(order)}
        return Row(self.deal, "reveal", party, json.dumps(data))

    def audit(self) -> list[Fault]:
        """Every fault the published secrets show (see :func:`wildstud.private_deal.audit`);
        raises :class:`~wildstud.private_deal.PrivateDealError` until every party published."""
        if len(self.revealed) < len(self.parties) or self.stage in ("keys", "masking", "order"):
            raise PrivateDealError("the audit needs every party's deck, secret and order")
        keys = [self.keys[i] for i in range(len(self.parties))]
        revealed = [self.revealed[i] for i in range(len(self.parties))]
        faults, _ = audit(
            keys, self.decks, self.steps, revealed, self.deal_context, turns=self.turns
        )
        return faults

    def _party(self, party: int) -> None:
        if type(party) is not int or not 0 <= party < len(self.parties):
            raise RoundsError(None, "turn", f"no party {party!r} in this deal")

    # -- the wire ----------------------------------------------------------------------------

    def ask(self, party: int) -> dict[str, object] | None:
        """What ``party`` must send now, as the body of a frame to its page (``None``:
        nothing; see the module for each step). Every row but an ``agent`` row is public, for
        each page to check what it must."""
        self._party(party)
        stage = self.stage
        if stage == "keys" and party not in self.keys:
            return {"step": "key"}
        if stage == "masking" and self.waiting() == (party,):
            deck = [ciphertext_hex(ciphertext) for ciphertext in self.deck()]
            keys = [key_data(self.keys[i], self.proofs[i]) for i in range(len(self.parties))]
            return {"step": "mask", "deck": deck, "joint": self.joint.hex(), "keys": keys}
        if stage == "order" and party not in self.values:
            return {"step": "unmask", "points": [[ORDER, self.order_point.hex()]]}
        if party in self.pending:
            positions = self.to_unmask(party)
            points = [[p, self.dealt(p)[0].hex()] for p in positions]
            to = list(self.labels(positions))
            return {"step": "unmask", "points": points, "to": to, "dealt": self.dealt_data()}
        return None

    def dealt_data(self) -> dict[str, object]:
        """What a page checks every point it is asked for and every card it is handed against,
        sent with each pass, open and show (:mod:`~wildstud.private_wire`): the dealt deck
        (``deck``), every party's order value with its proof (``values``, from which the page
        works out the deal order itself) and every key with its proof (``keys``, which the
        values' proofs are checked against), in the parties' order. With them a page takes
        a place's ``c1`` from the deck, not from the server's word: a server that handed it
        another point (one of the page's own cards' under another place's number) or opened
        for it a ciphertext of its own making (a card of the server's choosing) is refused."""
        point = (self.order_point,)
        order = {step.party: step.shares for step in self.steps if step.shares.points == point}
        values = [
            {
                "value": order[party].shares[0].hex(),
                "challenge": order[party].challenge.hex(),
                "response": order[party].response.hex(),
            }
            for party in range(len(self.parties))
        ]
        return {
            "deck": [ciphertext_hex(ciphertext) for ciphertext in self.decks[-1]],
            "values": values,
            "keys": [key_data(self.keys[i], self.proofs[i]) for i in range(len(self.parties))],
        }

    def own_points(self, seat: int) -> list[list[object]]:
        """``seat``'s face-down cards once the others shared them: each position with its
        ciphertext, every other party's share taken off (:meth:`left`), for the owner's page
        to open alone."""
        owner = self.owner(seat)
        assert owner is not None
        return [
            [p, ciphertext_hex(self.left(p, owner))]
            for p in sorted(self.owners)
            if self.owners[p] == seat
        ]

    def take(self, party: int, body: Mapping[str, object]) -> Row | None:
        """``party``'s answer as its page sent it (JSON; see the module). Returns the row to
        store (``None``: a resend, nothing to store); raises :class:`RoundsError` (kind
        ``malformed`` for a body that says nothing the rounds read) naming the party, and
        nothing changes."""
        self._party(party)
        try:
            said = (party, json.dumps(body, sort_keys=True))
        except (TypeError, ValueError):
            raise RoundsError(party, "malformed", "an answer is a JSON object") from None
        if said in self.answered:
            return None
        row = self._take(party, body)
        self.answered.add(said)
        return row

    def _take(self, party: int, body: Mapping[str, object]) -> Row | None:
        step = body.get("step")
        try:
            if step != "key" and "key" in body:
                # A page names the key it answers with: one whose key the deal did not take is
                # another page of the same seat, whose secret the deal never saw.
                key = point_bytes(body.get("key"), "key")
                if party in self.keys and self.keys[party] != key:
                    raise OtherPageError(
                        party, "this deal is played by another page of this seat, whose key it took"
                    )
            if step == "key":
                return self.take_key(party, *key_of(body))
            if step == "mask":
                deck = body.get("deck")
                if not isinstance(deck, list):
                    raise PrivateDealError("a deck is a list of ciphertexts")
                return self.take_deck(party, [ciphertext_of(item) for item in deck])
            if step == "unmask" and self.stage == "order":
                return self.take_order(party, self._answered(body, (ORDER,)))
            if step == "unmask":
                positions = self.to_unmask(party) if party in self.pending else ()
                return self.take_unmasking(party, self._answered(body, positions))
            if step == "show":
                seat = body.get("seat")
                if type(seat) is not int:
                    raise PrivateDealError("a show names its seat")
                if "batch" not in body:  # nothing left to show: nothing to prove
                    return self.take_show(party, seat, None)
                return self.take_show(party, seat, self._answered(body, self.unshown(seat)))
            if step == "reveal":
                order = body.get("order")
                if not (isinstance(order, list) and all(type(i) is int for i in order)):
                    raise PrivateDealError("an order is a list of positions")
                if sorted(order) != list(range(DECK_SIZE)):
                    raise PrivateDealError("an order names each of the 52 positions once")
                return self.take_reveal(party, point_bytes(body.get("secret"), "secret"), order)
        except RoundsError:
            raise
        except PrivateDealError as error:
            raise RoundsError(party, "malformed", str(error)) from None
        raise RoundsError(party, "malformed", f"no step {step!r} in a private deal's rounds")

    def _answered(self, body: Mapping[str, object], positions: Sequence[int]) -> Shares:
        """A page's shares of ``positions`` (``{"shares", "challenge", "response"}``, the
        points being the ``c1`` the rounds hold)."""
        batch = body.get("batch")
        if not isinstance(batch, Mapping):
            raise PrivateDealError("a batch of shares is an object")
        return shares_of(batch, [self._c1(position) for position in positions])

    # -- the store ---------------------------------------------------------------------------

    def apply(self, row: Row) -> None:
        """Take a stored row again (:meth:`restore`)."""
        data = json.loads(row.data)
        if row.kind == "key":
            self.take_key(row.party, *key_of(data))  # (a row twice: taken once)
        elif row.kind == "deck":
            self.take_deck(row.party, [ciphertext_of(item) for item in data])
        elif row.kind == "order":
            self.take_order(row.party, shares_of(data))
        elif row.kind == "pass":
            self._open(tuple(PassSlot(p, s, u) for p, s, u in data))
        elif row.kind == "unmask":
            self.take_unmasking(row.party, shares_of(data))
        elif row.kind == "show":
            batch = shares_of(data) if data["batch"] else None  # (nothing left to show)
            self.take_show(row.party, data["seat"], batch)
        elif row.kind in ("agent", "parties", "audit"):
            return  # the server's own secret, the parties the rounds began with, or the audit
        else:
            self.take_reveal(row.party, bytes.fromhex(data["secret"]), data["order"])

    def parties_row(self) -> Row:
        """The deal's first row: the protocol's version and its parties, in order, each with
        its seats (what :meth:`from_rows` starts from).

        >>> rounds = DealRounds(b"t", 1, (Party("Ann", (0,)), Party("server", (1, 2))))
        >>> again = DealRounds.from_rows(b"t", [rounds.parties_row()])
        >>> again.parties == rounds.parties, again.deal
        (True, 1)
        """
        parties = [[party.name, list(party.seats)] for party in self.parties]
        data = {"version": VERSION, "parties": parties}
        return Row(self.deal, "parties", SERVER_ROW, json.dumps(data))

    @classmethod
    def from_rows(cls, context: bytes, rows: Sequence[Row]) -> DealRounds:
        """The rounds of one deal from all its stored rows, its parties' first."""
        if not rows or rows[0].kind != "parties":
            raise PrivateDealError("a deal's rows start with its parties")
        return cls.restore(context, rows[0].deal, parties_of(rows[0].data), rows[1:])

    @classmethod
    def restore(
        cls, context: bytes, deal: int, parties: Sequence[Party], rows: Iterable[Row]
    ) -> DealRounds:
        """The rounds as the stored ``rows`` (of this deal, in the order taken) left them."""
        rounds = cls(context, deal, tuple(parties))
        for row in rows:
            rounds.apply(row)
        return rounds
