"""What a party of a private deal holds for a deal (:mod:`wildstud.private_rounds`): its secret
and its order, and each answer they give to the rounds."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wildstud.cards import Card
from wildstud.private_deal import (
    Ciphertext,
    KeyProof,
    Point,
    Secret,
    Shares,
    open_own,
    prove_key,
    share_batch,
    shuffle_turn,
    shuffled_order,
)
from wildstud.private_wire import ORDER, Row

if TYPE_CHECKING:
    from wildstud.private_rounds import DealRounds

__all__ = ["Agent"]

DECK_SIZE = 52


@dataclass(frozen=True, slots=True)
class Agent:
    """What a party holds for a deal: its secret and its order. Each page holds one (in
    IndexedDB, in the page's JavaScript), the server one for its seats; :meth:`row` is what
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

    def key_proof(self, rounds: DealRounds, party: int) -> KeyProof:
        """The proof that it knows its key's secret, as party ``party`` of ``rounds``."""
        return prove_key(self.secret, rounds.deal_context, party)

    def masked(self, rounds: DealRounds) -> list[Ciphertext]:
        """Its turn at the deck of ``rounds``."""
        return shuffle_turn(
            rounds.deck(), self.secret, self.order, rounds.joint, rounds.deal_context
        )

    def order_value(self, rounds: DealRounds, party: int) -> Shares:
        """Its order value, as party ``party`` of ``rounds``: its share of the deal's order
        point, with its proof."""
        context = rounds.batch_context((ORDER,), party)
        return share_batch([rounds.order_point], self.secret, context)

    def unmaskings(self, rounds: DealRounds, party: int) -> Shares:
        """Its answer in the pass open: its shares of every position it shares, in order, in
        one batch with one proof."""
        positions = rounds.to_unmask(party)
        points = [rounds.dealt(position)[0] for position in positions]
        return share_batch(points, self.secret, rounds.batch_context(positions, party))

    def open_own(self, rounds: DealRounds, position: int) -> Card:
        """Its own face-down card at ``position``, once the others shared it."""
        owner = rounds.owner(rounds.owners[position])
        assert owner is not None
        return open_own(rounds.left(position, owner), [], self.secret)

    def show(self, rounds: DealRounds, party: int, seat: int) -> Shares | None:
        """Its shares showing ``seat``'s face-down cards not shown yet, in dealing order, in
        one batch (``None``: nothing to show)."""
        positions = rounds.unshown(seat)
        if not positions:
            return None
        points = [rounds.dealt(position)[0] for position in positions]
        context = rounds.batch_context(positions, party, show=True)
        return share_batch(points, self.secret, context)

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
