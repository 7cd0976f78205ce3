// The SN76489 (the TI-99/4A's TMS9919 and the BBC Micro's chip) as a synth.
// Facts and the byte protocol as py/retroscope/machines/sn76489.py documents
// them. Log regs: 0 = a byte written to the chip; 1 = the chip's input clock
// in Hz, which the board logs first in each frame that writes (the stamps'
// clock, given to the constructor, is the CPU's, not the chip's).
// The chip ticks at clock / 16: a tone's output flips every N ticks (N = 0
// acts as 1024); the noise shifts a 15-bit register (feedback from bits 0
// and 1, or bit 0 alone for periodic noise) once per period of its counter
// (16, 32 or 64 ticks, or tone 2's N). Attenuation: 2 dB a step, 15 = off.

import { renderTicks } from "./ticks.js";

const NOISE_WIDTH = 15;
const NOISE_TOP = 1 << (NOISE_WIDTH - 1);
const LEVEL = 0.25; // each of the 4 channels at 0 dB peaks at 0.25
const AMPLITUDE = Array.from({ length: 16 }, (_, k) => (k === 15 ? 0 : LEVEL * 10 ** (-k / 10)));

export class Sn76489 {
  constructor(clockHz, sampleRate) {
    this.sampleRate = sampleRate;
    this.setClock(clockHz);
    this.reset();
  }

  reset() {
    this.phase = 0;
    this.last = 0;
    this.latched = 0;
    this.period = new Int32Array(4); // 3: the noise control (rate | white << 2)
    this.count = new Int32Array(4);
    this.out = new Int32Array(4).fill(1);
    this.amp = new Float64Array(4); // all off
    this.lfsr = NOISE_TOP;
    this.noiseFlip = 0;
  }

  setClock(hz) {
    this.ticksPerSample = hz / 16 / this.sampleRate;
  }

  write(reg, value) {
    if (reg === 1) {
      if (value > 0) this.setClock(value);
      return;
    }
    if (reg !== 0) return;
    let r = this.latched;
    if (value & 0x80) {
      r = this.latched = (value >> 4) & 7;
      const ch = r >> 1;
      if (r & 1) this.amp[ch] = AMPLITUDE[value & 15];
      else if (ch < 3) this.period[ch] = (this.period[ch] & 0x3f0) | (value & 15);
      else this.setNoise(value & 7);
    } else {
      const ch = r >> 1;
      if (r & 1) this.amp[ch] = AMPLITUDE[value & 15];
      else if (ch < 3) this.period[ch] = (this.period[ch] & 15) | ((value & 0x3f) << 4);
      else this.setNoise(value & 7);
    }
  }

  setNoise(control) {
    this.period[3] = control;
    this.lfsr = NOISE_TOP; // a write to the noise register resets the shift register
  }

  // One tick of clock/16; the mix of the four channels.
  tick() {
    let sum = 0;
    for (let ch = 0; ch < 3; ch++) {
      if (--this.count[ch] <= 0) {
        this.count[ch] = this.period[ch] || 1024;
        this.out[ch] ^= 1;
      }
      sum += this.out[ch] ? this.amp[ch] : -this.amp[ch];
    }
    if (--this.count[3] <= 0) {
      const control = this.period[3];
      const rate = control & 3;
      this.count[3] = rate === 3 ? this.period[2] || 1024 : 0x10 << rate;
      this.noiseFlip ^= 1;
      if (this.noiseFlip) {
        const l = this.lfsr;
        const feedback = control & 4 ? (l ^ (l >> 1)) & 1 : l & 1;
        this.lfsr = (l >> 1) | (feedback ? NOISE_TOP : 0);
      }
    }
    sum += this.lfsr & 1 ? this.amp[3] : -this.amp[3];
    return sum;
  }

  // Adds samples from..to-1 (ticks.js: the mean of the ticks in each).
  render(out, from, to) {
    renderTicks(this, out, from, to);
  }
}

export default Sn76489;
