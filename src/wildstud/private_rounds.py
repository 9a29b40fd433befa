"""The rounds of a private deal, as any transport plays them: who must answer now, what each
answer must be, each checked on arrival and kept as a row that a restart replays (issue 26
item 2; :mod:`wildstud.private_deal` holds the arithmetic, :class:`~wildstud.deal.PrivateHand`
the engine's half).

One :class:`DealRounds` is one deal of a hand (the first, or a redeal: a redeal is a fresh
round). Its parties (:class:`Party`) are fixed as it starts: each seated player's page, then
the server last, as one party for every bot and every player away (it owns their seats). In
order:

1. **Keys.** Every party publishes its key for the deal (:meth:`DealRounds.take_key`), in any
   order.
2. **Masking.** Each party in turn masks and reorders the deck the one before it handed on
   (:meth:`DealRounds.take_deck`; the first masks the cards in their order). The deck is
   checked for what can be checked on the spot: 52 points of the group, all different. That
   the party reordered and masked honestly is the audit's to say, once secrets are published.
3. **Passes.** Before the dealer deals a street (or a community or centre card), the cards due
   (:meth:`~wildstud.deal.PrivateHand.cards_due`) are opened in one pass
   (:meth:`DealRounds.open_pass`): each party in turn unmasks, in one answer, every position of
   the pass that is not its own (:meth:`DealRounds.take_unmasking`), in one batch with one
   proof for them all (:func:`~wildstud.private_deal.unmask_batch`), checked at once: a
   face-up card by every party, after which it is named (:attr:`DealRounds.known`), a
   face-down card by every party but its owner, who takes the last mask off alone
   (:meth:`Agent.open_own`). The dealer policy :class:`RoundsDealer` deals the positions in
   order: a face-down card as its position, a face-up one as the card named.
4. **Showdown.** A hand is shown by its owner publishing its own unmasking of its face-down
   positions, in one batch with proof (:meth:`DealRounds.take_show`); folded and mucked cards
   are never unmasked.
5. **Audit.** Once the hand is over every party may publish its secret and order
   (:meth:`DealRounds.take_reveal`): :meth:`DealRounds.audit` replays every step and names a
   party that reordered wrongly, substituted a card or unmasked wrongly.

Every answer is refused with a :class:`RoundsError` that names its party and what it did wrong
(``kind``), and changes nothing; every answer taken gives a :class:`Row` to store before the
rounds go on, and :meth:`DealRounds.restore` replays the rows (nothing in them is a card in the
clear: keys, masked points, unmaskings with their proofs, and after the hand the secrets).

A whole deal between two pages and the server, played by :class:`Agent` values:

>>> from wildstud.deal import PrivateHand
>>> parties = (Party("Ann", (0,)), Party("Bob", (1,)), Party("server", (2,)))
>>> agents = [Agent.new() for _ in parties]
>>> rounds = DealRounds(b"table 7, hand 1", 1, parties)
>>> for index, agent in enumerate(agents):
...     _ = rounds.take_key(index, agent.key)
>>> for index, agent in enumerate(agents):
...     _ = rounds.take_deck(index, agent.masked(rounds.deck()))
>>> dealer = RoundsDealer()
>>> hand = PrivateHand("FTQ", [50, 50, 50], {"ante": 0}, deck=dealer)
>>> _ = rounds.open_pass(hand.cards_due())
>>> while rounds.waiting():
...     party = rounds.waiting()[0]
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
from wildstud.deal.hidden import HiddenCard
from wildstud.deal.stages import Chance, Stage
from wildstud.errors import HiddenCardError
from wildstud.private_deal import (
    Batch,
    Fault,
    Point,
    PrivateDealError,
    Secret,
    Step,
    Unmasking,
    audit,
    card_of,
    card_point,
    check_batch,
    check_unmasking,
    is_point,
    mask_and_shuffle,
    open_own,
    shuffled_order,
    unmask_batch,
)
from wildstud.private_wire import (
    batch_context,
    batch_data,
    batch_of,
    hex_points,
    point_bytes,
    unmasking_data,
    unmasking_of,
    unmaskings,
)

__all__ = [
    "Agent",
    "DealRounds",
    "Kind",
    "OtherPageError",
    "Party",
    "PassSlot",
    "RoundsDealer",
    "RoundsError",
    "Row",
]

Kind = Literal["parties", "key", "deck", "pass", "unmask", "show", "reveal", "agent", "audit"]
"""What a row holds: the deal's parties (its first row, :meth:`DealRounds.parties_row`), a
party's key, its masked deck, a pass opened (the server's), a party's
unmaskings in a pass, a hand shown, a party's secret and order after the hand; or the server's
own secret and order (:meth:`Agent.row`: stored, never sent), or the deal's audit once every
secret was published (its faults: :mod:`wildstud.server.table.private_reveal`); the last two
skipped by :meth:`DealRounds.apply`."""

SERVER_ROW = -1
"""The party of a row the rounds write themselves (a pass opened)."""

DECK_SIZE = len(DECK)


class RoundsError(PrivateDealError):
    """An answer the rounds refuse: ``party`` (its index; ``None`` when nobody can be named
    before the audit) did ``kind`` wrong: ``turn`` (not its turn, or nothing asked of it),
    ``key``, ``deck`` (not 52 different points of the group), ``unmasked`` (an unmasking that
    is not of the point it must unmask, or whose proof fails), ``shown`` (a show that does
    not open the owner's cards) or ``substituted`` (every unmasking held, yet a face-up card is
    no card: a masking put in a point that was not in the deck; the audit names whose)."""

    def __init__(self, party: int | None, kind: str, message: str) -> None:
        super().__init__(message)
        self.party = party
        self.kind = kind


class OtherPageError(RoundsError):
    """An answer from a page of the party's seat other than the one whose key the deal took:
    its player opened the seat on two devices (or in two tabs), each with a secret of its own,
    and the page whose key came first plays the deal (kind ``elsewhere``). The other page sits
    the deal out: its masking would put in points no unmasking of the taken key takes off, and
    its secret published after the deal would not open the deal's key. Nothing changes."""

    def __init__(self, party: int, message: str) -> None:
        super().__init__(party, "elsewhere", message)


