// Runs web/audio/worklet.js under node with a stand-in AudioWorklet scope: a
// producer posts frames (a steady APU tone) at `fps`, the audio clock pulls
// 128-sample blocks at `rate`; after `seconds` of simulated time it prints
// the worklet's stats, the largest queue seen, and the largest step between
// two output samples outside the tone's own edges (a click).
//   node worklet_sim.mjs <fps> <seconds> [pauseAt]
const [fps, seconds, pauseAt] = process.argv.slice(2).map(Number);
const rate = 48000;
globalThis.sampleRate = rate;
let Processor = null;
globalThis.AudioWorkletProcessor = class {
  constructor() {
    this.port = { postMessage: (m) => { this.last = m; }, onmessage: null };
  }
};
globalThis.registerProcessor = (_name, cls) => { Processor = cls; };
await import("../../../web/audio/worklet.js");
const node = new Processor();
const framePort = { onmessage: null };
node.port.onmessage({ data: { type: "port", port: framePort } });
node.port.onmessage({ data: { type: "volume", volume: 1, muted: false } });

const CLOCK = 236250000 / 11 / 12;
const CYCLES = 29780;
// A triangle at 440 Hz (a smooth wave: its own steps are small).
const start = [0, 0x15, 0x04, 0, 0x08, 0xff, 0, 0x0a, 126, 0, 0x0b, 0xf8];
let posted = 0;
function post(live = true) {
  const writes = Int32Array.from(posted === 0 ? start : []);
  framePort.onmessage({ data: { frame: posted, cycles: CYCLES, clock: CLOCK, live,
    logs: [{ chip: "apu", clock: CLOCK, writes }] } });
  posted += 1;
}

const out = [new Float32Array(128)];
let t = 0;
let nextFrame = 0;
let maxQueued = 0;
let maxStep = 0;
let prev = 0;
let normalStep = 0;
const blocks = Math.floor((seconds * rate) / 128);
let paused = false;
let silentAfterPause = true;
for (let b = 0; b < blocks; b++) {
  t = (b * 128) / rate;
  if (pauseAt && !paused && t >= pauseAt) {
    paused = true;
    framePort.onmessage({ data: { frame: -1, cycles: 0, clock: 1, logs: [], live: false } });
  }
  while (!paused && nextFrame <= t) {
    post();
    nextFrame += 1 / fps;
  }
  node.process([], [out]);
  maxQueued = Math.max(maxQueued, node.queued / rate);
  for (const s of out[0]) {
    const step = Math.abs(s - prev);
    if (t > 1 && t < 2) normalStep = Math.max(normalStep, step);
    else if (t >= 2) maxStep = Math.max(maxStep, step);
    prev = s;
    if (paused && t > pauseAt + 0.05 && s !== 0) silentAfterPause = false;
  }
}
node.port.onmessage({ data: { type: "stats" } });
console.log(JSON.stringify({ ...node.last, maxQueuedMs: maxQueued * 1000, normalStep, maxStep,
  silentAfterPause }));
