// The page's own audit of a private night record (static/js/privateaudit.js), timed with the
// process's CPU clock (benchmarks/private_audit.py runs it). Input: the record's path (argv[2]);
// output (stdout, JSON): the CPU seconds of the audit, its deals and its faults.

import { readFileSync } from "node:fs";

import { auditPrivateNight } from "../src/wildstud/server/static/js/privateaudit.js";

const record = JSON.parse(readFileSync(process.argv[2], "utf8"));
const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};
const start = cpu();
const audit = await auditPrivateNight(record);
console.log(JSON.stringify({ seconds: cpu() - start, deals: audit.deals, faults: audit.faults.length }));
