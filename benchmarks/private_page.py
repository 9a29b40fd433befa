"""What a private deal costs in real pages: each page's CPU per hand, the server's, and the time
the rounds add to each street, at a table of ``--players`` Chromium pages over loopback.

The benchmark starts ``wildstud serve`` on a fresh SQLite database and Debian's Chromium (one
browser, a context a page), seats ``--players`` pages at a private table of Follow the Queen and
lets each page play its own turns the cheap way (check, call, bring in: every hand to the
showdown), clicking its own buttons from a script in the page. It measures, over ``--hands``
hands:

- each page's CPU: the main thread's busy time by Chrome's DevTools protocol
  (``Performance.getMetrics``'s ``TaskDuration`` in thread time; ``ScriptDuration`` is the part
  spent running JavaScript, ``LayoutDuration`` and ``RecalcStyleDuration`` laying the page out
  and working out its styles, ``LayoutCount`` how many times it was laid out), per hand: the
  page's masking, unmaskings, its own cards opened and shown, and drawing the table;
- each page's long tasks (the main thread busy for over 50 ms at once, a tap or a frame waiting
  behind it: the browser's ``longtask`` entries), how many and their seconds, per hand. A task
  is timed in wall time: on a loaded machine a short task stretched past 50 ms counts too, so
  only runs made at the same time compare;
- the server's CPU (user + system of its process, from ``/proc``), per hand;
- the added latency per street, at a spectator's socket: from the frame that ends a betting round
  to the frame that deals the next street (a shuffled table deals in the first: it adds
  nothing), and for the first street from the ``hand`` frame (the keys and every party's masking
  come first).

From the repository root (``load_average`` says how busy the machine was: the pages, the server
and the benchmark share its cores)::

    .venv/bin/python benchmarks/private_page.py                # 6 pages, 3 hands
    .venv/bin/python benchmarks/private_page.py --players 4 --hands 5
    .venv/bin/python benchmarks/private_page.py --deal shuffled    # the same, shuffled
    .venv/bin/python benchmarks/private_page.py --hands 2 --profile  # where the time goes
    .venv/bin/python benchmarks/private_page.py --breakdown    # each hop of a street, timed
    .venv/bin/python benchmarks/private_page.py --tracing /tmp/trace.json  # what each thread did

``--profile`` samples each page's JavaScript (the DevTools protocol's sampling profiler, every
0.2 ms) and adds the functions that took the most time, by their own time and by their total
(what they called included), in ms a page a hand. Those samples are wall time, not thread time:
on a busy machine a function's share says more than its figure, and the sampling costs the
pages some CPU of its own (compare the other figures without it).

``--breakdown`` times each hop of a street's pass (every street but the first), in the pages
and on the server (started through ``private_trace.py``, which wraps a few of its methods): for
each party's turn, the server's ask to the page's handler (``to_page``), the page's own work to
its answer sent, measured in the page (``page``), the answer back to the server's socket
(``back``), the wait for the table's actor (``queue``), the proof checked and the frames built
(``check``; the server's own unmasking apart, ``own``), the rows stored (``store``) and the rest
to the next ask (``on``; after the last page's hop: the cards dealt, to a spectator's socket).
It prints the median of each part per hop, each part summed a street, and a street's ``pages``
(the wire and the pages) and ``server`` shares. Every clock is the machine's wall clock.

``--tracing FILE`` records Chromium's trace of the whole browser (every page's renderer, the
display compositor, the browser) to FILE and adds what each kind of thread did (``page_trace.py``)
in a street's window (the betting's end to its cards, at a spectator's socket), in a first
street's and over the whole run, in thread time: each renderer's main thread (the page's
JavaScript, style, layout, paint), its raster workers (the painted tiles drawn into bitmaps:
``Renderer: other``), its compositor, and the display compositor (``GPU Process: viz``: each frame
put together, in software here). Tracing slows the pages down (compare its figures with each
other, not with a run without it); load FILE in Perfetto (ui.perfetto.dev) or DevTools'
Performance panel to look at one street. ``--reduced-motion`` makes the pages prefer reduced
motion (app.css stops every animation then): run it in turns with a run without, to see what the
table's movements cost.

At a shuffled table the cards of a street come in the frame that ends the betting: no street is
counted, and the "first street" is the players' shuffle before the deal.

The goals (issue 26): under 1 s of page CPU per hand, under 100 ms added per street.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.async_api import Browser, CDPSession, Page, async_playwright
from websockets.asyncio.client import connect

from page_trace import CATEGORIES, summarize  # beside this script
from shuffle import cpu_seconds, served

CHROMIUM = "/usr/bin/chromium"

# Each page plays its own turns the cheap way by clicking its buttons, once a turn, and shows
# its hand when a shuffled table's showdown asks (a private one's page shows with proof itself).
PLAYER = """{
  const cheap = ['check', 'call', 'bring-in', 'complete'];
  let done = '';
  let queued = false;
  const play = () => {
    queued = false;
    const show = document.querySelector("button[data-show='true']");
    if (show && !show.disabled && done !== `show|${document.body.dataset.hand}`) {
      done = `show|${document.body.dataset.hand}`;
      show.click();
      return;
    }
    const actions = document.getElementById('actions');
    const turn = `${document.body.dataset.hand}|${document.body.dataset.events}`;
    if (actions?.dataset.turn !== 'yes' || done === turn) return;
    const button = cheap.map((kind) => actions.querySelector(`button[data-choice='${kind}']`))
      .find((found) => found && !found.disabled);
    if (button) { done = turn; button.click(); }
  };
  new MutationObserver(() => {
    if (!document.body || queued) return;
    queued = true;
    setTimeout(play, 0);
  }).observe(document, { subtree: true, childList: true, attributes: true });
}
// The main thread's long tasks (over 50 ms: a tap or a frame waits behind each), counted.
window.__long = { count: 0, ms: 0 };
new PerformanceObserver((found) => {
  for (const task of found.getEntries()) {
    window.__long.count += 1;
    window.__long.ms += task.duration;
  }
}).observe({ type: 'longtask' });"""


# With --breakdown: each private frame that asks the page to unmask, when its socket handed it
# over (before the page's own handler) and when the page sent its answer, on the machine's wall
# clock (the server's trace is on the same clock), in ms since the epoch.
HOPS = """{
  window.__hops = [];
  const now = () => performance.timeOrigin + performance.now();
  const asked = new Map();
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const at = now();
        const frame = JSON.parse(event.data);
        if (frame.type !== 'private' || frame.step !== 'unmask') return;
        const positions = (frame.points || []).map((point) => point[0]);
        const hop = { party: frame.party, hand: frame.hand, deal: frame.deal, positions, in: at };
        asked.set(`${frame.hand}|${frame.deal}`, hop);
        window.__hops.push(hop);
      });
    }
    send(data) {
      const at = now();
      try {
        const frame = JSON.parse(data);
        const hop = asked.get(`${frame.hand}|${frame.deal}`);
        if (frame.type === 'private' && frame.answer?.step === 'unmask' && hop && !hop.out) {
          hop.out = at;
        }
      } catch {}
      return super.send(data);
    }
  };
}"""


async def _long_tasks(page: Page) -> dict[str, float]:
    """How many long tasks (over 50 ms) the page's main thread ran so far, and their seconds."""
    found = await page.evaluate("window.__long")
    return {"LongTaskCount": found["count"], "LongTaskDuration": found["ms"] / 1000}


