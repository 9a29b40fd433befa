// The night's audit as the page shows it (issue 26): once the host has ended the night, the
// settle-up and the history panel fetch the night record and check every deck of it in this
// browser (nightaudit.js), then say the result in words a player understands: the night as a
// whole ("Every deck of the night was made from the players' values: checked"), each fault with
// whom it names, and each deal with whose values made it. One check a table, shared by both.

import { api, base } from "./api.js";
import { h } from "./dom.js";
import { auditNight } from "./nightaudit.js";
import { canCheck } from "./proofs.js";
import { describeDealAudit, describeNightAudit } from "./words.js";

const outcomes = new Map(); // table id: its check's outcome, once known
const waiting = new Map(); // table id: the redraws to call when its check is done

async function check(tableId) {
  if (!canCheck())
    return {
      error:
        "This browser cannot check the night record here (it needs https, or this computer): download it and run wildstud verify --night FILE.",
    };
  let record;
  try {
    record = await api(`/tables/${encodeURIComponent(tableId)}/night-record`);
  } catch (error) {
    // 404: the table dealt no hand shuffled by its players; there is nothing to check.
    if (error.status === 404) return { none: true };
    return { error: `The night record could not be read: ${error.message}` };
  }
  try {
    return { audit: await auditNight(record) };
  } catch (error) {
    return {
      error: `The night record could not be checked (${error.message}): it is not a record the server should give.`,
    };
  }
}

/**
 * The outcome of checking table `tableId`'s night record, once known: `{audit}`, `{none}` (no
 * hand to check) or `{error}` (a sentence); undefined while it is being checked, and `redraw`
 * is called when it is done. The record is fetched and checked once a page load.
 */
export function watchNight(tableId, redraw) {
  if (outcomes.has(tableId)) return outcomes.get(tableId);
  if (!waiting.has(tableId)) {
    waiting.set(tableId, new Set());
    check(tableId).then((outcome) => {
      outcomes.set(tableId, outcome);
      const redraws = waiting.get(tableId);
      waiting.delete(tableId);
      for (const again of redraws) again();
    });
  }
  waiting.get(tableId).add(redraw);
  return undefined;
}

/**
 * The night's audit as a section: checking, the outcome, or why it could not be checked.
 * `outcome` is watchNight's; `wasOpen` keeps the list of deals open across a redraw; `withLink`
 * adds the record's download (the settle-up has its own).
 */
export function nightAuditSection(tableId, outcome, wasOpen = false, withLink = false) {
  const title = h("h3", {}, "The night's audit, checked in this browser");
  if (outcome === undefined)
    return h(
      "section",
      { className: "night-audit checking", "data-key": "night-audit", "aria-busy": "true" },
      title,
      h("p", { role: "status" }, "Checking every deck of the night…"),
    );
  if (outcome.none) return "";
  if (outcome.error)
    return h(
      "section",
      { className: "night-audit", "data-key": "night-audit" },
      title,
      h("p", { role: "status" }, outcome.error),
    );
  const { audit } = outcome;
  const kinds = audit.faults.map((item) => item.kind);
  const names = [...new Set(audit.faults.map((item) => item.names))];
  const failed = new Set(audit.faults.map((item) => `${item.hand}/${item.deal}`));
  const hands = new Set(audit.faults.filter((item) => item.deal === null).map((item) => item.hand));
  const night = audit.faults.some((item) => item.hand === null);
  const deals = audit.deals.map((deal) =>
    h(
      "li",
      { className: failed.has(`${deal.hand}/${deal.deal}`) || hands.has(deal.hand) || night ? "failed" : "checked" },
      describeDealAudit(
        deal.hand,
        deal.deal,
        deal.made_from,
        deal.left_out,
        failed.has(`${deal.hand}/${deal.deal}`) || hands.has(deal.hand) || night,
      ),
    ),
  );
  return h(
    "section",
    { className: audit.verified ? "night-audit verified" : "night-audit failed", "data-key": "night-audit" },
    title,
    h(
      "p",
      { className: "night-audit-result", role: audit.verified ? "status" : "alert" },
      describeNightAudit(audit.deals.length, kinds, names),
    ),
    audit.faults.length
      ? h(
          "ul",
          { className: "night-audit-faults" },
          audit.faults.map((item) =>
            h("li", {}, `${item.text[0].toUpperCase()}${item.text.slice(1)}.`, h("small", {}, ` Names ${item.names}.`)),
          ),
        )
      : "",
    audit.deals.length
      ? h(
          "details",
          { className: "night-audit-deals", open: wasOpen },
          h("summary", {}, `Each deal of the night (${audit.deals.length})`),
          h("ol", {}, deals),
        )
      : "",
    withLink &&
      h(
        "p",
        { className: "muted" },
        "The same check on your own computer: ",
        h(
          "a",
          {
            href: `${base}/api/tables/${encodeURIComponent(tableId)}/night-record`,
            download: `${tableId}-night-record.json`,
          },
          "download the night record",
        ),
        " and run ",
        h("code", {}, "wildstud verify --night FILE"),
        ".",
      ),
  );
}
