// A shared hand's page (/shared/{token}): one finished hand replayed step by step as a
// spectator saw it, from its first card (no spoiler: the end shows only when stepped to), with
// each hand's chances at every street and its PHH record to download. The token opens this hand
// and nothing else (GET /api/shared/{token}/steps, /odds and /phh): the page offers no way to
// the table, its other hands or a seat, and needs none of the night's other links.

import { base } from "./api.js";
import { h } from "./dom.js";
import { showReplay } from "./replay.js";

/** Replace the page with the replay of the hand shared under `token`. */
export function showShared(root, token) {
  document.body.dataset.page = "shared";
  document.title = "A shared hand · wildstud";
  const path = `/shared/${encodeURIComponent(token)}`;
  const box = h("div", { className: "replay" }, h("p", { role: "status" }, "Loading the hand…"));
  root.replaceChildren(
    h(
      "section",
      { className: "shared-page", id: "shared", "aria-labelledby": "shared-title" },
      h("h1", { id: "shared-title" }, "A hand of wild-card stud, shared"),
      h(
        "p",
        {},
        "Step through it as the table saw it: the face-down cards show only where the showdown showed them, with each hand's chances at every street.",
      ),
      box,
      h("p", {}, h("a", { href: `${base}/` }, "Start a night of your own")),
    ),
  );
  showReplay(box, {
    paths: { steps: `${path}/steps`, odds: `${path}/odds`, phh: `${path}/phh` },
    filename: (record) => `hand-${record.number}.phh`,
    seatCount: (record) => Math.max(...record.lineup) + 1,
    heading: "h2",
    noSpoilers: true,
  }).catch((error) => {
    box.replaceChildren(
      h(
        "p",
        { role: "alert" },
        error.status === 404 ? "This link opens no hand: it may be mistyped, or its table is gone." : error.message,
      ),
    );
  });
}