@dataclass(frozen=True, slots=True)
class Party:
    """A party to a deal: its name (a player's, or ``server``) and the engine seats whose
    face-down cards are its own (a page: its player's seat; the server: the bots' and the
    away players')."""

    name: str
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PassSlot:
    """A position opened in a pass: its deck position, the engine seat it goes to (``None``:
    the centre or a community card) and whether face up."""

    position: int
    seat: int | None
    up: bool


@dataclass(frozen=True, slots=True)
class Row:
    """One answer taken, to store before the rounds go on: its deal, what it is, its party
    (:data:`SERVER_ROW` for a pass opened) and its data (JSON, hexadecimal points)."""

    deal: int
    kind: Kind
    party: int
    data: str


@dataclass(eq=False)
class DealRounds:
    """The rounds of one deal (see the module): ``context`` names the table and hand (every
    proof is bound to it, with the deal, position and party), ``deal`` the deal's number,
    ``parties`` the parties in order (the server last)."""

    context: bytes
    deal: int
    parties: tuple[Party, ...]
    keys: dict[int, Point] = field(default_factory=dict)
    decks: list[list[Point]] = field(default_factory=list)
    """Each party's masked deck, in turn."""
    points: list[Point] = field(default_factory=list)
    """Each position's point as it stands (the last deck, less the masks taken off)."""
    passes: list[tuple[PassSlot, ...]] = field(default_factory=list)
    turn: int | None = None
    """The party whose unmasking the pass in progress waits for (``None``: no pass open)."""
    steps: list[Step] = field(default_factory=list)
    """Every unmasking taken, for the audit."""
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
        >>> trial = copy.deepcopy(rounds)
        >>> _ = trial.take_key(0, Secret.new().key)
        >>> len(trial.keys), len(rounds.keys)
        (1, 0)
        """
        return DealRounds(
            self.context,
            self.deal,
            self.parties,
            dict(self.keys),
            list(self.decks),
            list(self.points),
            list(self.passes),
            self.turn,
            list(self.steps),
            dict(self.known),
            dict(self.owners),
            dict(self.shown),
            dict(self.revealed),
            set(self.answered),
        )

    # -- where it stands -------------------------------------------------------------------

    @property
    def stage(self) -> Literal["keys", "masking", "ready", "pass"]:
        """``keys`` (a key is missing), ``masking`` (a deck is), ``pass`` (a pass is open) or
        ``ready`` (the dealer may deal what the passes opened)."""
        if len(self.keys) < len(self.parties):
            return "keys"
        if len(self.decks) < len(self.parties):
            return "masking"
        return "ready" if self.turn is None else "pass"

    def waiting(self) -> tuple[int, ...]:
        """The parties whose answer the rounds wait for now (empty: none)."""
        stage = self.stage
        if stage == "keys":
            return tuple(i for i in range(len(self.parties)) if i not in self.keys)
        if stage == "masking":
            return (len(self.decks),)
        return () if self.turn is None else (self.turn,)

    def owner(self, seat: int | None) -> int | None:
        """The party whose seat ``seat`` is (``None`` for none, or the centre)."""
        for index, party in enumerate(self.parties):
            if seat in party.seats:
                return index
        return None

    def deck(self) -> list[Point]:
        """The deck the party whose turn it is to mask masks: the one before it handed on."""
        return list(self.decks[-1]) if self.decks else [card_point(card) for card in DECK]

    def proof_context(self, position: int, party: int) -> bytes:
        """What a proof of ``party``'s unmasking of ``position`` is bound to: the rounds'
        context, then ``|deal N|position P|party I`` (a show's proof adds ``|show``), the bytes
        a page builds the same way.

        >>> DealRounds(b"t1|hand 4", 2, (Party("a", (0,)), Party("b", ()))).proof_context(9, 1)
        b't1|hand 4|deal 2|position 9|party 1'
        """
        return b"%s|deal %d|position %d|party %d" % (self.context, self.deal, position, party)

    def batch_context(self, positions: Sequence[int], party: int, show: bool = False) -> bytes:
        """What the one proof of ``party``'s batch over ``positions`` is bound to
        (:func:`~wildstud.private_wire.batch_context` of the rounds' context and deal)."""
        return batch_context(self.context, self.deal, positions, party, show)

    def to_unmask(self, party: int) -> tuple[int, ...]:
        """The positions ``party`` unmasks in the pass open (every one but its own)."""
        if not self.passes or self.turn is None:
            return ()
        return tuple(
            slot.position for slot in self.passes[-1] if slot.up or self.owner(slot.seat) != party
        )

    # -- the answers -----------------------------------------------------------------------

    def take_key(self, party: int, key: Point) -> Row | None:
        """``party``'s key for the deal; ``None`` for the same key again (a page resends what
        it sent once it reconnects): taken already, nothing to store."""
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
        self.keys[party] = key
        return Row(self.deal, "key", party, json.dumps(key.hex()))

    def take_deck(self, party: int, deck: Sequence[Point]) -> Row:
        """``party``'s masked and reordered deck, in its turn."""
        self._party(party)
        if self.waiting() != (party,) or self.stage != "masking":
            raise RoundsError(party, "turn", "it is not this party's turn to mask the deck")
        points = list(deck)
        if len(points) != DECK_SIZE or len(set(points)) != DECK_SIZE:
            raise RoundsError(party, "deck", "a masked deck is 52 different points")
        if not all(is_point(point) for point in points):
            raise RoundsError(party, "deck", "a masked deck is 52 points of the group")
        self.decks.append(points)
        if len(self.decks) == len(self.parties):
            self.points = list(points)
        return Row(self.deal, "deck", party, json.dumps(hex_points(points)))

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
                # Every party would unmask it: a face-down card opened to everybody.
                raise RoundsError(None, "turn", f"seat {slot.seat} is no party's in this deal")
        data = [[slot.position, slot.seat, slot.up] for slot in slots]
        self._open(slots)
        return Row(self.deal, "pass", SERVER_ROW, json.dumps(data))

    def _open(self, slots: tuple[PassSlot, ...]) -> None:
        self.passes.append(slots)
        self.turn = -1
        self._next_turn()

    def _next_turn(self) -> None:
        """The next party with something to unmask in the pass, or the pass's end."""
        assert self.turn is not None
        for party in range(self.turn + 1, len(self.parties)):
            self.turn = party
            if self.to_unmask(party):
                return
        self.turn = None
        self._close_pass()

    def _close_pass(self) -> None:
        for slot in self.passes[-1]:
            if slot.up:
                try:
                    self.known[slot.position] = card_of(self.points[slot.position])
                except PrivateDealError:
                    raise RoundsError(
                        None,
                        "substituted",
                        f"position {slot.position} is no card once every party unmasked it:"
                        " a masking put in a point that was not in the deck",
                    ) from None
            else:
                assert slot.seat is not None
                self.owners[slot.position] = slot.seat

    def take_unmasking(self, party: int, steps: Sequence[Unmasking] | Batch) -> Row:
        """``party``'s unmaskings in the pass open: one :class:`~wildstud.private_deal.Batch`
        over every position it must unmask (:meth:`to_unmask`), in order, each of the point as
        it stands, with one proof bound to :meth:`batch_context`; or, as a page before batches
        answered (and a night stored then holds), one unmasking a position with its own proof.
        The row keeps the form taken, for the audit to check as it was proven."""
        self._party(party)
        if self.turn != party:
            raise RoundsError(party, "turn", "it is not this party's turn to unmask")
        positions = self.to_unmask(party)
        failing = self._failing(party, positions, steps, show=False)
        if failing is not None:
            raise RoundsError(
                party,
                "unmasked",
                f"{self.parties[party].name}'s unmasking of {failing} does not hold: its proof"
                " fails",
            )
        self._unmasked(party, positions, steps, show=False)
        if isinstance(steps, Batch):
            data: object = batch_data(positions, steps)
        else:
            pairs = zip(positions, steps, strict=True)
            data = [[position, *unmasking_data(step)] for position, step in pairs]
        row = Row(self.deal, "unmask", party, json.dumps(data))
        self._next_turn()
        return row

    def _failing(
        self, party: int, positions: Sequence[int], steps: Sequence[Unmasking] | Batch, show: bool
    ) -> str | None:
        """What of ``steps`` does not unmask ``positions`` as they stand with a proof that holds
        for ``party``'s key (``None``: they all do): a batch's positions, or the first
        position whose own unmasking fails."""
        key = self.keys[party]
        if isinstance(steps, Batch):
            holds = (
                bool(positions)
                and list(steps.befores) == [self.points[p] for p in positions]
                and check_batch(steps, key, self.batch_context(positions, party, show))
            )
            return None if holds else "positions " + ", ".join(map(str, positions))
        if len(steps) != len(positions):
            return f"{len(positions)} position(s) with {len(steps)} unmasking(s)"
        suffix = b"|show" if show else b""
        for position, step in zip(positions, steps, strict=True):
            context = self.proof_context(position, party) + suffix
            if step.before != self.points[position] or not check_unmasking(step, key, context):
                return f"position {position}"
        return None

    def _unmasked(
        self, party: int, positions: Sequence[int], steps: Sequence[Unmasking] | Batch, show: bool
    ) -> None:
        """The points of ``positions`` once ``steps`` (checked) took ``party``'s mask off, and
        the steps kept for the audit."""
        if isinstance(steps, Batch):
            for position, after in zip(positions, steps.afters, strict=True):
                self.points[position] = after
            self.steps.append(Step(party, self.batch_context(positions, party, show), steps))
            return
        suffix = b"|show" if show else b""
        for position, step in zip(positions, steps, strict=True):
            self.points[position] = step.after
            self.steps.append(Step(party, self.proof_context(position, party) + suffix, step))

    def take_show(self, party: int, seat: int, steps: Sequence[Unmasking] | Batch) -> Row:
        """``party`` shows ``seat``'s face-down cards: one batch over its positions not shown
        yet, in dealing order, bound to :meth:`batch_context` with ``show`` (or, as before
        batches, one unmasking a position); :meth:`shown_cards` then gives the cards, for
        :meth:`~wildstud.deal.PrivateHand.show`."""
        self._party(party)
        if seat not in self.parties[party].seats:
            raise RoundsError(party, "turn", f"seat {seat} is not this party's to show")
        positions = self.unshown(seat)
        count = len(steps.afters) if isinstance(steps, Batch) else len(steps)
        if count != len(positions):
            raise RoundsError(party, "shown", f"{len(positions)} card(s) to show, not {count}")
        failing = self._failing(party, positions, steps, show=True)
        if failing is not None:
            raise RoundsError(
                party, "shown", f"the show of {failing} does not hold: its proof fails"
            )
        afters = steps.afters if isinstance(steps, Batch) else [step.after for step in steps]
        try:
            cards = [card_of(after) for after in afters]
        except PrivateDealError:  # pragma: no cover - a proof that holds opens a card
            raise RoundsError(party, "shown", "a position shows no card") from None
        self.shown.update(zip(positions, cards, strict=True))
        self._unmasked(party, positions, steps, show=True)
        if isinstance(steps, Batch):
            data: dict[str, object] = {"seat": seat, **batch_data(positions, steps)}
        else:
            data = {"seat": seat, "steps": [unmasking_data(step) for step in steps]}
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
        if len(scalar) != 32:
            raise RoundsError(party, "key", "a secret is 32 bytes")
        try:
            Secret.of(scalar)
        except ValueError:  # zero (as libsodium reads it): its key is no point; the audit fails
            raise RoundsError(party, "key", "a secret is a scalar other than zero") from None
        self.revealed[party] = (scalar, tuple(order))
        data = {"secret": scalar.hex(), "order": list(order)}
        return Row(self.deal, "reveal", party, json.dumps(data))

    def audit(self) -> list[Fault]:
        """Every fault the published secrets show (see :func:`wildstud.private_deal.audit`);
        raises :class:`~wildstud.private_deal.PrivateDealError` until every party published."""
        if len(self.revealed) < len(self.parties) or self.stage in ("keys", "masking"):
            raise PrivateDealError("the audit needs every party's deck, secret and order")
        keys = [self.keys[i] for i in range(len(self.parties))]
        revealed = [self.revealed[i] for i in range(len(self.parties))]
        faults, _ = audit(keys, self.decks, self.steps, revealed)
        return faults

    def _party(self, party: int) -> None:
        if type(party) is not int or not 0 <= party < len(self.parties):
            raise RoundsError(None, "turn", f"no party {party!r} in this deal")

    # -- the wire ----------------------------------------------------------------------------

    def ask(self, party: int) -> dict[str, object] | None:
        """What ``party`` must send now, as the body of a frame to its page (``None``:
        nothing): ``{"step": "key"}``; ``{"step": "mask", "deck": [...]}`` (the deck to mask,
        52 hexadecimal points); ``{"step": "unmask", "points": [[position, point], ...]}``
        (each position to unmask, with its point as it stands). The answer is :meth:`take`'s.
        Every row but an ``agent`` row is public, for each page to check what it must."""
        self._party(party)
        stage = self.stage
        if stage == "keys" and party not in self.keys:
            return {"step": "key"}
        if self.waiting() != (party,):
            return None
        if stage == "masking":
            return {"step": "mask", "deck": hex_points(self.deck())}
        return {
            "step": "unmask",
            "points": [[p, self.points[p].hex()] for p in self.to_unmask(party)],
        }

    def own_points(self, seat: int) -> list[list[object]]:
        """``seat``'s face-down cards as they stand once the others unmasked them: each
        position with its point, for the owner's page to take the last mask off alone."""
        return [[p, self.points[p].hex()] for p in sorted(self.owners) if self.owners[p] == seat]

    def take(self, party: int, body: Mapping[str, object]) -> Row | None:
        """``party``'s answer as its page sent it (JSON): ``{"step": "key", "key": point}``,
        ``{"step": "mask", "deck": [52 points]}``, ``{"step": "unmask", "steps": [[before,
        after, challenge, response], ...]}``, ``{"step": "show", "seat": seat, "steps": [...]}``
        or ``{"step": "reveal", "secret": scalar, "order": [52 positions]}``, every value
        hexadecimal. Returns the row to store (``None``: a resend, nothing to store); raises
        :class:`RoundsError` (kind ``malformed`` for a body that says nothing the rounds
        read) naming the party, and nothing changes."""
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
                # another page of the same seat, which would mask, unmask or publish with a
                # secret the deal never saw.
                key = point_bytes(body.get("key"), "key")
                if party in self.keys and self.keys[party] != key:
                    raise OtherPageError(
                        party, "this deal is played by another page of this seat, whose key it took"
                    )
            if step == "key":
                return self.take_key(party, point_bytes(body.get("key"), "key"))
            if step == "mask":
                deck = body.get("deck")
                if not isinstance(deck, list):
                    raise PrivateDealError("a deck is a list of points")
                return self.take_deck(party, [point_bytes(point, "point") for point in deck])
            if step == "unmask":
                return self.take_unmasking(party, self._answered(body, self.to_unmask(party)))
            if step == "show":
                seat = body.get("seat")
                if type(seat) is not int:
                    raise PrivateDealError("a show names its seat")
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

    def _answered(
        self, body: Mapping[str, object], positions: Sequence[int]
    ) -> list[Unmasking] | Batch:
        """A page's unmaskings of ``positions``: ``batch`` (``{"afters", "challenge",
        "response"}``, the points before being those the rounds hold) or, from a page before
        batches, ``steps``."""
        batch = body.get("batch")
        if batch is None:
            return unmaskings(body.get("steps"))
        if not isinstance(batch, Mapping):
            raise PrivateDealError("a batch is an object")
        return batch_of(batch, [self.points[position] for position in positions])

    # -- the store ---------------------------------------------------------------------------

    def apply(self, row: Row) -> None:
        """Take a stored row again (:meth:`restore`)."""
        data = json.loads(row.data)
        if row.kind == "key":
            self.take_key(row.party, bytes.fromhex(data))  # (a row twice: taken once)
        elif row.kind == "deck":
            self.take_deck(row.party, [bytes.fromhex(point) for point in data])
        elif row.kind == "pass":
            self._open(tuple(PassSlot(p, s, u) for p, s, u in data))
        elif row.kind == "unmask":
            if isinstance(data, dict):
                self.take_unmasking(row.party, batch_of(data))
            else:  # a row from before batches: one unmasking a position
                self.take_unmasking(row.party, [unmasking_of(item[1:]) for item in data])
        elif row.kind == "show":
            if "batch" in data:
                self.take_show(row.party, data["seat"], batch_of(data))
            else:  # a row from before batches
                self.take_show(row.party, data["seat"], [unmasking_of(s) for s in data["steps"]])
        elif row.kind in ("agent", "parties", "audit"):
            return  # the server's own secret, the parties the rounds began with, or the audit
        else:
            self.take_reveal(row.party, bytes.fromhex(data["secret"]), data["order"])

    def parties_row(self) -> Row:
        """The deal's first row: its parties, in order, each with its seats (what
        :meth:`from_rows` starts from).

        >>> rounds = DealRounds(b"t", 1, (Party("Ann", (0,)), Party("server", (1, 2))))
        >>> again = DealRounds.from_rows(b"t", [rounds.parties_row()])
        >>> again.parties == rounds.parties, again.deal
        (True, 1)
        """
        data = [[party.name, list(party.seats)] for party in self.parties]
        return Row(self.deal, "parties", SERVER_ROW, json.dumps(data))

    @classmethod
    def from_rows(cls, context: bytes, rows: Sequence[Row]) -> DealRounds:
        """The rounds of one deal from all its stored rows, its parties' first."""
        if not rows or rows[0].kind != "parties":
            raise PrivateDealError("a deal's rows start with its parties")
        parties = tuple(Party(name, tuple(seats)) for name, seats in json.loads(rows[0].data))
        return cls.restore(context, rows[0].deal, parties, rows[1:])

    @classmethod
    def restore(
        cls, context: bytes, deal: int, parties: Sequence[Party], rows: Iterable[Row]
    ) -> DealRounds:
        """The rounds as the stored ``rows`` (of this deal, in the order taken) left them."""
        rounds = cls(context, deal, tuple(parties))
        for row in rows:
            rounds.apply(row)
        return rounds


@dataclass(frozen=True, slots=True)
class Agent:
    """What a party holds for a deal: its secret and its order. Each page holds one (in
    IndexedDB, in the page's JavaScript), the server one for its seats; :meth:`dump` is what
    the server stores of its own, to resume after a restart."""

    secret: Secret
    order: tuple[int, ...]

    @classmethod
    def new(cls) -> Agent:
        """A fresh secret and order."""
        return cls(Secret.new(), tuple(shuffled_order(DECK_SIZE)))

    @property
    def key(self) -> Point:
        """The key it publishes."""
        return self.secret.key

    def masked(self, deck: Sequence[Point]) -> list[Point]:
        """Its turn at the deck."""
        return mask_and_shuffle(deck, self.secret, self.order)

    def unmaskings(self, rounds: DealRounds, party: int) -> Batch:
        """Its answer in the pass open: every position it must unmask, in order, in one batch
        with one proof."""
        positions = rounds.to_unmask(party)
        points = [rounds.points[position] for position in positions]
        return unmask_batch(points, self.secret, rounds.batch_context(positions, party))

    def open_own(self, rounds: DealRounds, position: int) -> Card:
        """Its own face-down card at ``position``, once the others unmasked it."""
        return open_own(rounds.points[position], self.secret)

    def show(self, rounds: DealRounds, party: int, seat: int) -> Batch | list[Unmasking]:
        """Its unmaskings showing ``seat``'s face-down cards not shown yet, in dealing order,
        in one batch (none: nothing to show)."""
        positions = rounds.unshown(seat)
        if not positions:
            return []
        points = [rounds.points[position] for position in positions]
        return unmask_batch(points, self.secret, rounds.batch_context(positions, party, show=True))

    def row(self, deal: int, party: int) -> Row:
        """Its secret and order as a row for the store: the server keeps its own, to resume
        after a restart (never sent; nobody else's is ever stored before the hand is over).

        >>> agent = Agent.new()
        >>> Agent.load(agent.row(1, 3)) == agent
        True
        """
        data = {"secret": self.secret.scalar.hex(), "order": list(self.order)}
        return Row(deal, "agent", party, json.dumps(data))

    @classmethod
    def load(cls, row: Row) -> Agent:
        """The agent of a row from :meth:`row`."""
        data = json.loads(row.data)
        return cls(Secret.of(bytes.fromhex(data["secret"])), tuple(data["order"]))


class RoundsDealer:
    """The dealer policy of a private hand at the table: each face-down card as its deck
    position, each face-up one as the card the rounds opened there (:meth:`learn`); a card
    not opened yet is refused (the rounds must open the pass first). A copy of the hand shares
    what it learnt (the copy is the same deal, dealt on)."""

    __slots__ = ("_deal", "_known", "_taken")

    def __init__(self) -> None:
        self._known: dict[tuple[int, int], Card] = {}
        self._deal = 0
        self._taken = 0

    def learn(self, rounds: DealRounds) -> None:
        """The face-up cards ``rounds`` opened, and the shows."""
        for position, card in rounds.known.items():
            self._known[rounds.deal, position] = card

    @property
    def position(self) -> int:
        """The deck position of the next card dealt."""
        return self._taken

    def begin(self, deal: int, gathered: Sequence[Card]) -> Iterable[Card]:
        self._deal, self._taken = deal, 0
        return DECK

    def pick(self, chance: Chance) -> Card:
        if chance.kind is Stage.CARD and not chance.up:
            return HiddenCard(self._taken)
        card = self._known.get((self._deal, self._taken))
        if card is None:
            raise HiddenCardError(
                f"deck position {self._taken} of deal {self._deal} is not opened yet: its pass"
                " comes first"
            )
        return card

    def dealt(self, card: Card) -> None:
        self._taken += 1

    def pick_run(self, chances: Sequence[Chance]) -> Sequence[Card]:
        return ()  # card by card: pick says which

    def dealt_run(self, cards: Sequence[Card]) -> None:
        self._taken += len(cards)

    def put_back(self, cards: Sequence[Card]) -> None:
        raise HiddenCardError("a private deal burns no card (house rule private_burns)")

    def __deepcopy__(self, memo: dict[int, object]) -> RoundsDealer:
        twin = RoundsDealer.__new__(RoundsDealer)
        twin._known = self._known  # the same deal's cards: shared, as the store's rows are
        twin._deal, twin._taken = self._deal, self._taken
        return twin
