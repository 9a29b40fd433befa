"""A study written out: a Markdown report with its plots (PNG and SVG) in a folder.

Every plot has a title, shares on a percent axis with their 95% intervals as error bars, and
whole numbers on an axis that counts. A section that cannot apply is left out rather than drawn
as one bar: the wild cards in a game (or under a house rule) with none, their changes where the
table's wild cards never change, redeals in a game without them.

>>> import tempfile, pathlib
>>> from wildstud.odds.study import study
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> path = write_report(study("SMBU", 3, deals=2_000, seed=1), folder)
>>> path.name, sorted(p.name for p in folder.glob("*.svg"))
('README.md', ['categories.svg', 'changes.svg', 'plain.svg', 'wilds.svg'])
>>> plain = pathlib.Path(tempfile.mkdtemp())
>>> _ = write_report(study("F7S", 3, deals=2_000, seed=1), plain)
>>> sorted(p.name for p in plain.glob("*.svg"))
['categories.svg']
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from wildstud.extras import require
from wildstud.hands.encoding import Category
from wildstud.odds.stats import wilson
from wildstud.odds.study import Study

__all__ = ["write_index", "write_report"]

Rate = tuple[float, float, float]


def _pct(rate: Rate) -> str:
    value, low, high = rate
    return f"{100 * value:.2f}% ({100 * low:.2f}–{100 * high:.2f})"


def _spread(counts: npt.ArrayLike) -> bool:
    """Whether counts fall in more than one bin (else a plot of them would be one bar)."""
    return int(np.count_nonzero(np.asarray(counts))) > 1


def _mean(counts: npt.NDArray[np.int64], total: int) -> float:
    return float((np.arange(len(counts)) * counts).sum() / max(total, 1))


def _command(result: Study) -> str:
    rules = result.rules
    options = "".join(f" --option {k}={v}" for k, v in rules.options.changes().items())
    return (
        f"wildstud study {rules.code} --players {result.players} --deals {result.deals}"
        f" --seed {result.seed}{options} --out FOLDER"
    )


def write_report(
    result: Study,
    folder: Path | str,
    baseline: Study | None = None,
    baseline_report: str | None = None,
) -> Path:
    """Write ``README.md`` and the plots of ``result`` into ``folder`` (made if missing).

    ``baseline`` is a study of plain seven-card stud at the same table, which the winning hands
    are compared with (its report at the relative link ``baseline_report``, where given).
    """
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    plots = _plots(result, out, baseline)
    c = result.counts
    rules = result.rules
    changes = rules.options.changes()
    house = ", ".join(f"`{k}={v}`" for k, v in changes.items()) or "the defaults"
    lines = [
        f"# {rules.title} ({rules.code}): {result.players} players, {result.deals:,} deals",
        "",
        f"Every player stays to the showdown; house rules: {house}; seed {result.seed}."
        " Rates are given with their 95% confidence intervals (Wilson).",
        f"Made with `{_command(result)}`.",
    ]
    if baseline is not None:
        title = f"{baseline.rules.title} ({baseline.rules.code})"
        link = f"[{title}]({baseline_report})" if baseline_report else title
        lines += [
            "",
            f"The baseline is {link}: the same table with nothing wild,"
            f" {baseline.deals:,} deals of its own.",
        ]
    header = ["category", "wins the pot"]
    if baseline is not None:
        header.append(f"wins the pot in {baseline.rules.code}")
    # With a baseline (dealt from the same seed) the same cards valued with nothing wild are
    # the baseline's own column again, where no redeal tells the deals apart.
    plain_column = result.has_wilds and baseline is None
    if plain_column:
        header.append("same cards, nothing wild")
    header.append("any hand at the showdown")
    lines += [
        "",
        "## The winning hand",
        "",
        f"![winning categories]({plots['categories']}.svg)",
        "",
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
    ]
    for category in result.categories():
        i = int(category)
        cells = [category.label, _pct(result.rate(int(c.winner_category[i])))]
        if baseline is not None:
            possible = category in baseline.categories()
            won = baseline.counts.winner_category[i]
            cells.append(_pct(baseline.rate(int(won))) if possible else "–")
        if plain_column:
            cells.append(_pct(result.rate(int(c.winner_plain_category[i]))))
        cells.append(_pct(result.rate(int(c.hand_category[i]), c.hands)))
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    if result.has_wilds:
        five = int(Category.FIVE_OF_A_KIND)
        lines.append(
            f"- Five of a kind wins {_pct(result.rate(int(c.winner_category[five])))} of the"
            f" pots; a given hand makes it {_pct(result.rate(int(c.hand_category[five]), c.hands))}"
            " of the time."
        )
    lines.append(
        f"- The {'high half' if rules.special_card else 'pot'} is split between equal hands in"
        f" {_pct(result.rate(c.ties))} of deals."
    )
    if result.has_wilds:
        lines.append(
            f"- The winner needs no wild card in {_pct(result.rate(c.natural_winners))} of deals."
        )
    if rules.special_card is not None:
        lines += [
            f"- A live hand holds the {rules.special_card.pretty} face down at the showdown"
            f" (the pot is split): {_pct(result.rate(c.special))}.",
            f"- One player takes both halves: {_pct(result.rate(c.scoops))}.",
        ]
    if result.has_wilds:
        lines += _wild_lines(result, plots)
    if result.can_redeal:
        redealt = result.deals - int(c.redeals[0])
        lines += [
            "",
            "## Redeals",
            "",
            f"Deals stopped and dealt again at least once: {_pct(result.rate(redealt))}"
            f" (mean {_mean(c.redeals, result.deals):.3f} redeals per hand).",
        ]
    if result.has_wilds:
        lines += [
            "",
            "## Against plain stud",
            "",
            f"![with and without the wild cards]({plots['plain']}.svg)",
            "",
            "The same cards valued with nothing wild: how much the game's wild cards lift the"
            " hands at the showdown, category by category (share of all hands shown).",
        ]
    path = out / "README.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _wild_lines(result: Study, plots: dict[str, str]) -> list[str]:
    c = result.counts
    lines = ["", "## Wild cards", ""]
    if "wilds" in plots:
        lines += [f"![wild cards held]({plots['wilds']}.svg)", ""]
    lines += ["| wild cards in a hand at the showdown | hands |", "|---|---|"]
    for count, hands in enumerate(c.wilds_held):
        if hands:
            lines.append(f"| {count} | {_pct(result.rate(int(hands), c.hands))} |")
    lines.append("")
    if _spread(c.changes):
        lines += [
            f"The wild cards of the whole table change {_mean(c.changes, result.deals):.3f}"
            " times per deal on average (a face-up card that makes a new rank wild or cancels"
            f" one); they never change in {_pct(result.rate(int(c.changes[0])))} of deals.",
            "",
            f"![changes of the wild cards]({plots['changes']}.svg)",
        ]
    else:
        lines.append(
            "No face-up card changes the wild cards of the whole table in this game: each"
            " hand's own cards decide its wild cards."
        )
    return lines


def _errors(counts: npt.ArrayLike, trials: int) -> tuple[Any, Any]:
    """Shares and their 95% intervals as matplotlib's error bars (below, above)."""
    values = np.asarray(counts, dtype=float)
    shares = values / max(trials, 1)
    bounds = np.array([wilson(float(n), trials) for n in values]).reshape(-1, 2)
    return shares, np.vstack([shares - bounds[:, 0], bounds[:, 1] - shares]).clip(min=0)


