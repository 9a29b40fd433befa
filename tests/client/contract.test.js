// The client reads only the view fields listed in tests/client/contract.json: a lint over the
// sources of src/wildstud/server/static/js, each read of `view.X` (a hand's view) and
// `seatView.X` (one seat of it) checked against the list, and no listed field left unread.

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

test("the lint finds a stray read, and passes a listed one and a comment", () => {
  const text = "const a = view.wild_text;\n// view.secret\nconst b = hand.view.wild;\nview[key];";
  assert.deepEqual(
    reads(text, "view").map((read) => read.field),
    ["wild_text", "wild", "["],
  );
});
