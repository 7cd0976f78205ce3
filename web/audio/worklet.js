// The AudioWorkletProcessor: plays the frames of sound-chip writes that the
// worker posts straight to it through a MessagePort (never via the page).
//
// Page -> this node's own port (control):
//   {type: "port", port}               the MessagePort the worker posts frames to
//   {type: "volume", volume, muted}    0..1; ramped, so a change never clicks
//   {type: "stats"}                    answered with {type: "stats", ...}
// Worker -> the given port (frames, the contract of py/retroscope/machines/sound.py):
//   {frame, cycles, clock, live, reset?, logs: [{chip, clock, writes: Int32Array}]}
//   live = false: the machine is paused, stepping or running faster than real
//   time: apply the writes (the synths keep the machine's registers), play
//   nothing, and drop what is queued. reset: the machine was loaded or rewound.
//
// Timing: frames queue up to TARGET (about 75 ms) before playing starts, and
// play back to back at the audio clock, each write at the sample of its stamp.
// The worker's frame clock and the audio clock drift apart: when the queue
// grows past MAX, whole frames are dropped (their writes applied unheard);
// when it runs empty, the output pads with silence until TARGET is queued
// again. Each jump is hidden by a FADE-long fade out and in, so nothing clicks.

import { FramePlayer } from "./player.js";

const TARGET = 0.075 * sampleRate;    // samples queued before playing (re)starts
const MAX = 0.15 * sampleRate;        // more than this queued: drop frames down to TARGET
const FADE = Math.round(0.004 * sampleRate);
const DC_POLE = 1 - (2 * Math.PI * 20) / sampleRate;  // the output's DC blocker, 20 Hz

class RetroscopeSound extends AudioWorkletProcessor {
  constructor() {
    super();
    this.player = new FramePlayer(sampleRate);
    this.queue = [];          // frames waiting to play
    this.queued = 0;          // their length in samples
    this.playing = false;     // false: waiting for TARGET to be queued
    this.ending = false;      // the current frame is followed by a jump: fade out at its end
    this.dropping = false;    // ... and that jump is a drop (else the queue ran dry)
    this.pending = null;      // stopping: frames to apply unheard once the fade is out
    this.gain = 0;            // the fade, 0..1
    this.want = 0;            // where the fade is heading
    this.volume = 0.5;
    this.level = 0;           // volume as applied, ramped towards volume (0 when muted)
    this.muted = false;
    this.mix = new Float32Array(128);
    this.gains = new Float32Array(128);
    this.dcIn = 0;
    this.dcOut = 0;
    this.prime = true;        // the DC blocker starts from the next sample's level
    // blocks: render quanta (128 samples) output so far, the worklet's clock.
    this.stats = { frames: 0, live: 0, writes: 0, played: 0, dropped: 0, underruns: 0,
                   peak: 0, blocks: 0, chips: [] };
    this.port.onmessage = (e) => this.control(e.data);
  }

  control(msg) {
    if (msg.type === "port") {
      msg.port.onmessage = (e) => this.take(e.data);
    } else if (msg.type === "volume") {
      this.volume = Math.min(1, Math.max(0, Number(msg.volume) || 0));
      this.muted = Boolean(msg.muted);
    } else if (msg.type === "stats") {
      this.stats.writes = this.player.writes;
      this.stats.queuedMs = (this.queued / sampleRate) * 1000;
      this.stats.playing = this.playing;
      this.stats.chips = [...this.player.chips.keys()];
      this.stats.unknown = [...this.player.unknown];
      this.port.postMessage({ type: "stats", ...this.stats });
      this.stats.peak = 0;
    }
  }

  take(frame) {
    this.stats.frames += 1;
    if (frame.reset) this.reset();
    if (!frame.live) {
      this.stop();
      if (this.pending !== null) this.pending.push(frame);
      else this.player.skip(frame);
      return;
    }
    this.stats.live += 1;
    if (this.pending !== null) this.settle();  // running again within the fade
    this.queue.push(frame);
    this.queued += FramePlayer.span(frame, sampleRate);
    if (this.ending && !this.dropping) {
      this.ending = false;      // more came in time: no fade after all
      this.want = 1;
    }
  }

  /** Paused, stepping or fast: the frame playing fades out (FADE samples,
   * or what is left of it), then it and every queued frame are applied
   * unheard (`settle`); nothing plays until live frames fill the queue. */
  stop() {
    if (this.pending === null) {
      if (this.player.frame !== null && this.gain > 0) this.pending = [];
      else this.player.finish();
    }
    for (const frame of this.queue) {
      if (this.pending !== null) this.pending.push(frame);
      else this.player.skip(frame);
    }
    this.queue = [];
    this.queued = 0;
    this.playing = false;
    this.ending = this.dropping = false;
    this.want = 0;
  }

