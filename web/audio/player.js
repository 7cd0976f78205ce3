// Frames of register writes -> samples: the part of the sound path that the
// AudioWorklet (worklet.js) and the offline renderer (tools/render_sound.mjs)
// share. No queue and no clock here: the caller hands frames in order.
//
// A frame is the worker's message (py/retroscope/machines/sound.py):
//   {frame, cycles, clock, logs: [{chip, clock, writes: Int32Array}]}
// `cycles` is the frame's length in CPU cycles and `clock` the CPU's Hz; each
// log's writes are flat [stamp, reg, value, ...] with stamp = CPU cycles since
// the frame began. A write is applied at the output sample matching its stamp.

import { CHIPS } from "./chips/index.js";

export class FramePlayer {
  constructor(sampleRate) {
    this.sampleRate = sampleRate;
    this.chips = new Map();     // chip name -> synth instance
    this.unknown = new Set();   // chip names with no synth (reported once)
    this.frame = null;          // the frame being played
    this.events = [];           // its writes as [sample, synth, reg, value], by sample
    this.next = 0;              // index into events
    this.at = 0;                // samples of the frame played so far
    this.length = 0;            // the frame's length in whole samples
    this.carry = 0;             // fraction of a sample carried between frames
    this.writes = 0;            // writes applied since construction (for tests)
  }

  synth(name, clock) {
    let chip = this.chips.get(name);
    if (chip === undefined) {
      const Chip = CHIPS[name];
      if (!Chip) {
        this.unknown.add(name);
        return null;
      }
      chip = new Chip(clock, this.sampleRate);
      this.chips.set(name, chip);
    }
    return chip;
  }

  /** Power-on: every synth silent (a machine was loaded or rewound). */
  reset() {
    this.chips.clear();
    this.frame = null;
    this.events = [];
    this.next = 0;
    this.carry = 0;
  }

  /** Frame length in samples (fractional), from its cycles and clock. */
  static span(frame, sampleRate) {
    const clock = frame.clock || (frame.logs[0] && frame.logs[0].clock) || 1;
    return (frame.cycles / clock) * sampleRate;
  }

  /** Start playing `frame`: its writes become events at their samples. */
  begin(frame) {
    const exact = FramePlayer.span(frame, this.sampleRate) + this.carry;
    this.length = Math.max(0, Math.floor(exact));
    this.carry = exact - this.length;
    const events = [];
    for (const log of frame.logs) {
      const chip = this.synth(log.chip, log.clock);
      if (chip === null) continue;
      const w = log.writes;
      const scale = this.sampleRate / log.clock;
      for (let i = 0; i + 2 < w.length; i += 3) {
        const sample = Math.min(this.length, Math.max(0, Math.floor(w[i] * scale)));
        events.push([sample, chip, w[i + 1], w[i + 2]]);
      }
    }
    // Stable: writes at one sample keep the order the CPU made them in.
    events.sort((a, b) => a[0] - b[0]);
    this.frame = frame;
    this.events = events;
    this.next = 0;
    this.at = 0;
  }

  /** Apply a frame's writes at once, rendering nothing (a dropped frame, a
   * frame run while muted): the synths' registers stay those of the machine. */
  skip(frame) {
    if (this.frame !== null) this.finish();
    for (const log of frame.logs) {
      const chip = this.synth(log.chip, log.clock);
      if (chip === null) continue;
      const w = log.writes;
      for (let i = 0; i + 2 < w.length; i += 3) chip.write(w[i + 1], w[i + 2]);
      this.writes += w.length / 3;
    }
  }

  /** Apply what is left of the current frame's writes without rendering. */
  finish() {
    const events = this.events;
    for (let i = this.next; i < events.length; i++) events[i][1].write(events[i][2], events[i][3]);
    this.writes += events.length - this.next;
    this.frame = null;
    this.events = [];
    this.next = 0;
  }

  /** Samples left in the current frame (0 when there is none). */
  left() {
    return this.frame === null ? 0 : this.length - this.at;
  }

  /** Render up to `to - from` samples of the current frame into out[from..to),
   * adding; returns how many were rendered (fewer at the frame's end). */
  render(out, from, to) {
    if (this.frame === null) return 0;
    const end = from + Math.min(to - from, this.length - this.at);
    const events = this.events;
    let pos = from;
    while (pos < end) {
      // Writes due now take effect before this sample.
      while (this.next < events.length && events[this.next][0] <= this.at + (pos - from)) {
        const e = events[this.next++];
        e[1].write(e[2], e[3]);
        this.writes += 1;
      }
      let stop = end;
      if (this.next < events.length) stop = Math.min(end, from + (events[this.next][0] - this.at));
      if (stop <= pos) stop = pos + 1;
      for (const chip of this.chips.values()) chip.render(out, pos, stop);
      pos = stop;
    }
    const done = end - from;
    this.at += done;
    if (this.at >= this.length) this.finish();
    return done;
  }

  /** Render a whole frame (offline): returns its samples. */
  renderFrame(frame) {
    this.begin(frame);
    const out = new Float32Array(this.length);
    this.render(out, 0, this.length);
    if (this.frame !== null) this.finish();
    return out;
  }
}
