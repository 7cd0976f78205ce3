// Render one chip's write log offline, with the synth the page plays:
//   node tools/render_chip.mjs < {"chip", "clock", "sampleRate", "samples", "writes"}
// `writes` is the SoundLog's flat [stamp, reg, value, ...] (stamps in `clock`
// units from the start); each is applied at the sample its stamp falls in.
// Writes the samples to stdout as little-endian float32.
// (Until the shared tools/render_sound.mjs covers every chip.)
import { Wsg } from "../web/audio/chips/wsg.js";
import { Sn76489 } from "../web/audio/chips/sn76489.js";

const SYNTHS = { wsg: Wsg, sn76489: Sn76489 };

let text = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) text += chunk;
const job = JSON.parse(text);
const Synth = SYNTHS[job.chip];
if (!Synth) throw new Error(`no synth ${job.chip}`);
const chip = new Synth(job.clock, job.sampleRate);
const out = new Float32Array(job.samples);
let at = 0;
const w = job.writes;
for (let i = 0; i < w.length; i += 3) {
  const sample = Math.min(job.samples, Math.floor((w[i] / job.clock) * job.sampleRate));
  if (sample > at) {
    chip.render(out, at, sample);
    at = sample;
  }
  chip.write(w[i + 1], w[i + 2]);
}
chip.render(out, at, job.samples);
process.stdout.write(Buffer.from(out.buffer));
