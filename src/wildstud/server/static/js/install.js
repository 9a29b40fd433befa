// The installable page: the service worker (the server's /sw.js, wildstud.server.shell) keeps the
// app shell for a fast reload. A browser that blocks workers (a private window, a policy) or has
// none plays as before: the page never waits for the worker nor depends on it.
import { base } from "./api.js";

export function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  try {
    navigator.serviceWorker.register(`${base}/sw.js`, { scope: `${base}/` }).catch(() => {});
  } catch {
    // Some browsers throw at once rather than reject where storage is blocked.
  }
}