async def _busy(cdp: CDPSession) -> dict[str, float]:
    metrics = (await cdp.send("Performance.getMetrics"))["metrics"]
    return {m["name"]: m["value"] for m in metrics if m["name"].endswith(("Duration", "Count"))}


class Watcher:
    """A spectator's socket: when each street's betting ended and its cards came."""

    def __init__(self) -> None:
        self.streets: list[float] = []
        self.firsts: list[float] = []
        self.finished = 0
        self.windows: list[tuple[float, float]] = []
        """Each street's (not the first's) betting's end and its cards, in ``time.time()``."""
        self.first_windows: list[tuple[float, float]] = []
        """Each first street's ``hand`` frame and its cards, in ``time.time()``."""
        self._since: float | None = None
        self._first = False

    async def run(self, url: str, hands: int) -> None:
        async with connect(url, proxy=None, max_size=2**22) as ws:
            async for message in ws:
                now = time.time()  # the server's trace and the pages' clocks are on it too
                frame = json.loads(message)
                kinds = [e["type"] for e in frame.get("events") or []]
                if frame["type"] == "hand":
                    self._since, self._first = now, True
                elif frame["type"] != "update":
                    continue
                if "dealt" in kinds and self._since is not None:
                    (self.firsts if self._first else self.streets).append(now - self._since)
                    windows = self.first_windows if self._first else self.windows
                    windows.append((self._since, now))
                    self._since, self._first = None, False
                if "street_started" in kinds and "dealt" not in kinds:
                    self._since = now
                if frame["view"]["phase"] == "over":
                    self._since = None
                    self.finished += 1
                    if self.finished >= hands:
                        return


