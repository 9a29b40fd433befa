// The service worker of the installable table (served at /sw.js by wildstud.server.shell, which
// puts `self.WILDSTUD_SHELL` before this text): it keeps the app shell, the page and its
// versioned files, so that a reload draws at once and a page opens with the server away. It
// never keeps an API answer, a socket or any address with a token in it: the page is the same
// for every link and is kept under the home page's address only.
const { version, page, files, pages } = self.WILDSTUD_SHELL;
const CACHE = `wildstud-shell-${version}`;

self.addEventListener("install", (event) => {
  // A new server's worker takes over at once: its shell is whole before it does.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([page, ...files]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  // The shells of older versions go: their files are no longer what the server serves.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("wildstud-shell-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (files.includes(url.pathname)) {
    // A versioned file never changes: the kept copy is the file.
    event.respondWith(caches.match(url.pathname).then((kept) => kept || fetch(request)));
  } else if (request.mode === "navigate" && isPage(url.pathname)) {
    // The page from the server (it may be newer), the kept one when the server cannot answer.
    event.respondWith(fetch(request).catch(() => caches.match(page).then((kept) => kept || Response.error())));
  }
  // Everything else (the API, the sockets, /docs) is the network's, untouched.
});

function isPage(path) {
  if (path === page) return true;
  const rest = path.slice(page.length).split("/");
  return rest.length === 2 && pages.includes(rest[0]) && rest[1] !== "";
}
