"""axe-core in the browser tests: where its script lies (``npm ci`` puts it there), the rules
every audit runs, the two sizes a page is audited at, and the audit itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.async_api import Page, ViewportSize

from tests.browser.pages import photograph

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
SIZES: dict[str, ViewportSize] = {
    "wide": {"width": 1280, "height": 900},
    "phone": {"width": 390, "height": 844},
}

# axe's run, its violations reduced to what a reader needs: the rule, why, and where.
RUN_AXE = """async (tags) => {
  // A fade caught half-way (a notice coming or going) blends its text into what lies under it,
  // a contrast no reader ever meets: every finite animation and transition is taken to its end.
  for (const animation of document.getAnimations()) {
    if (animation.effect.getTiming().iterations !== Infinity) animation.finish();
  }
  const only = { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] };
  const result = await axe.run(document, only);
  return result.violations.map((rule) => ({
    id: rule.id,
    help: rule.help,
    nodes: rule.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary}`),
  }));
}"""


def axe_ready() -> None:
    """Fails at once, saying how to fix it, when axe-core is not installed."""
    if not AXE.exists():
        raise AssertionError(f"{AXE} is missing: run `npm ci` (scripts/test does)")


async def audit(page: Page, name: str, shots: Path, found: dict[str, list[Any]]) -> None:
    """axe at both sizes on what `page` shows now; violations go in `found` by page and size.
    The page is photographed at each size only when the screenshots are kept (nothing reads
    them: 0.6 s of CPU a shot, 64 shots of the audits in seven files)."""
    for size, viewport in SIZES.items():
        await page.set_viewport_size(viewport)
        await page.wait_for_timeout(150)
        await photograph(page, shots / f"{name}-{size}.png", full_page=True)
        violations = await page.evaluate(RUN_AXE, RULES)
        if violations:
            found[f"{name} at {size}"] = violations
    await page.set_viewport_size(SIZES["wide"])
