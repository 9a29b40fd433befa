// The client reads only the view fields listed in tests/client/contract.json: a lint over the
// sources of src/wildstud/server/static/js, each read of `view.X` (a hand's view) and
// `seatView.X` (one seat of it) checked against the list, and no listed field left unread; and
// the view and its seats taken under no other name, which the lint would not follow.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";

const CLIENT = new URL("../../src/wildstud/server/static/js/", import.meta.url);
const contract = JSON.parse(readFileSync(new URL("./contract.json", import.meta.url), "utf8"));

/** Each `name.field` read in the client's sources, as "file:line: name.field". */
export function reads(source, name) {
  const pattern = new RegExp(`\\b${name}\\??\\.([A-Za-z_]\\w*)|\\b${name}\\[`, "g");
  const found = [];
  source.split("\n").forEach((line, index) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    for (const match of line.matchAll(pattern)) found.push({ line: index + 1, field: match[1] ?? "[" });
  });
  return found;
}

/**
 * Each place a seat of the view, or the view itself, is taken under a name the lint above does
 * not follow, as "file:line: what": a seat bound from `view.seats` (an index, a loop, a callback's
 * first parameter) named anything but `seatView`, or the view or a seat destructured, whose
 * fields would then be read unseen.
 */
export function escapes(source) {
  const seats = String.raw`\bview\??\.seats`;
  const patterns = [
    [new RegExp(String.raw`(?:const|let|var)\s+(\w+)\s*=[^;]*${seats}\[`), "a seat bound"],
    [new RegExp(String.raw`for\s*\(\s*(?:const|let|var)\s+(\w+)\s+of\s+[^)]*${seats}\s*\)`), "a seat looped over"],
    [new RegExp(String.raw`${seats}\.\w+\(\s*(?:\(\s*)?(\w+)`), "a seat handed to a callback"],
    [
      new RegExp(String.raw`(?:const|let|var)\s*\{[^}]*\}\s*=\s*[\w.?]*\b(view|seatView)\b\s*[;,)]?\s*$`),
      "destructured",
    ],
  ];
  const found = [];
  source.split("\n").forEach((line, index) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    for (const [pattern, what] of patterns) {
      const match = line.match(pattern);
      if (match && (what === "destructured" || match[1] !== "seatView"))
        found.push(`${index + 1}: ${what} as ${match[1]}`);
    }
  });
  return found;
}

const sources = readdirSync(CLIENT)
  .filter((name) => name.endsWith(".js"))
  .map((name) => ({ name, text: readFileSync(new URL(name, CLIENT), "utf8") }));

for (const part of ["view", "seatView"]) {
  test(`the client reads only the listed ${part} fields`, () => {
    const allowed = new Set(contract[part]);
    const used = new Set();
    const strays = [];
    for (const { name, text } of sources) {
      for (const { line, field } of reads(text, part)) {
        used.add(field);
        if (!allowed.has(field)) strays.push(`${name}:${line}: ${part}.${field}`);
      }
    }
    assert.deepEqual(strays, [], "a view field the contract does not list (a computed read counts too)");
    assert.deepEqual(
      contract[part].filter((field) => !used.has(field)),
      [],
      "a listed field the client never reads",
    );
  });
}

test("the view and its seats are read only under the names the lint follows", () => {
  const strays = sources.flatMap(({ name, text }) => escapes(text).map((found) => `${name}:${found}`));
  assert.deepEqual(strays, [], "name a seat of the view seatView, and take no field of the view or a seat apart");
});

test("the lint finds a seat or a view taken under another name", () => {
  const text = [
    "const seat = hand.view.seats[engine];",
    "for (const s of view.seats) use(s.secret);",
    "hand.view.seats.map((seat, engine) => seat.secret);",
    "view.seats.some(seat => seat.secret);",
    "const { secret } = hand.view;",
    "const seatView = hand && hand.view.seats[engine];",
    "hand.view.seats.forEach((seatView) => seatView.stack);",
    "// const seat = view.seats[0];",
  ].join("\n");
  assert.deepEqual(escapes(text), [
    "1: a seat bound as seat",
    "2: a seat looped over as s",
    "3: a seat handed to a callback as seat",
    "4: a seat handed to a callback as seat",
    "5: destructured as view",
  ]);
});

test("the lint finds a stray read, and passes a listed one and a comment", () => {
  const text = "const a = view.wild_text;\n// view.secret\nconst b = hand.view.wild;\nview[key];";
  assert.deepEqual(
    reads(text, "view").map((read) => read.field),
    ["wild_text", "wild", "["],
  );
});
