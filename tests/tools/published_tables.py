"""The published counts of each hand category over every hand of five, six and seven cards
(and of five with deuces wild), which the exhaustive tables must give: shared by the tests of
the batch evaluator and of ``wildstud tables``."""

from __future__ import annotations

from wildstud.hands import Category

C = Category
FIVE_CARDS = {
    C.STRAIGHT_FLUSH: 40,  # the four royal flushes included
    C.FOUR_OF_A_KIND: 624,
    C.FULL_HOUSE: 3744,
    C.FLUSH: 5108,
    C.STRAIGHT: 10200,
    C.THREE_OF_A_KIND: 54912,
    C.TWO_PAIR: 123552,
    C.ONE_PAIR: 1098240,
    C.HIGH_CARD: 1302540,
}
# Deuces wild, five cards: the classic table (wild royal flushes among the straight flushes).
FIVE_CARDS_DEUCES = {
    C.FIVE_OF_A_KIND: 672,
    C.STRAIGHT_FLUSH: 484 + 2068,
    C.FOUR_OF_A_KIND: 31552,
    C.FULL_HOUSE: 12672,
    C.FLUSH: 14472,
    C.STRAIGHT: 62232,
    C.THREE_OF_A_KIND: 355080,
    C.TWO_PAIR: 95040,
    C.ONE_PAIR: 1225008,
    C.HIGH_CARD: 799680,
}
SIX_CARDS = {
    C.STRAIGHT_FLUSH: 1844,
    C.FOUR_OF_A_KIND: 14664,
    C.FULL_HOUSE: 165984,
    C.FLUSH: 205792,
    C.STRAIGHT: 361620,
    C.THREE_OF_A_KIND: 732160,
    C.TWO_PAIR: 2532816,
    C.ONE_PAIR: 9730740,
    C.HIGH_CARD: 6612900,
}
SEVEN_CARDS = {
    C.STRAIGHT_FLUSH: 41584,
    C.FOUR_OF_A_KIND: 224848,
    C.FULL_HOUSE: 3473184,
    C.FLUSH: 4047644,
    C.STRAIGHT: 6180020,
    C.THREE_OF_A_KIND: 6461620,
    C.TWO_PAIR: 31433400,
    C.ONE_PAIR: 58627800,
    C.HIGH_CARD: 23294460,
}
