// The night's audit as the page shows it (issue 26): once the host has ended the night, the
// settle-up and the history panel fetch the night record and check every deck of it in this
// browser (nightaudit.js), then say the result in words a player understands: the night as a
// whole ("Every deck of the night was made from the players' values: checked"), each fault with
// whom it names, and each deal with whose values made it. One check a table, shared by both.
// A table that dealt privately offers its private night record instead: it is audited here by
// privateaudit.js (loaded only then, with the curves), and where the server's own audit (its
// `private_audit` frame) says otherwise, the page says so: the server lied about its audit.

import { api, base } from "./api.js";
import { h } from "./dom.js";
import { auditNight } from "./nightaudit.js";
import { canCheck } from "./proofs.js";
import { describeAuditDisagreement, describeDealAudit, describeNightAudit } from "./words.js";

// privateaudit.js's PRIVATE_FORMAT, not imported from it: that would load the curves on every page.
const PRIVATE_FORMAT = "wildstud-private-night/1";
const RETRY_MS = 2000; // while the server answers 409 (the last hand, or the parties' secrets)
const RETRIES = 150;

const outcomes = new Map(); // table id: its check's outcome, once known
const waiting = new Map(); // table id: the redraws to call when its check is done

async function fetchRecord(tableId) {
  for (let tries = 1; ; tries++) {
    try {
      return await api(`/tables/${encodeURIComponent(tableId)}/night-record`);
    } catch (error) {
      // 409: not offered yet (the last hand plays out, or the parties publish their secrets).
      if (error.status !== 409 || tries >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

async function check(tableId) {
  let record;
  try {
    record = await fetchRecord(tableId);
  } catch (error) {
    // 404: the table dealt no hand shuffled by its players; there is nothing to check.
    if (error.status === 404) return { none: true };
    return { error: `The night record could not be read: ${error.message}` };
  }
  const isPrivate = record && record.format === PRIVATE_FORMAT;
  if (!isPrivate && !canCheck())
    return {
      error:
        "This browser cannot check the night record here (it needs https, or this computer): download it and run wildstud verify --night FILE.",
    };
  try {
    if (isPrivate) {
      const { auditPrivateNight, auditsAgree } = await import("./privateaudit.js");
      const audit = await auditPrivateNight(record);
      return { privateAudit: audit, agrees: (server) => auditsAgree(server, audit) };
    }
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

function recordLink(tableId) {
  return h(
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
  );
}

/** A private night's audit, made in this page: its verdict, each fault naming its party, and
 * where `server` (the server's `private_audit` frame, when the page has one) says otherwise. */
function privateSection(tableId, { privateAudit: audit, agrees }, server, withLink) {
  const disagrees = server && !agrees(server);
  return h(
    "section",
    {
      className: `night-audit private ${audit.verified ? "verified" : "failed"}`,
      "data-key": "night-audit",
    },
    h("h3", {}, "The night's audit, checked in this browser"),
    h("p", { className: "night-audit-result", role: audit.verified ? "status" : "alert" }, audit.words),
    audit.faults.length
      ? h(
          "ul",
          { className: "night-audit-faults" },
          audit.faults.map((item) => h("li", {}, `${item.text} (deal ${item.deal}).`)),
        )
      : "",
    disagrees
      ? h(
          "p",
          { className: "night-audit-disagrees", role: "alert" },
          describeAuditDisagreement(server.deals, server.faults.length),
        )
      : "",
    withLink && recordLink(tableId),
  );
}

/**
 * The night's audit as a section: checking, the outcome, or why it could not be checked.
 * `outcome` is watchNight's; `wasOpen` keeps the list of deals open across a redraw; `withLink`
 * adds the record's download (the settle-up has its own); `server` is the server's own audit of
 * a private night (its `private_audit` frame), said where the page's audit disagrees with it.
 */
export function nightAuditSection(tableId, outcome, wasOpen = false, withLink = false, server = null) {
  const title = h("h3", {}, "The night's audit, checked in this browser");
  if (outcome === undefined)
    return h(
      "section",
      { className: "night-audit checking", "data-key": "night-audit", "aria-busy": "true" },
      title,
      h("p", { role: "status" }, "Checking every deck of the night…"),
    );
  if (outcome.none) return "";
  if (outcome.privateAudit) return privateSection(tableId, outcome, server, withLink);
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
    withLink && recordLink(tableId),
  );
}
