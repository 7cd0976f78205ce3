// Render a chip's write log offline through the page's own FramePlayer
// (web/audio/player.js) and synths. On stdin, JSON:
//   {"chip", "clock", "sampleRate", "samples", "writes"}      one frame, or
//   {"chip", "clock", "sampleRate", "frames": [{"cycles", "writes"}, ...]}
// `writes` is a SoundLog's flat [stamp, reg, value, ...], stamps in `clock`
// units from the frame's start (a machine's frames as the worker posts them).
// Writes the samples to stdout as little-endian float32.
import { FramePlayer } from "../web/audio/player.js";

let text = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) text += chunk;
const job = JSON.parse(text);
const player = new FramePlayer(job.sampleRate);
const frames = job.frames ?? [{ cycles: (job.samples / job.sampleRate) * job.clock, writes: job.writes }];
const parts = frames.map((f, i) =>
  player.renderFrame({
    frame: i,
    clock: job.clock,
    cycles: f.cycles,
    logs: [{ chip: job.chip, clock: job.clock, writes: Int32Array.from(f.writes) }],
  }),
);
if (player.unknown.size) throw new Error(`no synth for ${[...player.unknown]}`);
for (const out of parts) process.stdout.write(Buffer.from(out.buffer, out.byteOffset, out.byteLength));
