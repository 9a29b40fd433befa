// A seat's private-deal arithmetic as the page does it, for benchmarks/shuffle.py --private page:
// each `private` frame the table sends the seat is handed, one JSON line on stdin, to the page's
// own handler (PagePrivate of static/js/privaterounds.js, over privatedeal.js and the vendored
// @noble/curves), and the frames it would send come back, one JSON line on stdout:
// {"send": [frames], "cpu_ms": the process's CPU for it, "work_ms": its wall time}. A line
// {"type": "prepare"} gets the arithmetic ready as a seat at a private table does
// (PagePrivate.prepare); any other line is answered at once with nothing to send (a ping: the
// pipe's own round trip).

import { createInterface } from "node:readline";
import { performance } from "node:perf_hooks";
import process from "node:process";

import { PagePrivate, memoryStore } from "../src/wildstud/server/static/js/privaterounds.js";

const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e3; // milliseconds
};

let sent = [];
const page = new PagePrivate({ send: (frame) => sent.push(frame), store: memoryStore() });

for await (const line of createInterface({ input: process.stdin })) {
  const asked = JSON.parse(line);
  const [cpuBefore, wallBefore] = [cpu(), performance.now()];
  if (asked.type === "private") await page.take(asked);
  else if (asked.type === "prepare") await page.prepare();
  const answer = { send: sent, cpu_ms: cpu() - cpuBefore, work_ms: performance.now() - wallBefore };
  sent = [];
  process.stdout.write(JSON.stringify(answer) + "\n");
}
