"""A study written out: a Markdown report with its plots (PNG and SVG) in a folder.

>>> import tempfile, pathlib
>>> from wildstud.odds.study import study
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> path = write_report(study("SMBU", 3, deals=2_000, seed=1), folder)
>>> path.name, sorted(p.name for p in folder.glob("*.svg"))[:1]
('README.md', ['categories.svg'])
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from wildstud.extras import require
from wildstud.hands.encoding import Category
from wildstud.odds.study import Study

__all__ = ["write_report"]


def _pct(rate: tuple[float, float, float]) -> str:
    value, low, high = rate
    return f"{100 * value:.2f}% ({100 * low:.2f}–{100 * high:.2f})"


def write_report(result: Study, folder: Path | str) -> Path:
    """Write ``README.md`` and the plots of ``result`` into ``folder`` (made if missing)."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    plots = _plots(result, out)
    c = result.counts
    rules = result.rules
    changes = rules.options.changes()
    house = ", ".join(f"`{k}={v}`" for k, v in changes.items()) or "the defaults"
    lines = [
        f"# {rules.title} ({rules.code}): {result.players} players, {result.deals:,} deals",
        "",
        f"Every player stays to the showdown; house rules: {house}; seed {result.seed}."
        " Rates are given with their 95% confidence intervals (Wilson).",
        "Made with `wildstud study "
        f"{rules.code} --players {result.players} --deals {result.deals} --seed {result.seed}"
        f"{''.join(f' --option {k}={v}' for k, v in changes.items())} --out FOLDER`.",
        "",
        "## The winning hand",
        "",
        f"![winning categories]({plots['categories']}.svg)",
        "",
        "| category | wins the pot | as plain stud (same cards, nothing wild)"
        " | any hand at the showdown |",
        "|---|---|---|---|",
    ]
    for category in reversed(Category):
        i = int(category)
        lines.append(
            f"| {category.label} | {_pct(result.rate(int(c.winner_category[i])))}"
            f" | {_pct(result.rate(int(c.winner_plain_category[i])))}"
            f" | {_pct(result.rate(int(c.hand_category[i]), c.hands))} |"
        )
    five = int(Category.FIVE_OF_A_KIND)
    lines += [
        "",
        f"- Five of a kind wins {_pct(result.rate(int(c.winner_category[five])))} of the pots;"
        f" a given hand makes it {_pct(result.rate(int(c.hand_category[five]), c.hands))}"
        " of the time.",
        f"- The high half is split between equal hands in {_pct(result.rate(c.ties))} of deals.",
        f"- The winner needs no wild card in {_pct(result.rate(c.natural_winners))} of deals.",
        "",
        "## Wild cards",
        "",
        f"![wild cards held]({plots['wilds']}.svg)",
        "",
        "| wild cards in a hand at the showdown | hands |",
        "|---|---|",
    ]
    for count, hands in enumerate(c.wilds_held):
        if hands:
            lines.append(f"| {count} | {_pct(result.rate(int(hands), c.hands))} |")
    redealt = result.deals - int(c.redeals[0])
    mean_redeals = float((np.arange(len(c.redeals)) * c.redeals).sum() / result.deals)
    mean_changes = float((np.arange(len(c.changes)) * c.changes).sum() / result.deals)
    lines += [
        "",
        f"The wild cards of the whole table change {mean_changes:.3f} times per deal on average"
        " (a face-up card that makes a new rank wild or cancels one);"
        f" they never change in {_pct(result.rate(int(c.changes[0])))} of deals.",
        "",
        f"![changes of the wild cards]({plots['changes']}.svg)",
        "",
        "## Redeals and split pots",
        "",
        f"- Deals stopped and dealt again at least once: {_pct(result.rate(redealt))}"
        f" (mean {mean_redeals:.3f} redeals per hand).",
    ]
    if rules.special_card is not None:
        lines += [
            f"- A live hand holds the {rules.special_card.pretty} face down at the showdown"
            f" (the pot is split): {_pct(result.rate(c.special))}.",
            f"- One player takes both halves: {_pct(result.rate(c.scoops))}.",
        ]
    lines += [
        "",
        "## Against plain stud",
        "",
        f"![with and without the wild cards]({plots['plain']}.svg)",
        "",
        "The same cards valued with nothing wild: how much the game's wild cards lift the hands"
        " at the showdown, category by category (share of all hands shown).",
        "",
    ]
    path = out / "README.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def _plots(result: Study, out: Path) -> dict[str, str]:
    require("plots")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "wildstud"
    c = result.counts
    labels = [category.label for category in Category]
    names: dict[str, str] = {}

    def save(fig: object, name: str) -> None:
        figure = fig  # a matplotlib Figure
        figure.tight_layout()  # type: ignore[attr-defined]
        figure.savefig(out / f"{name}.png", dpi=110)  # type: ignore[attr-defined]
        figure.savefig(out / f"{name}.svg", metadata={"Date": None})  # type: ignore[attr-defined]
        plt.close(figure)  # type: ignore[arg-type]
        names[name] = name

    x = np.arange(10)
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.bar(x - 0.2, c.winner_category / result.deals, 0.4, label="with the wild cards")
    ax.bar(x + 0.2, c.winner_plain_category / result.deals, 0.4, label="plain stud")
    ax.set_xticks(x, labels, rotation=35, ha="right")
    ax.set_ylabel("share of pots won")
    ax.set_title(f"{result.rules.code}, {result.players} players: the winning hand")
    ax.legend()
    save(fig, "categories")

    fig, ax = plt.subplots(figsize=(6, 3.5))
    held = c.wilds_held / max(c.hands, 1)
    ax.bar(np.arange(len(held)), held)
    ax.set_xlabel("wild cards in a hand at the showdown")
    ax.set_ylabel("share of hands")
    save(fig, "wilds")

    fig, ax = plt.subplots(figsize=(6, 3.5))
    last = int(np.max(np.nonzero(c.changes)[0], initial=0)) + 1
    ax.bar(np.arange(last), c.changes[:last] / result.deals)
    ax.set_xlabel("changes of the wild cards in a deal")
    ax.set_ylabel("share of deals")
    save(fig, "changes")

    fig, ax = plt.subplots(figsize=(8, 4))
    hands = max(c.hands, 1)
    ax.bar(x - 0.2, c.hand_category / hands, 0.4, label="with the wild cards")
    ax.bar(x + 0.2, c.hand_plain_category / hands, 0.4, label="plain stud")
    ax.set_xticks(x, labels, rotation=35, ha="right")
    ax.set_ylabel("share of hands at the showdown")
    ax.legend()
    save(fig, "plain")
    return names
