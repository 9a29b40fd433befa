// The night's audit as the page shows it (issue 26): once the host has ended the night, the
// settle-up and the history panel fetch the night record and check every deck of it in this
// browser (nightaudit.js), then say the result in words a player understands: the night as a
// whole ("Every deck of the night was made from the players' values: checked"), each fault with
// whom it names, and each deal with whose values made it. One check a table, shared by both.
// A table that dealt privately offers its private night record instead: it is audited by
// privateaudit.js in a Worker (privateauditworker.js: seconds of CPU the page's main thread does
// not spend, so that the page answers a click while it runs; on the main thread only where the
// browser cannot start one), hand by hand as the page says; where the server's own audit (its
// `private_audit` frame) says otherwise, the page says so: the server lied about its audit. And
// the page holds the record's key and secret of its own party to the ones it used and
// published (kept in IndexedDB by privaterounds.js, dropped once the record holds them): a
// server that rewrote the record whole, consistent with itself, cannot change those unseen.

import { api, base } from "./api.js";
import { auditsAgree } from "./auditsagree.js";
import { h } from "./dom.js";
import { auditNight } from "./nightaudit.js";
import { forgetNight, heldNight, indexedStore } from "./privaterounds.js";
import { canCheck } from "./proofs.js";
import {
  describeAuditDisagreement,
  describeAuditProgress,
  describeDealAudit,
  describeNightAudit,
  describeRecordChanged,
} from "./words.js";

// privateaudit.js's formats, not imported from it: that would load the curves on every page. Any
// version of the private record goes to it, which refuses one it does not audit by its version.
const PRIVATE_FORMATS = "wildstud-private-night/";
const RETRY_MS = 2000; // while the record is not offered (the last hand, or the parties' secrets)
const RETRIES = 150;

const outcomes = new Map(); // table id: its check's outcome, once known
const waiting = new Map(); // table id: the redraws to call when its check is done
const progress = new Map(); // table id: how far its private check has gone ({hand, hands, slow})
// Where the check runs on the page's main thread: said while it runs, and once it is done.
const SLOW = "This browser cannot check in the background, so this page may be slow to answer until the check is done.";
const SLOW_DONE = "This browser could not check in the background: the check ran in this page itself.";

/** Raised where the browser cannot start the audit's Worker (no module Worker, or its module
 * refused): the page then audits on its main thread. */
class NoWorker extends Error {}

/** The night record once the server offers it, or null where there is none. Whether it is
 * offered yet is asked first, every RETRY_MS while the last hand plays out or the parties
 * publish their secrets: an answer the page expects, not an error in the browser's console. */
