// Runs web/pacing.js as web/worker.js's turns do, on a simulated clock: each
// call of `n` frames takes n x the frame's cost (every `spikeEvery`th frame
// costs `spikeMs` instead: a decision), a turn ends with one picture posted and
// `postMs` of work, then the worker waits what the pacer says. Prints JSON.
//   node pacing_sim.mjs <speed> <msPerFrame> <seconds> [spikeEvery spikeMs]
import { createPacer, TURN_MS } from "../../../web/pacing.js";

const [speed, msPerFrame, seconds, spikeEvery = 0, spikeMs = 0] = process.argv.slice(2).map(Number);
const postMs = 0.3;
const pacer = createPacer(60);
pacer.setSpeed(speed, 0);
pacer.start(0);
let now = 0;
let frames = 0;
const turns = [];   // per turn: {frames, calls, ms}
while (now < seconds * 1000) {
  const turnStart = now;
  let ran = 0;
  let calls = 0;
  for (let n = pacer.batch(now, turnStart, 0); n > 0; n = pacer.batch(now, turnStart, ran)) {
    let ms = 0;
    for (let i = 0; i < n; i += 1) {
      frames += 1;
      ms += spikeEvery && frames % spikeEvery === 0 ? spikeMs : msPerFrame;
    }
    now += ms;
    pacer.ran(n, ms);
    ran += n;
    calls += 1;
  }
  if (ran) now += postMs;   // the picture of the turn
  turns.push({ frames: ran, calls, ms: now - turnStart });
  now += Math.max(pacer.endTurn(now), 0.01);  // the next turn comes after a message at least
}
const busy = turns.filter((t) => t.frames > 0).slice(10);  // past the first turns
console.log(JSON.stringify({
  frames, seconds: now / 1000, fps: frames / (now / 1000), turnMs: TURN_MS,
  turnsWithFrames: turns.filter((t) => t.frames > 0).length,
  minFramesPerTurn: Math.min(...busy.map((t) => t.frames)),
  maxFramesPerTurn: Math.max(...busy.map((t) => t.frames)),
  maxCallsPerTurn: Math.max(...busy.map((t) => t.calls)),
  maxTurnMs: Math.max(...busy.map((t) => t.ms)),
}));