def _pyplot() -> Any:
    require("plots")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "wildstud"
    return plt


def _bars(ax: Any, series: Sequence[tuple[str, npt.ArrayLike, int]], labels: Sequence[str]) -> None:
    """Grouped bars of shares with their intervals, one group per label."""
    from matplotlib.ticker import PercentFormatter

    x = np.arange(len(labels))
    width = 0.8 / len(series)
    for k, (name, counts, trials) in enumerate(series):
        shares, errors = _errors(counts, trials)
        offset = (k - (len(series) - 1) / 2) * width
        ax.bar(x + offset, shares, width, yerr=errors, capsize=2, label=name)
    if len(labels) > 6 and max(map(len, labels)) > 3:
        ax.set_xticks(x, labels, rotation=35, ha="right")
    else:  # counts: whole numbers, one tick each
        ax.set_xticks(x, labels)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylim(bottom=0)
    if len(series) > 1:
        ax.legend()


def _plots(result: Study, out: Path, baseline: Study | None) -> dict[str, str]:
    plt = _pyplot()
    c = result.counts
    title = f"{result.rules.title} ({result.rules.code}), {result.players} players"
    categories = result.categories()
    labels = [category.label for category in categories]
    names: dict[str, str] = {}

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        fig.savefig(out / f"{name}.png", dpi=110)
        fig.savefig(out / f"{name}.svg", metadata={"Date": None})
        plt.close(fig)
        names[name] = name

    def by_category(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        return counts[[int(category) for category in categories]]

    fig, ax = plt.subplots(figsize=(8, 4.2))
    series = [(result.rules.code, by_category(c.winner_category), result.deals)]
    if baseline is not None:
        counts = baseline.counts.winner_category
        series.append((f"{baseline.rules.code} (baseline)", by_category(counts), baseline.deals))
    elif result.has_wilds:
        series.append(("same cards, nothing wild", by_category(c.winner_plain_category), c.deals))
    _bars(ax, series, labels)
    ax.set_ylabel("share of pots won")
    ax.set_title(f"{title}: the winning hand")
    save(fig, "categories")
    if not result.has_wilds:
        return names

    if _spread(c.wilds_held):
        fig, ax = plt.subplots(figsize=(6, 3.6))
        last = int(np.max(np.nonzero(c.wilds_held)[0])) + 1
        _bars(ax, [("hands", c.wilds_held[:last], c.hands)], [str(n) for n in range(last)])
        ax.set_xlabel("wild cards in a hand at the showdown")
        ax.set_ylabel("share of hands")
        ax.set_title(f"{title}: wild cards held")
        save(fig, "wilds")

    if _spread(c.changes):
        fig, ax = plt.subplots(figsize=(6, 3.6))
        last = int(np.max(np.nonzero(c.changes)[0])) + 1
        _bars(ax, [("deals", c.changes[:last], c.deals)], [str(n) for n in range(last)])
        ax.set_xlabel("face-up cards that change the wild cards, in a deal")
        ax.set_ylabel("share of deals")
        ax.set_title(f"{title}: changes of the wild cards")
        save(fig, "changes")

    fig, ax = plt.subplots(figsize=(8, 4.2))
    series = [
        ("with the wild cards", by_category(c.hand_category), c.hands),
        ("same cards, nothing wild", by_category(c.hand_plain_category), c.hands),
    ]
    _bars(ax, series, labels)
    ax.set_ylabel("share of hands at the showdown")
    ax.set_title(f"{title}: every hand, with and without the wild cards")
    save(fig, "plain")
    return names


def _possible(study: Study, categories: Sequence[Category]) -> npt.NDArray[np.bool_]:
    """Which of ``categories`` a hand can make in ``study`` (no bar for one it cannot)."""
    return np.array([category in study.categories() for category in categories])


def write_index(studies: Sequence[tuple[Study, str]], folder: Path | str) -> Path:
    """Write ``README.md`` and ``games.png``/``.svg`` into ``folder``: the winning hand of each
    study side by side, the first (plain stud, the baseline) first; each study is given with
    the relative link to its report."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    first = studies[0][0]
    categories = max((study.categories() for study, _ in studies), key=len)
    lines = [
        "# Studies",
        "",
        f"Each game at {first.players} players, every player to the showdown, with its house"
        f" rules' defaults; {first.rules.title} ({first.rules.code}), with nothing wild, is the"
        " baseline the others are compared with. Each report shows its plots, its intervals"
        " and the command that made it.",
        "",
        "![the winning hand in each game](games.svg)",
        "",
        "Share of pots won by each category (95% intervals in each report):",
        "",
        "| category | " + " | ".join(f"[{s.rules.code}]({link})" for s, link in studies) + " |",
        "|---|" + "---|" * len(studies),
    ]
    for category in categories:
        cells = [
            f"{100 * s.rate(int(s.counts.winner_category[category]))[0]:.2f}%"
            if category in s.categories()
            else "–"
            for s, _ in studies
        ]
        lines.append(f"| {category.label} | " + " | ".join(cells) + " |")
    lines.append("")
    for s, link in studies:
        lines.append(f"- [{s.rules.title} ({s.rules.code})]({link}): {s.deals:,} deals.")
    path = out / "README.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(10, 4.6))
    index = [int(category) for category in categories]
    series = [
        (
            s.rules.code,
            np.where(_possible(s, categories), s.counts.winner_category[index], np.nan),
            s.deals,
        )
        for s, _ in studies
    ]
    _bars(ax, series, [category.label for category in categories])
    ax.set_ylabel("share of pots won")
    ax.set_title(f"The winning hand, {first.players} players: each game against plain stud")
    fig.tight_layout()
    fig.savefig(out / "games.png", dpi=110)
    fig.savefig(out / "games.svg", metadata={"Date": None})
    plt.close(fig)
    return path
