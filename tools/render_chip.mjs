// Render one chip's write log offline through the page's own FramePlayer
// (web/audio/player.js) and synths:
//   node tools/render_chip.mjs < {"chip", "clock", "sampleRate", "samples", "writes"}
// `writes` is a SoundLog's flat [stamp, reg, value, ...], stamps in `clock`
// units from the start, played as one frame `samples` long. Writes the samples
// to stdout as little-endian float32.
import { FramePlayer } from "../web/audio/player.js";

let text = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) text += chunk;
const job = JSON.parse(text);
const player = new FramePlayer(job.sampleRate);
const frame = {
  frame: 0,
  clock: job.clock,
  cycles: (job.samples / job.sampleRate) * job.clock,
  logs: [{ chip: job.chip, clock: job.clock, writes: Int32Array.from(job.writes) }],
};
const out = player.renderFrame(frame);
if (player.unknown.size) throw new Error(`no synth for ${[...player.unknown]}`);
process.stdout.write(Buffer.from(out.buffer, out.byteOffset, out.byteLength));