async def _measure(
    base: str,
    players: int,
    hands: int,
    server: int,
    deal: str,
    profile: bool = False,
    trace: Path | None = None,
    tracing: Path | None = None,
    still: bool = False,
) -> dict[str, Any]:
    http = httpx.Client(base_url=base, timeout=10, trust_env=False)
    created = http.post(
        "/api/tables",
        json={
            "name": "bench",
            "games": [{"game": "FTQ"}],
            "seats": players,
            "hand_pause": 0,
            "showdown_pause": 0,
            "seat_requests": False,
            "deal": deal,
            "shuffle_seconds": 60,  # a busy machine's answer is late, never missing
            "action_clock": 120,
        },
    ).json()
    token = created["links"]["join"].rsplit("/", 1)[1]
    async with async_playwright() as playwright:
        browser: Browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        sessions = []
        tabs = []
        for index in range(players):
            seat = http.post(f"/api/join/{token}", json={"name": f"p{index}"}).json()
            context = await browser.new_context(
                viewport={"width": 1280, "height": 900},
                reduced_motion="reduce" if still else "no-preference",
            )
            await context.add_init_script(PLAYER)
            if trace is not None:
                await context.add_init_script(HOPS)
            page = await context.new_page()
            cdp = await context.new_cdp_session(page)
            await cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
            if profile:
                await cdp.send("Profiler.enable")
                await cdp.send("Profiler.setSamplingInterval", {"interval": 200})
            await page.goto(seat["link"])
            await page.wait_for_selector("#banner")
            sessions.append(cdp)
            tabs.append(page)
        watcher = Watcher()
        watching = asyncio.create_task(watcher.run(created["links"]["watch_socket"], hands))
        await asyncio.sleep(1)  # every page connected: a deal's parties are fixed as it starts
        before = [await _busy(cdp) for cdp in sessions]
        for before_page, page in zip(before, tabs, strict=True):
            before_page.update(await _long_tasks(page))
        server_before = cpu_seconds(server)
        if profile:
            for cdp in sessions:
                await cdp.send("Profiler.start")
        if tracing is not None:
            await browser.start_tracing(categories=CATEGORIES)
        started = time.time()
        http.post(f"/api/host/{created['host_token']}/start").raise_for_status()
        await asyncio.wait_for(watching, timeout=hands * 300)
        ended = time.time()
        if tracing is not None:
            tracing.write_bytes(await browser.stop_tracing())
        server_cpu = cpu_seconds(server) - server_before
        after = [await _busy(cdp) for cdp in sessions]
        for after_page, page in zip(after, tabs, strict=True):
            after_page.update(await _long_tasks(page))
        profiles = [(await cdp.send("Profiler.stop"))["profile"] for cdp in sessions if profile]
        hops = [hop for page in tabs for hop in await page.evaluate("window.__hops || []")]
        await browser.close()

    def per_hand(metric: str) -> dict[str, float]:
        pairs = zip(before, after, strict=True)
        return _spread([(b[metric] - a[metric]) / hands for a, b in pairs])

    return {
        "page_cpu_s_per_hand": per_hand("TaskDuration"),
        "page_script_s_per_hand": per_hand("ScriptDuration"),
        "page_layout_s_per_hand": per_hand("LayoutDuration"),
        "page_style_s_per_hand": per_hand("RecalcStyleDuration"),
        "page_layouts_per_hand": per_hand("LayoutCount"),
        "page_long_tasks_per_hand": per_hand("LongTaskCount"),
        "page_long_task_s_per_hand": per_hand("LongTaskDuration"),
        "server_cpu_s_per_hand": round(server_cpu / hands, 3),
        "streets_ms": _figures(watcher.streets),
        "first_street_ms": _figures(watcher.firsts),
        **({"profile": _sampled(profiles, hands * len(sessions))} if profile else {}),
        **({"breakdown": _breakdown(trace, hops, watcher.windows)} if trace is not None else {}),
        **({"tracing": _traced(tracing, watcher, (started, ended))} if tracing is not None else {}),
    }


