"""The fewest payments that square a night, found by brute force over every split of the
players into blocks: what the settle-up of the library and of the server is checked against."""

from __future__ import annotations

from collections.abc import Iterator, Mapping


def partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """Every way to split ``items`` into blocks (Bell-number many: 877 for seven)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for split in partitions(rest):
        yield [[first], *split]
        for index in range(len(split)):
            yield [*split[:index], [first, *split[index]], *split[index + 1 :]]


def fewest_by_brute_force(nets: Mapping[str, int]) -> int:
    """The fewest payments, by trying every split of the players into blocks: a block that
    adds up to zero settles within itself in one payment fewer than it has players, and any
    settle-up's payments connect its players into such blocks, so the best split decides."""
    values = [net for net in nets.values() if net]
    best = None
    for split in partitions(values):
        if all(sum(block) == 0 for block in split):
            count = sum(len(block) - 1 for block in split)
            best = count if best is None else min(best, count)
    assert best is not None  # everyone together adds up to zero
    return best
