// Render sound-chip write logs offline, with the very modules the page plays
// (web/audio/player.js, web/audio/chips/*.js), so tests can measure the samples.
//
//   node tools/render_sound.mjs [--rate 48000] [--wav out.wav] < frames.json
//
// Input: a JSON list of frames in the worker's message format
//   [{cycles, clock, logs: [{chip, clock, writes: [stamp, reg, value, ...]}]}, ...]
// (or {frames: [...]}); each frame plays for `cycles` CPU cycles.
// Output: the mono samples as raw little-endian float32 on stdout, or a 16-bit
// WAV file with --wav (to listen to). A chip with no synth is an error.

import { readFileSync, writeFileSync } from "node:fs";
import { FramePlayer } from "../web/audio/player.js";

function args(argv) {
  const out = { rate: 48000, wav: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--rate") out.rate = Number(argv[++i]);
    else if (argv[i] === "--wav") out.wav = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!(out.rate >= 8000 && out.rate <= 192000)) throw new Error("--rate must be 8000-192000");
  return out;
}

function wav(samples, rate) {
  const data = Buffer.alloc(44 + samples.length * 2);
  data.write("RIFF", 0);
  data.writeUInt32LE(36 + samples.length * 2, 4);
  data.write("WAVEfmt ", 8);
  data.writeUInt32LE(16, 16);
  data.writeUInt16LE(1, 20);
  data.writeUInt16LE(1, 22);
  data.writeUInt32LE(rate, 24);
  data.writeUInt32LE(rate * 2, 28);
  data.writeUInt16LE(2, 32);
  data.writeUInt16LE(16, 34);
  data.write("data", 36);
  data.writeUInt32LE(samples.length * 2, 40);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), 44 + 2 * i));
  return data;
}

const opts = args(process.argv.slice(2));
const input = JSON.parse(readFileSync(0, "utf8"));
const frames = Array.isArray(input) ? input : input.frames;
const player = new FramePlayer(opts.rate);
const parts = [];
let total = 0;
for (const frame of frames) {
  const samples = player.renderFrame(frame);
  if (player.unknown.size) throw new Error(`no synth for chip(s): ${[...player.unknown].join(", ")}`);
  parts.push(samples);
  total += samples.length;
}
const all = new Float32Array(total);
let at = 0;
for (const part of parts) {
  all.set(part, at);
  at += part.length;
}
if (opts.wav) writeFileSync(opts.wav, wav(all, opts.rate));
else process.stdout.write(Buffer.from(all.buffer));
