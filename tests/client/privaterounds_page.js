// A page's side of a private deal's rounds, driven by tests/test_private_rounds_page.py: one JSON
// request a line on stdin ({op, context, deal, party, …}), one JSON answer a line on stdout, each
// from static/js/privaterounds.js, the secrets kept in memory across the deals of the session.

import { createInterface } from "node:readline";

import { PageRounds, memoryStore } from "../../src/wildstud/server/static/js/privaterounds.js";

const store = memoryStore();
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const asked = JSON.parse(line);
  const page = new PageRounds({ context: asked.context, deal: asked.deal, party: asked.party, store });
  let answer;
  if (asked.op === "answer") answer = await page.answer(asked.asked);
  else if (asked.op === "open") answer = await page.open(asked.points);
  else if (asked.op === "show") answer = await page.show(asked.seat, asked.points);
  else answer = await page.reveal();
  process.stdout.write(JSON.stringify(answer) + "\n");
}
