// Whether the server's own audit of a private night agrees with the page's: apart from
// privateaudit.js, so that the page's main thread compares them without loading the curves (the
// audit itself runs in privateauditworker.js).

/** Whether the server's own audit of its private deals (a `private_audit` frame) says what the
 * page's audit of the night record found: as many deals, and the same faults (hand, deal,
 * party and kind).
 *
 *   auditsAgree({ deals: 2, faults: [] }, { deals: 2, faults: [] }) // true
 */
export function auditsAgree(server, own) {
  const faults = (audit) =>
    audit.faults.map((item) => JSON.stringify([item.hand, item.deal, item.party, item.kind])).sort();
  return server.deals === own.deals && faults(server).join() === faults(own).join();
}