def _traced(tracing: Path, watcher: Watcher, run: tuple[float, float]) -> dict[str, Any]:
    """What the browser's threads did (``page_trace.summarize``) in each street's window (the
    betting's end to its cards), each first street's (the ``hand`` frame to its cards) and the
    whole run, read from Chromium's trace in ``tracing`` (its clock is the monotonic one)."""
    trace = json.loads(tracing.read_text())
    shift = time.time() - time.monotonic()

    def monotonic(windows: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(start - shift, end - shift) for start, end in windows]

    return {
        "streets": summarize(trace, monotonic(watcher.windows)),
        "first_streets": summarize(trace, monotonic(watcher.first_windows)),
        "run": summarize(trace, monotonic([run])),
    }


HOP_PARTS = ("to_page", "page", "back", "queue", "check", "store", "on")
"""A page's hop in a pass: the server's ask frame sent to the page's handler (``to_page``: the
wire and the page's queue), the page's own work to its answer sent (``page``), its answer to
the server's socket (``back``), waiting for the table's actor (``queue``), the private deal's
slice checking it and building the frames (``check``: the server's own unmasking, when it
follows, apart as ``own``), the rows stored (``store``), and the rest to the next party's ask
frame sent, or for the last page's hop the cards dealt and seen at a spectator's socket
(``on``: the frames sent, the deal's ticks, the runner's deal of the cards opened)."""


def _breakdown(
    trace: Path, hops: list[dict[str, Any]], windows: list[tuple[float, float]]
) -> dict[str, Any]:
    """Where each street's time went (every street but the first; see :data:`HOP_PARTS`): in ms,
    the median of each part of each hop over the streets, and each part summed a street (its
    median over the streets); ``open``: the betting's end at a spectator's socket to the first
    ask sent (the deal's tick opening the pass, its rows stored), and a street's ``total`` from
    the earlier of the two (the first ask leaves as a rule before a spectator sees the end of
    the betting) to its cards at a spectator's socket: ``pages``, its hops' ``to_page``,
    ``page`` and ``back`` (the wire, each page's queue and work), ``server`` the rest."""
    events = [json.loads(line) for line in trace.read_text().splitlines()]
    asks = sorted(
        (event["at"], party, hand, deal, tuple(positions))
        for event in events
        if event["what"] == "send"
        for step, party, hand, deal, positions in event["asks"]
        if step == "unmask"
    )
    pages = {
        (hop["party"], hop["hand"], hop["deal"], tuple(hop["positions"])): hop
        for hop in hops
        if "out" in hop
    }

    def first(what: str, after: float, before: float) -> dict[str, Any] | None:
        return next((e for e in events if e["what"] == what and after <= e["at"] <= before), None)

    by_hop: dict[int, dict[str, list[float]]] = {}
    streets: list[dict[str, float]] = []
    for start, end in windows:
        # The pass's asks: the first leaves as the betting ends, before a spectator sees it.
        passes = {ask[2:] for ask in asks if start <= ask[0] <= end}
        asked = [ask for ask in asks if ask[2:] in passes and ask[0] <= end]
        if not asked:
            continue
        begun = min(start, asked[0][0])
        street = {"open": 1000 * (asked[0][0] - begun)}
        for index, (at, *key) in enumerate(asked):
            hop = pages.get(tuple(key))
            following = asked[index + 1][0] if index + 1 < len(asked) else end
            if hop is None:
                break
            came, went = hop["in"] / 1000, hop["out"] / 1000
            arrived = first("arrived", went - 0.002, following)
            # The server asks the next page ahead of its check and store (AnswerAhead): both
            # are looked for up to the street's end, not the next ask.
            answer = None if arrived is None else first("answer", arrived["at"], end)
            if arrived is None or answer is None:
                break
            taken = answer["at"] + answer["ms"] / 1000
            own = first("own", answer["at"], taken)
            stored = first("store", taken, end)
            done = taken if stored is None else stored["at"] + stored["ms"] / 1000
            own_ms = 0.0 if own is None else own["ms"]
            parts = {
                "to_page": 1000 * (came - at),
                "page": 1000 * (went - came),
                "back": 1000 * (arrived["at"] - went),
                "queue": 1000 * (answer["at"] - arrived["at"]),
                "check": answer["ms"] - own_ms,
                "own": own_ms,
                "store": 0.0 if stored is None else stored["ms"],
                "on": max(0.0, 1000 * (following - done)),  # 0: the next ask went ahead
            }
            for name, value in parts.items():
                by_hop.setdefault(index, {}).setdefault(name, []).append(value)
                street[name] = street.get(name, 0.0) + value
        else:
            street["total"] = 1000 * (end - begun)
            street["pages"] = sum(street.get(name, 0.0) for name in HOP_PARTS[:3])
            street["server"] = street["total"] - street["pages"]
            streets.append(street)

    def median(values: list[float]) -> float:
        return round(statistics.median(values), 1) if values else 0.0

    names = ["open", *HOP_PARTS[:5], "own", *HOP_PARTS[5:], "total", "pages", "server"]
    return {
        "streets": len(streets),
        "per_hop_ms": {
            str(index): {name: median(values) for name, values in parts.items()}
            for index, parts in sorted(by_hop.items())
        },
        "street_ms": {name: median([s.get(name, 0.0) for s in streets]) for name in names},
    }