  settle() {
    if (this.player.frame !== null) this.player.finish();
    for (const frame of this.pending) this.player.skip(frame);
    this.pending = null;
  }

  /** A machine loaded, reset or moved in time: every synth afresh, silent. */
  reset() {
    this.pending = null;
    this.player.reset();
    this.queue = [];
    this.queued = 0;
    this.playing = false;
    this.ending = this.dropping = false;
    this.want = 0;
    this.gain = 0;
  }

  /** Begin the next frame; false when there is none to play. */
  startNext() {
    if (!this.playing) {
      if (this.queued < TARGET) return false;
      this.playing = true;
    }
    if (this.dropping) {
      while (this.queued > TARGET && this.queue.length > 1) {
        const frame = this.queue.shift();
        this.queued -= FramePlayer.span(frame, sampleRate);
        this.player.skip(frame);
        this.stats.dropped += 1;
      }
      this.dropping = false;
    }
    if (this.queue.length === 0) {
      this.playing = false;
      this.stats.underruns += 1;
      return false;
    }
    const frame = this.queue.shift();
    this.queued -= FramePlayer.span(frame, sampleRate);
    this.player.begin(frame);
    this.stats.played += 1;
    this.want = 1;
    this.dropping = this.queued > MAX;
    this.ending = this.dropping || this.queue.length === 0;
    return true;
  }

  process(_inputs, outputs) {
    this.stats.blocks += 1;
    const output = outputs[0];
    const n = output[0].length;
    if (this.mix.length !== n) {
      this.mix = new Float32Array(n);
      this.gains = new Float32Array(n);
    }
    const mix = this.mix;
    const gains = this.gains;
    mix.fill(0);
    const step = 1 / FADE;
    let i = 0;
    while (i < n) {
      if (this.pending !== null) {
        // Stopping: what is left of the frame plays on while the fade goes out.
        const chunk = Math.min(n - i, this.player.left());
        if (chunk === 0 || this.gain === 0) {
          this.settle();
          break;
        }
        this.player.render(mix, i, i + chunk);
        let g = this.gain;
        for (let k = i; k < i + chunk; k++) {
          g = Math.max(0, g - step);
          gains[k] = g;
        }
        this.gain = g;
        i += chunk;
        continue;
      }
      if (this.player.left() === 0 && !this.startNext()) break;
      const left = this.player.left();
      let chunk = Math.min(n - i, left);
      if (this.ending) {
        if (left > FADE) chunk = Math.min(chunk, left - FADE);
        else this.want = 0;
      }
      this.player.render(mix, i, i + chunk);
      let g = this.gain;
      const want = this.want;
      for (let k = i; k < i + chunk; k++) {
        g = want > g ? Math.min(want, g + step) : Math.max(want, g - step);
        gains[k] = g;
      }
      this.gain = g;
      i += chunk;
    }
    if (i < n) {
      // Nothing to play: the fade has already reached 0. The DC blocker
      // restarts from the level the synths have when playing resumes, so a
      // chip's resting level (the NES triangle holds a step) never thumps.
      gains.fill(0, i);
      this.gain = 0;
    }
    // The DC blocker on the synths' sum, then the fade and the volume (ramped
    // over the block); the same to every channel.
    const to = this.muted ? 0 : this.volume;
    const from = this.level;
    let x1 = this.dcIn;
    let y1 = this.dcOut;
    let peak = this.stats.peak;
    const playing = i;
    for (let k = 0; k < playing; k++) {
      const x = mix[k];
      if (this.prime) {
        x1 = x;
        y1 = 0;
        this.prime = false;
      }
      const y = x - x1 + DC_POLE * y1;
      x1 = x;
      y1 = y;
      const v = y * gains[k] * (from + ((to - from) * (k + 1)) / n);
      mix[k] = v;
      const a = v < 0 ? -v : v;
      if (a > peak) peak = a;
    }
    if (playing < n) {
      mix.fill(0, playing);
      this.prime = true;
    }
    this.dcIn = x1;
    this.dcOut = y1;
    this.level = to;
    this.stats.peak = peak;
    for (const channel of output) channel.set(mix);
    return true;
  }
}

registerProcessor("retroscope-sound", RetroscopeSound);
