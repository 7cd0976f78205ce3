// The service worker: keeps one build of the site, whole, so that the page
// opens and plays with no network after one visit. A classic script, run by
// dist/sw.js (tools/site.py writes it for each build), which sets
// self.RETROSCOPE_APP to the build's app folder ("app/<hash>/").
//
// What to keep comes from the build itself: app/<hash>/manifest.json lists
// the app folder's files and the runtime, the wheel and the memory snapshot.
// Each build is kept in a cache of its own, filled before the worker takes
// over (a failed or partial fill is never used), and every page is answered
// from the one build it was opened with: a newer build installs beside it and
// waits until no page of the old one is open, or the page lets it in
// (web/offline.js), so no page mixes two builds' files. Paths other than the
// page's own name their content (a hash or Pyodide's version), so a file kept
// by an older build under the same path is the same file, and is taken from
// there rather than downloaded again. The page is index.html, checked to be
// this build's (the server may already hold a newer one).

const APP = self.RETROSCOPE_APP;
const PREFIX = "retroscope-";
const CACHE = `${PREFIX}${APP.split("/")[1]}`;
const at = (path) => new URL(path, self.registration.scope).href;
const PAGE = at("index.html");

async function fetchOk(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${new URL(url).pathname}: HTTP ${response.status}`);
  return response;
}

async function keep(cache, url) {
  if (await cache.match(url)) return;                 // kept by an install cut short
  const older = await caches.match(url);              // the same path is the same bytes
  await cache.put(url, older ?? await fetchOk(url));
}

async function keepBuild() {
  const manifest = await (await fetchOk(at(`${APP}manifest.json`))).json();
  const urls = [...manifest.app_files.map((file) => at(APP + file)), ...manifest.files.map(at)];
  const cache = await caches.open(CACHE);
  try {
    const page = await fetchOk(PAGE, { cache: "no-cache" });
    if (!(await page.clone().text()).includes(`"${APP}`)) {
      throw new Error("the server has a newer build: its own service worker will keep it");
    }
    await Promise.all(urls.map((url) => keep(cache, url)));
    await cache.put(PAGE, page);   // the page last: a cache that has it is whole
  } catch (err) {
    await caches.delete(CACHE);
    throw err;
  }
}

// The folders whose every path names its content: where the browser can
// (the Static Routing API), it answers them from this build's cache itself,
// without starting this worker for each (a cache miss goes to the network).
const NAMED_FOLDERS = ["app", "pyodide", "py", "snapshot"];

self.addEventListener("install", (event) => {
  event.waitUntil(keepBuild());
  if (!event.addRoutes) return;
  const scope = new URL(self.registration.scope).pathname;
  event.waitUntil(event.addRoutes(NAMED_FOLDERS.map((folder) => ({
    condition: { urlPattern: { pathname: `${scope}${folder}/*` }, requestMethod: "GET" },
    source: { cacheName: CACHE },
  }))).catch(() => { /* the fetch handler answers them */ }));
});

// Taking over: the other builds' caches go (their pages are closed, or were
// reloaded into this build), and a page opened before this worker existed (the
// first visit) is answered from this build's cache from now on.
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
  await self.clients.claim();
})()));

// Opened once in the worker's life, not for each of the seventy files a boot asks for.
let opened = null;
const keptBuild = () => (opened ??= caches.open(CACHE));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const bare = url.href.split(/[?#]/)[0];
  const isPage = bare === PAGE || bare === self.registration.scope;  // with any link's hash
  event.respondWith((async () => {
    const kept = await (await keptBuild()).match(isPage ? PAGE : request);
    return kept ?? fetch(request);
  })());
});

self.addEventListener("message", (event) => {
  const what = event.data?.type;
  if (what === "build") event.ports[0]?.postMessage({ app: at(APP), cache: CACHE });
  else if (what === "skip-waiting") self.skipWaiting();
});