async function fetchRecord(tableId) {
  const path = `/tables/${encodeURIComponent(tableId)}/night-record`;
  for (let tries = 1; ; tries++) {
    const offer = await api(`${path}/offered`);
    if (offer.none) return null;
    if (offer.offered) return api(path);
    if (tries >= RETRIES) throw new Error(offer.detail);
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

async function check(tableId) {
  let record;
  try {
    record = await fetchRecord(tableId);
  } catch (error) {
    return { error: `The night record could not be read: ${error.message}` };
  }
  if (record === null) return { none: true }; // the table dealt no hand shuffled by its players
  const isPrivate = record && typeof record.format === "string" && record.format.startsWith(PRIVATE_FORMATS);
  if (!isPrivate && !canCheck())
    return {
      error:
        "This browser cannot check the night record here (it needs https, or this computer): download it and run wildstud verify --night FILE.",
    };
  try {
    if (isPrivate) return await checkPrivate(tableId, record);
    return { audit: await auditNight(record) };
  } catch (error) {
    return {
      error: `The night record could not be checked (${error.message}): it is not a record the server should give.`,
    };
  }
}

/** The audit of a private `record` and its differences from `held` (privateaudit.js's
 * auditPrivateNight and ownPart) in a module Worker, telling `onProgress`; NoWorker where the
 * Worker does not start. */
function inWorker(record, held, onProgress) {
  return new Promise((resolve, reject) => {
    let worker;
    try {
      worker = new Worker(new URL("./privateauditworker.js", import.meta.url), { type: "module" });
    } catch (error) {
      reject(new NoWorker(error.message));
      return;
    }
    let started = false;
    worker.onmessage = ({ data }) => {
      if (data.ready) started = true;
      else if (data.progress) onProgress(data.progress);
      else {
        worker.terminate();
        if (data.error) reject(new Error(data.error));
        else resolve(data);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault(); // said in the page instead
      worker.terminate();
      const reason = event.message || "its module did not load";
      reject(started ? new Error(reason) : new NoWorker(reason));
    };
    worker.postMessage({ record, held });
  });
}

/** Redraw what shows table `tableId`'s check as it goes: each redraw asks again (watchNight),
 * and so is kept for the next; one that no longer shows it is dropped. */
function redrawChecking(tableId) {
  const redraws = waiting.get(tableId) ?? [];
  waiting.set(tableId, new Set());
  for (const again of redraws) again();
}

/** A private night record checked (see the module): the audit, this page's own part, and the
 * secrets it held for the table dropped once they are checked. */
async function checkPrivate(tableId, record) {
  const store = typeof indexedDB === "undefined" ? null : indexedStore();
  const held = store ? await heldNight(store, tableId).catch(() => []) : [];
  progress.set(tableId, {});
  redrawChecking(tableId);
  const onProgress = (at) => {
    const was = progress.get(tableId);
    progress.set(tableId, { ...was, ...at });
    if (was && was.hand === at.hand) return; // redrawn once a hand
    redrawChecking(tableId);
  };
  let found;
  try {
    found = await inWorker(record, held, onProgress);
  } catch (error) {
    if (!(error instanceof NoWorker)) throw error;
    progress.set(tableId, { slow: true });
    const { auditPrivateNight, ownPart } = await import("./privateaudit.js");
    found = { audit: await auditPrivateNight(record, { onProgress }), own: ownPart(record, held) };
  }
  // Dropped once the record holds them; kept (a few days at most) where it does not, so that a
  // reload says so again.
  if (held.length && !found.own.length) await forgetNight(store, tableId).catch(() => {});
  return { privateAudit: found.audit, own: found.own, slow: Boolean(progress.get(tableId).slow) };
}

/** What the page says while it checks table `tableId`'s night: how far its private check has
 * gone (and that it may be slow, where it runs on the page's main thread), or null. */
export function progressWords(tableId) {
  const at = progress.get(tableId);
  if (!at) return null;
  const words = at.hand ? describeAuditProgress(at.hand, at.hands) : "Checking every deal of the night…";
  return at.slow ? `${SLOW} ${words}` : words;
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

/** A private night's audit, made in this page: its verdict, each fault naming its party, each
 * deal where the record does not hold this page's own part, and where `server` (the server's
 * `private_audit` frame, when the page has one) says otherwise. */
function privateSection(tableId, { privateAudit: audit, own, slow }, server, withLink) {
  const disagrees = server && !auditsAgree(server, audit);
  const verified = audit.verified && !own.length;
  const hands = (items) => [...new Set(items.map((item) => item.hand))];
  const asked = hands(own.filter((item) => item.what === "asked"));
  const words = own.length ? describeRecordChanged(hands(own), asked) : audit.words;
  return h(
    "section",
    { className: `night-audit private ${verified ? "verified" : "failed"}`, "data-key": "night-audit" },
    h("h3", {}, "The night's audit, checked in this browser"),
    h("p", { className: "night-audit-result", role: verified ? "status" : "alert" }, words),
    own.length
      ? h(
          "ul",
          { className: "night-audit-own" },
          own.map((item) => h("li", {}, `${item.text} (deal ${item.deal}).`)),
        )
      : "",
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
    slow ? h("p", { className: "muted night-audit-slow" }, SLOW_DONE) : "",
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
      h("p", { role: "status" }, progressWords(tableId) ?? "Checking every deck of the night…"),
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
      describeNightAudit(audit.deals.length, kinds, names, audit.deals.filter((deal) => !deal.made_from.length).length),
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
