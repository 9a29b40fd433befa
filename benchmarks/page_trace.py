"""What each Chromium process and thread did in given windows of time, from a trace of the whole
browser (``Browser.start_tracing``: Chrome's trace event format), for
``benchmarks/private_page.py --tracing``: the pages' work between a betting round's end and its
street's cards, by thread (each renderer's main thread, its compositor and raster threads, the
browser's and the display compositor's), by what it was (paint, style, layout, a timer, an
animation frame, JavaScript by function) and by page.

A trace's times are ``CLOCK_MONOTONIC`` in microseconds on Linux (Chromium's ``TimeTicks``),
the clock of Python's :func:`time.monotonic`: windows are given on it. An event counts in a
window when it starts there. Each event's own time (its children's taken out) is what it is
charged with, in thread time (``tdur``: the CPU it had) where the trace has it, else wall time.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

Event = dict[str, Any]

CATEGORIES = [
    "-*",
    "toplevel",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "v8.execute",
    "blink.user_timing",
]
"""What ``private_page.py --tracing`` records: each thread's tasks (``toplevel``), the timeline
DevTools' Performance panel draws (paint, raster, style, layout, timers, animation frames,
JavaScript calls with their function), and V8's script runs."""

# Each thread's name in a trace, reduced to what it is (the raster threads are numbered).
KINDS = {
    "CrRendererMain": "main",
    "Compositor": "compositor",
    "CompositorTileWorker": "raster",
    "ThreadPoolForegroundWorker": "workers",  # a renderer's raster runs here
    "VizCompositorThread": "viz",
    "CrBrowserMain": "browser main",
    "CrGpuMain": "gpu main",
    "Chrome_IOThread": "io",
    "Chrome_ChildIOThread": "io",
}


def _kind(process: str, thread: str) -> str:
    base = thread.rstrip("0123456789/")
    return f"{process}: {KINDS.get(base, 'other')}"


def _own_times(events: list[Event]) -> list[tuple[Event, float, float]]:
    """Each complete event of one thread with its own wall and thread time (its direct
    children's taken out), in µs, from events sorted by start (the longer first on a tie)."""
    out: list[tuple[Event, float, float]] = []
    stack: list[list[Any]] = []  # [event, end, own wall, own cpu]

    def close() -> None:
        event, _, wall, cpu = stack.pop()
        out.append((event, max(wall, 0.0), max(cpu, 0.0)))

    for event in events:
        start: float = event["ts"]
        length: float = event.get("dur", 0)
        while stack and stack[-1][1] <= start:
            close()
        cpu: float = event.get("tdur", length)
        if stack:
            stack[-1][2] -= length
            stack[-1][3] -= cpu
        stack.append([event, start + length, float(length), float(cpu)])
    while stack:
        close()
    return out


def _complete(events: Iterable[Event]) -> dict[tuple[int, int], list[Event]]:
    """Each thread's complete events (``X``, and ``B``/``E`` pairs made complete), by start."""
    threads: dict[tuple[int, int], list[Event]] = defaultdict(list)
    opened: dict[tuple[int, int], list[Event]] = defaultdict(list)
    for event in events:
        key = (event.get("pid", 0), event.get("tid", 0))
        phase = event.get("ph")
        if phase == "X" and "dur" in event:
            threads[key].append(event)
        elif phase == "B":
            opened[key].append(event)
        elif phase == "E" and opened[key]:
            begun = opened[key].pop()
            made = {**begun, "ph": "X", "dur": event["ts"] - begun["ts"]}
            if "tts" in begun and "tts" in event:
                made["tdur"] = event["tts"] - begun["tts"]
            threads[key].append(made)
    for listed in threads.values():
        listed.sort(key=lambda event: (event["ts"], -event["dur"]))
    return threads


def _label(event: Event) -> str:
    """What an event was: its name, and for a JavaScript call or a timer the function's place."""
    name: str = event["name"]
    data = (event.get("args") or {}).get("data") or {}
    if name in ("FunctionCall", "EvaluateScript", "v8.callFunction") and data.get("url"):
        where = str(data["url"]).rsplit("/", 1)[-1]
        function = data.get("functionName") or "(anonymous)"
        return f"{name} {function} {where}:{data.get('lineNumber', 0)}"
    return name


def summarize(
    trace: dict[str, Any] | list[Event],
    windows: Sequence[tuple[float, float]],
    top: int = 25,
) -> dict[str, Any]:
    """In ms a window (``windows``: each ``(start, end)`` in seconds of :func:`time.monotonic`),
    summed over every process of a kind: each kind of thread's busy time (its events' thread
    time; the median over the windows), the renderers' main threads one by one (the pages; each
    one's median), and the events that took the pages' main threads the most own time, with
    how many times the notable ones ran (a frame painted, a timer fired, an animation frame,
    a tile rastered; the mean a window over every page)."""
    events: list[Event] = trace["traceEvents"] if isinstance(trace, dict) else trace
    processes: dict[int, str] = {}
    threads: dict[tuple[int, int], str] = {}
    for event in events:
        if event.get("ph") != "M":
            continue
        name = (event.get("args") or {}).get("name", "")
        if event["name"] == "process_name":
            processes[event["pid"]] = name
        elif event["name"] == "thread_name":
            threads[(event["pid"], event["tid"])] = name
    micro = [(1e6 * start, 1e6 * end) for start, end in windows]

    def window(at: float) -> int | None:
        for index, (start, end) in enumerate(micro):
            if start <= at < end:
                return index
        return None

    busy: dict[str, list[float]] = defaultdict(lambda: [0.0] * len(micro))
    pages: dict[int, list[float]] = defaultdict(lambda: [0.0] * len(micro))
    own: dict[str, list[float]] = defaultdict(lambda: [0.0] * len(micro))
    counts: dict[str, list[float]] = defaultdict(lambda: [0.0] * len(micro))
    for key, listed in _complete(events).items():
        process = processes.get(key[0], "?")
        kind = _kind(process, threads.get(key, ""))
        for event, _, cpu in _own_times(listed):
            at = window(event["ts"])
            if at is None:
                continue
            busy[kind][at] += cpu / 1000
            if event["name"] == "RasterTask" and process == "Renderer":
                counts["RasterTask"][at] += 1  # a tile of a page drawn again
            if kind == "Renderer: main":
                pages[key[0]][at] += cpu / 1000
                own[_label(event)][at] += cpu / 1000
                counts[event["name"]][at] += 1

    def median(values: list[float]) -> float:
        return round(statistics.median(values), 1) if values else 0.0

    def mean(values: list[float]) -> float:
        return round(statistics.fmean(values), 2) if values else 0.0

    notable = (
        "Paint",
        "UpdateLayoutTree",
        "Layout",
        "TimerFire",
        "FireAnimationFrame",
        "FunctionCall",
        "RasterTask",
    )
    ranked = sorted(own.items(), key=lambda item: -sum(item[1]))
    return {
        "windows": len(micro),
        "busy_ms": {kind: median(values) for kind, values in sorted(busy.items())},
        "pages_ms": sorted((median(values) for values in pages.values()), reverse=True),
        "main_own_ms_mean": {label: mean(values) for label, values in ranked[:top]},
        "counts_mean": {name: mean(counts[name]) for name in notable},
    }
