// The page's half of the sound: the speaker button, the volume,
// the AudioContext and its worklet. The worker posts each frame's chip writes
// straight to the worklet through a MessagePort handed over here; the page
// never touches them.
//
// Browsers start audio only after a gesture: the context is made on the first
// click or key anywhere on the page (the speaker button is one). Muted and the
// volume are remembered in localStorage ("retroscope.sound").

import { el } from "../panels/dom.js";

const STORE = "retroscope.sound";
const DEFAULT_VOLUME = 0.5;

function remembered() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE) || "{}");
    const volume = Number(saved.volume);
    return {
      muted: saved.muted === true,
      volume: Number.isFinite(volume) && volume >= 0 && volume <= 1 ? volume : DEFAULT_VOLUME,
    };
  } catch {
    return { muted: false, volume: DEFAULT_VOLUME };
  }
}

/** The speaker controls, appended to `mount`; `request` talks to the worker
 * once `ready` has resolved. Returns the API window.retroscope.sound offers. */
export function createSpeaker({ mount, request, ready, onError }) {
  const settings = remembered();
  let ctx = null;
  let node = null;
  let starting = null;
  let failed = null;
  const waiting = [];           // stats requests answered by the worklet

  const button = el("button", { testid: "btn-sound", class: "sound-button", "aria-pressed": "false" });
  const volume = el("input", {
    testid: "sound-volume", type: "range", min: "0", max: "100", step: "1",
    value: String(Math.round(settings.volume * 100)), "aria-label": "volume",
    title: "volume",
  });
  const group = el("span", { class: "sound", testid: "sound-controls" }, button, volume);
  mount.append(group);

  function save() {
    try { localStorage.setItem(STORE, JSON.stringify(settings)); } catch { /* private mode */ }
  }

  function show() {
    const on = ctx !== null && ctx.state === "running" && !settings.muted;
    button.textContent = failed ? "No sound" : settings.muted ? "Muted" : on ? "Sound on" : "Sound";
    button.setAttribute("aria-pressed", String(on));
    button.dataset.state = failed ? "failed" : settings.muted ? "muted" : on ? "on" : "waiting";
    button.title = failed ? `sound could not start: ${failed}`
      : settings.muted ? "sound is muted: click to hear it"
      : on ? "sound is on: click to mute"
      : "sound starts with your first click or key";
    volume.disabled = settings.muted;
  }

  function sendVolume() {
    if (node) node.port.postMessage({ type: "volume", volume: settings.volume, muted: settings.muted });
  }

  async function start() {
    if (ctx !== null || failed) return starting;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) {
      failed = "this browser has no Web Audio";
      show();
      return null;
    }
    ctx = new Context({ latencyHint: "interactive" });
    ctx.addEventListener("statechange", () => { show(); if (ctx.state === "running") stopListening(); });
    starting = (async () => {
      try {
        await ctx.audioWorklet.addModule(new URL("./worklet.js", import.meta.url));
        node = new AudioWorkletNode(ctx, "retroscope-sound", { numberOfInputs: 0, outputChannelCount: [1] });
        node.port.onmessage = (e) => {
          if (e.data && e.data.type === "stats") waiting.splice(0).forEach((resolve) => resolve(e.data));
        };
        node.connect(ctx.destination);
        sendVolume();
        await ready;
        const channel = new MessageChannel();
        node.port.postMessage({ type: "port", port: channel.port2 }, [channel.port2]);
        await request("audio", { port: channel.port1 }, [channel.port1]);
        if (ctx.state !== "running") await ctx.resume();
      } catch (err) {
        failed = err.message || String(err);
        onError?.(`sound could not start: ${failed}`);
      }
      show();
    })();
    return starting;
  }

  button.addEventListener("click", () => {
    if (ctx === null) {
      settings.muted = false;   // the first click means "I want sound"
    } else {
      settings.muted = !settings.muted;
      if (!settings.muted && ctx.state !== "running") ctx.resume();
    }
    save();
    sendVolume();
    start();
    show();
  });
  volume.addEventListener("input", () => {
    settings.volume = Number(volume.value) / 100;
    save();
    sendVolume();
  });
  // The first gesture anywhere starts the audio (muted or not, as remembered).
  // (The speaker button's own click does it itself, unmuting.) A finger's
  // press lets audio start only when it lifts (a browser's user activation
  // is a touch's pointerup, a mouse's pointerdown): a context made on the
  // press waits suspended, and the release resumes it.
  const GESTURES = ["pointerdown", "pointerup", "keydown"];
  function gesture(e) {
    if (e.target === button) return;
    if (ctx === null) start();
    else if (ctx.state === "suspended") ctx.resume().catch(() => {});
  }
  function stopListening() {
    for (const kind of GESTURES) window.removeEventListener(kind, gesture, true);
  }
  for (const kind of GESTURES) window.addEventListener(kind, gesture, true);
  show();

  return {
    start,
    state: () => ({
      context: ctx ? ctx.state : "none", started: node !== null, muted: settings.muted,
      volume: settings.volume, failed, sampleRate: ctx ? ctx.sampleRate : null,
    }),
    // What the worklet has seen: frames, live frames, writes applied, frames
    // played, dropped and underruns, the peak output since the last call.
    stats: () => new Promise((resolve, reject) => {
      if (!node) { reject(new Error("sound has not started")); return; }
      waiting.push(resolve);
      node.port.postMessage({ type: "stats" });
    }),
    setMuted(on) { settings.muted = Boolean(on); save(); sendVolume(); show(); },
  };
}
