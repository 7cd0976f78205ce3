// Offline after the first visit: the page registers the service worker
// (dist/sw.js, which runs web/sw.js for this build: it keeps every file the
// build's manifest names), says whether this page's build is kept, and offers
// a reload when a newer build has been kept and waits to take over.

// This page's build: app/<hash>/ (this module is app/<hash>/web/offline.js).
const PAGE_APP = new URL("../", import.meta.url).href;
const ANSWER_MS = 10000;

/** onUpdate(apply): a newer build waits; apply() lets it take over and reloads. */
export function registerOffline({ onUpdate }) {
  let state = "unsupported";   // unsupported | installing | ready | other build | failed
  let app = null;              // the build the active service worker keeps
  let error = null;
  const status = () => ({ state, app, page: PAGE_APP, error });
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    return { status, ready: Promise.resolve(false) };
  }
  state = "installing";
  const ready = (async () => {
    try {
      const registration = await navigator.serviceWorker.register(new URL("sw.js", document.baseURI));
      watchUpdates(registration, onUpdate);
      const active = registration.active ?? await activated(registration.installing ?? registration.waiting);
      app = (await ask(active, { type: "build" })).app;
      state = app === PAGE_APP ? "ready" : "other build";
    } catch (err) {
      state = "failed";
      error = err.message || String(err);
    }
    return state === "ready";
  })();
  return { status, ready };
}

// The first install: done when its worker is active (every file kept), failed
// when it is thrown away.
function activated(worker) {
  return new Promise((resolve, reject) => {
    if (!worker) { reject(new Error("no service worker is installing")); return; }
    const check = () => {
      if (worker.state === "activated") resolve(worker);
      else if (worker.state === "redundant") reject(new Error("the service worker could not keep the site's files"));
    };
    worker.addEventListener("statechange", check);
    check();
  });
}

// A new build kept while this page runs an older one: the new worker waits
// (no page ever mixes two builds' files) until the user takes it.
function watchUpdates(registration, onUpdate) {
  const offer = (worker) => {
    if (!navigator.serviceWorker.controller) return;   // the first install: nothing older runs
    onUpdate(() => {
      navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
      worker.postMessage({ type: "skip-waiting" });
    });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => { if (worker.state === "installed") offer(worker); });
  });
}

function ask(worker, message) {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => reject(new Error("the service worker did not answer")), ANSWER_MS);
    channel.port1.onmessage = (e) => { clearTimeout(timer); resolve(e.data); };
    worker.postMessage(message, [channel.port2]);
  });
}
