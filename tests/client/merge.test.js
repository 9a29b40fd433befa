// A redrawing merged into the page (dom.js mergeChildren) keeps every element that is still
// drawn, in its place, and never takes it off the page: a button taken off and put back while a
// finger is on it loses the click (the ledger's Leave lost so, a line above it gone at a hand's
// end). The stand-in DOM counts every element taken out of its parent, moves included.

import { test } from "node:test";
import assert from "node:assert/strict";

import { html, installDocument } from "./fakedom.js";

const document = installDocument();
const { h, mergeChildren } = await import("../../src/wildstud/server/static/js/dom.js");

/** `parent` on the page, with a record of every child taken out of it (a move takes it out). */
function onPage(parent) {
  document.body.append(parent);
  const taken = [];
  const drop = parent.drop.bind(parent);
  parent.drop = (node) => {
    taken.push(node);
    drop(node);
  };
  return taken;
}

/** A ledger-like panel: a title, lines that come and go, and the Leave button's row. */
function panel({ above = [], below = [] } = {}) {
  return h(
    "div",
    {},
    h("h2", {}, "The night's ledger"),
    above.map((key) => h("p", { "data-key": key }, key)),
    h("div", { "data-key": "leave" }, h("button", { type: "button", id: "leave-table" }, "Leave the table")),
    below.map((key) => h("p", { "data-key": key }, key)),
  );
}

test("a keyed line gone from above leaves the elements after it where they are", () => {
  const target = h("section");
  const taken = onPage(target);
  mergeChildren(target, panel({ above: ["holds-all", "ask"], below: ["message", "unread"] }));
  const row = target.children[3];
  const button = row.firstChild;
  const after = target.children.slice(4);
  taken.length = 0;

  // The first line goes, the second turns into another (the form for chips becomes its answer).
  mergeChildren(target, panel({ above: ["asked"], below: ["message", "unread"] }));
  assert.deepEqual(
    taken.map((node) => node.getAttribute("data-key")),
    ["holds-all", "ask"],
    "only the lines gone are taken out",
  );
  assert.equal(target.children[2], row);
  assert.equal(row.firstChild, button);
  assert.deepEqual(target.children.slice(3), after);
  assert.equal(
    html(target),
    html(h("section", {}, ...panel({ above: ["asked"], below: ["message", "unread"] }).childNodes)),
  );
});

test("a line drawn again with other words is changed in place", () => {
  const target = h("section");
  const taken = onPage(target);
  mergeChildren(target, panel({ below: ["message"] }));
  const before = [...target.childNodes];
  taken.length = 0;
  const fresh = panel({ below: ["message"] });
  fresh.childNodes.at(-1).firstChild.nodeValue = "You are leaving the table";
  mergeChildren(target, fresh);
  assert.deepEqual(taken, []);
  assert.deepEqual([...target.childNodes], before);
  assert.equal(target.childNodes.at(-1).textContent, "You are leaving the table");
});

test("elements drawn in another order are put in it, and a line new above is put in", () => {
  const target = h("section");
  onPage(target);
  mergeChildren(target, panel({ above: ["a", "b"] }));
  const [a, b] = [target.children[1], target.children[2]];
  mergeChildren(target, panel({ above: ["new", "b", "a"] }));
  assert.deepEqual(
    target.children.map((node) => node.getAttribute("data-key")),
    [null, "new", "b", "a", "leave"],
  );
  assert.equal(target.children[2], b);
  assert.equal(target.children[3], a);
});