def _sampled(profiles: list[dict[str, Any]], pages_hands: int) -> dict[str, Any]:
    """The functions that took the pages' samples, by self time and by total time (what they
    called included), in ms a page a hand, most first. The samples are in wall time: on a busy
    machine the shares say more than the figures."""
    own: dict[str, float] = {}
    total: dict[str, float] = {}
    for profile in profiles:
        nodes = {node["id"]: node for node in profile["nodes"]}
        parent = {kid: node["id"] for node in profile["nodes"] for kid in node.get("children", [])}
        deltas = profile["timeDeltas"]
        for sample, delta in zip(profile["samples"], [*deltas[1:], 0], strict=True):
            seen: set[str] = set()
            at: int | None = sample
            while at is not None:
                frame = nodes[at]["callFrame"]
                name = frame["functionName"] or "(anonymous)"
                where = f"{name} {frame['url'].rsplit('/', 1)[-1]}:{frame['lineNumber'] + 1}"
                if at == sample:
                    own[where] = own.get(where, 0.0) + delta / 1000
                if where not in seen:
                    total[where] = total.get(where, 0.0) + delta / 1000
                    seen.add(where)
                at = parent.get(at)

    def top(times: dict[str, float]) -> list[tuple[str, float]]:
        ranked = sorted(times.items(), key=lambda item: -item[1])
        return [(where, round(ms / pages_hands, 2)) for where, ms in ranked[:40]]

    return {"self": top(own), "total": top(total)}


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 3),
        "max": round(max(values), 3),
    }


def _figures(durations: list[float]) -> dict[str, Any]:
    """Milliseconds: the median, the 90th percentile (nearest rank) and the largest."""
    durations = sorted(durations)
    if not durations:
        return {"n": 0}
    return {
        "n": len(durations),
        "median": round(1000 * statistics.median(durations), 1),
        "p90": round(1000 * durations[math.ceil(0.9 * len(durations)) - 1], 1),
        "max": round(1000 * durations[-1], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument(
        "--deal", choices=("private", "shuffled"), default="private", help="the table's deal"
    )
    parser.add_argument(
        "--profile", action="store_true", help="sample the pages' JavaScript: where its time goes"
    )
    parser.add_argument(
        "--breakdown",
        action="store_true",
        help="time each hop of a street's pass, in the pages and the server (private_trace.py)",
    )
    parser.add_argument(
        "--tracing",
        type=Path,
        metavar="FILE",
        help="record Chromium's trace of the pages to FILE: what each thread did in a street",
    )
    parser.add_argument(
        "--reduced-motion",
        action="store_true",
        help="the pages prefer reduced motion (app.css stops every animation): what they cost",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        trace = Path(folder) / "trace.jsonl" if args.breakdown else None
        with served(trace) as (base, pid):
            load = os.getloadavg()[0]
            result = asyncio.run(
                _measure(
                    base,
                    args.players,
                    args.hands,
                    pid,
                    args.deal,
                    args.profile,
                    trace,
                    args.tracing,
                    args.reduced_motion,
                )
            )
    result = {"deal": args.deal, "players": args.players, "hands": args.hands, **result}
    result["load_average"] = [round(load, 2), round(os.getloadavg()[0], 2)]
    print(json.dumps(result))


if __name__ == "__main__":
    main()
