// The room the seat's dock (the turn's choices, the dealer's pick, show or muck, run it twice,
// under the felt) keeps on the table's page.

/** A seat's dock keeps the room its choices (`actions`) took at their tallest since the window
 * took its size: the felt above keeps its height as turns come and go, so no seat moves when the
 * buttons come, and the pages do not paint the whole felt again at every action, which a felt
 * whose height changes costs them (docs/benchmarks.md, session 28: 12–14 times a hand, the
 * most of a private street's drawing). Only the choices' room: the dealer's picker and the
 * showdown's question come once a hand, and held all night they would take a phone's felt.
 * Watched rather than measured at each drawing: the panel redraws itself too (a request
 * sent, answered). The room is a rule of a stylesheet of the page's own making, not a style
 * attribute, which the table's policy keeps off every element (test_hardening). A
 * spectator's dock says one line: nothing to hold while `seated()` is false. */
export function holdDock(actions, seated) {
  if (typeof ResizeObserver !== "function" || typeof CSSStyleSheet !== "function") return;
  const sheet = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  let size = "";
  let held = 0;
  new ResizeObserver(() => {
    if (!seated()) return;
    const now = `${window.innerWidth}x${window.innerHeight}`;
    if (now !== size) {
      size = now;
      held = 0;
      sheet.replaceSync("");
    }
    const height = actions.hidden ? 0 : actions.getBoundingClientRect().height;
    if (height > held + 0.5) {
      held = height;
      sheet.replaceSync(`#dock { min-height: ${height}px; }`);
    }
  }).observe(actions);
}
