// The service worker: the app shell (CSS, htmx, the script, the icon) is kept so a
// page opens with no network, and so is each sheet last seen, so a game can be read
// offline, with its checker and the form of its next deal (the referee on the phone
// draws it as taps come, and the entry waits for the network to be saved). The
// referee on the phone (its runtime and rules bundle) is kept as the page's worker
// first loads it, or as a page asks once idle, never before. Everything else goes
// to the network as usual. The pages kept are in the phone's language: switching it
// forgets them.
"use strict";

const SHELL = "shell-{{ version }}";
const PAGES = "pages-v1";
const ASSETS = {{ assets | tojson }};
// Named by the runtime's version and the rules bundle's content: a release that
// changes either keeps the new one under a new name and forgets the old.
const REFEREE = "referee-{{ referee }}";
const REFEREE_PATHS = [{{ phone_referee().runtime | tojson }}, {{ phone_referee().rules | tojson }}];
const OFFLINE_PAGES = ["/", "/check"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL).then((cache) => cache.addAll(ASSETS))
      .then(() => caches.open(PAGES)).then((cache) => cache.addAll(OFFLINE_PAGES))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => (name.startsWith("shell-") && name !== SHELL)
          || (name.startsWith("referee-") && name !== REFEREE))
          .map((name) => caches.delete(name))
      ))
      .then(() => self.clients.claim())
  );
});

// A page, once idle, asks for the referee on the phone to be kept ahead of need
// ({keep: [addresses]}): whatever is not kept yet is fetched now, so the checker
// answers with no network even if it was never opened with one.
self.addEventListener("message", (event) => {
  const asked = (event.data && event.data.keep) || [];
  const ours = asked.filter((address) => {
    const url = new URL(address, self.location.origin);
    return url.origin === self.location.origin
      && REFEREE_PATHS.some((path) => url.pathname.startsWith(path));
  });
  event.waitUntil(caches.open(REFEREE).then((cache) => Promise.all(ours.map(
    (address) => cache.match(address).then((kept) => kept || cache.add(address).catch(() => {}))
  ))));
});

// The pages kept as last seen: the home page, the checker, each game's sheet, each
// game's checker and the form of its next deal (both carry the game's rules, its
// house rules with them, for the referee on the phone).
const SHEET = /^\/games\/[^/]+$/;
function isPage(url) {
  return OFFLINE_PAGES.includes(url.pathname)
    || /^\/games\/[^/]+(\/check|\/deals\/new)?$/.test(url.pathname);
}

// A page fetched now and kept as last seen; true once kept. A page that sends
// elsewhere (a form whose game is over sends back to the sheet) is not kept.
function keepPage(path) {
  return fetch(path, { credentials: "same-origin" })
    .then((response) => response.ok && !response.redirected
      && caches.open(PAGES).then((cache) => cache.put(path, response)).then(() => true))
    .catch(() => false);
}

// A sheet kept: the form of its next deal is kept beside it, as it is now, so
// "Enter deal" opens with no network (where the game is over, the kept sheet says so).
function keepDealForm(sheet) {
  return keepPage(sheet + "/deals/new");
}

// A sheet that changed while its page was open (drawn again by its poll or its
// stream's word): the page kept for offline, and the form of its next deal, are
// kept anew, so a reload or "Enter deal" with no network opens what the phone showed
// last, never the sheet as it was opened.
function keepSheet(sheet) {
  return keepPage(sheet).then((kept) => kept && keepDealForm(sheet));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (REFEREE_PATHS.some((path) => url.pathname.startsWith(path))) {
    // The runtime and the rules bundle, kept as the worker first fetches them.
    event.respondWith(
      caches.open(REFEREE).then((cache) => cache.match(request).then((kept) => kept
        || fetch(request).then((response) => {
          if (response.ok) event.waitUntil(cache.put(request, response.clone()));
          return response;
        })))
    );
    return;
  }
  if (url.pathname.startsWith("/static/")) {
    // Static files are named by their content: what is kept is always right.
    event.respondWith(
      caches.match(request).then((kept) => kept || fetch(request))
    );
    return;
  }
  if (request.mode === "navigate" && url.pathname.startsWith("/language/")) {
    // The phone switches language: no page kept in the one before is shown again,
    // and the pages read offline are kept anew in the new one.
    event.respondWith(
      caches.delete(PAGES).then(() => fetch(request)).then((response) => {
        event.waitUntil(
          caches.open(PAGES).then((cache) => cache.addAll(OFFLINE_PAGES)).catch(() => {})
        );
        return response;
      })
    );
    return;
  }
  if (SHEET.test(url.pathname) && request.headers.get("HX-Request")) {
    // The sheet drawn again on its page: answered by the network, as it was; where
    // it changed (200, not 304), kept anew.
    event.respondWith(fetch(request).then((response) => {
      if (response.status === 200) event.waitUntil(keepSheet(url.pathname));
      return response;
    }));
    return;
  }
  if (request.mode === "navigate" && isPage(url)) {
    // The network first, so the sheet is current; the copy last seen without it.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(PAGES).then((cache) => cache.put(url.pathname, copy))
              .then(() => SHEET.test(url.pathname) && keepDealForm(url.pathname)));
          }
          return response;
        })
        .catch(() => caches.match(url.pathname, { ignoreVary: true })
          .then((kept) => kept || Response.error()))
    );
  }
});
