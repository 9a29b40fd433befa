// The page of a link that opens no table (a join, host or watch link cut short, mistyped or
// replaced): what happened and what to do about it, never a bare table. A module of its own
// so that the pages that need it (join.js, host.js, table.js) import it without one another.

import { base } from "./api.js";
import { h } from "./dom.js";

/** What the page says when a link opens no table (a join link's words unless `heading` and
 * `text` say another link's), with what to do about it. */
export function unknownLink(
  root,
  heading = "This join link opens no table",
  text = "It may have been cut short or mistyped when it was copied: open it again from the message the host sent. If it still opens nothing, ask the host for the link: they may have replaced it with a new one, or closed the table.",
) {
  root.replaceChildren(
    h("header", { className: "bar" }, h("h1", {}, "wildstud")),
    h(
      "section",
      { className: "join-table join-unknown", role: "alert" },
      h("h2", {}, heading),
      h("p", {}, text),
      h("p", {}, h("a", { href: `${base}/` }, "Start a night of your own")),
    ),
  );
}
