"""The finished hands' answers (:mod:`wildstud.server.reads`): a replay is never queued behind
the odds."""

from __future__ import annotations

import asyncio
import threading

from wildstud.server.reads import HandReads


def test_a_replay_is_built_while_the_odds_of_another_hand_are_being_worked_out() -> None:
    async def scenario() -> tuple[bytes, bool]:
        reads = HandReads()
        odds_may_finish = threading.Event()

        def odds() -> bytes:
            odds_may_finish.wait(10)
            return b"odds"

        weighing = asyncio.ensure_future(reads.answer(("t", 1, "odds", None), odds, chances=True))
        await asyncio.sleep(0.05)  # the odds' build has started on its thread
        steps = await asyncio.wait_for(reads.answer(("t", 2, "steps", None), lambda: b"steps"), 5)
        still_weighing = not weighing.done()
        odds_may_finish.set()
        assert await weighing == b"odds"
        reads.close()
        return steps, still_weighing

    # The steps came while the odds were still being worked out (one builder for both: the
    # steps would wait the odds' 10 s, and the wait_for would fail).
    assert asyncio.run(scenario()) == (b"steps", True)


def test_the_same_answer_asked_twice_at_once_is_built_once() -> None:
    async def scenario() -> tuple[list[bytes], int]:
        reads = HandReads()
        built: list[int] = []

        def build() -> bytes:
            built.append(1)
            return b"luck"

        key = ("t", 1, "luck", None)
        answers = await asyncio.gather(*(reads.answer(key, build, chances=True) for _ in range(3)))
        reads.close()
        return list(answers), len(built)

    assert asyncio.run(scenario()) == ([b"luck"] * 3, 1)
