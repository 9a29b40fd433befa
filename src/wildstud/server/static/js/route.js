// Which server process runs this page's table, in a cluster behind a proxy that routes by it
// (docs/deploy.md, "Several processes"): sockets and REST calls carry it as `owner`, so the
// proxy takes them straight to that process instead of one that must relay them. The page
// learns it from a process that does not run the table: that one closes the socket with
// ROUTED and the owner's key as the reason, and the page connects again at once.

/** The close code of a socket sent on to the table's owner (wildstud.server.relay.ROUTED). */
export const ROUTED = 4308;
// host:port, a host name or an IPv6 literal in brackets: anything else is not a key.
const KEY = /^[A-Za-z0-9.:[\]_-]{1,100}$/;

/** The owner this page knows of: `""` until a process has named one. */
export const route = { owner: "" };

/** `url` with `owner` in its query (empty: the page can be routed, but knows no owner yet).
 * A key is written as it is, as the proxy's map names it: it holds no character a query must
 * escape (KEY; only sentTo gives one). */
export function routed(url, owner = route.owner) {
  return `${url}${url.includes("?") ? "&" : "?"}owner=${owner}`;
}

/** The owner a closed socket names, when it was sent on (null otherwise). */
export function sentTo({ code, reason }) {
  return code === ROUTED && KEY.test(reason) ? reason : null;
}
