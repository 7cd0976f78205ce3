// The Namco WSG (the Pac-Man board's 3-voice wavetable sound) as a synth.
// Registers as py/retroscope/machines/namco/wsg.py documents them (reg =
// address - $5040, one nibble each; reg 32 = the board's sound-enable latch).
// The chip ticks at the CPU clock / 32 (96 kHz on the board): each tick every
// voice adds its frequency to a 20-bit accumulator and plays
// PROM[waveform * 32 + (acc >> 15 & 31)] (4 bits, 8 = silence) times its
// volume (0-15). A voice with volume or frequency 0 is silent.
import { renderTicks } from "./ticks.js";
import { SOUND_PROM } from "./wsg_prom.js";

const DIVIDER = 32;
const ACC_MASK = 0xfffff;
const LEVEL = 0.3 / (8 * 15); // one voice at full volume peaks at 0.3
// Per voice: first accumulator reg, its nibble count, waveform reg, first
// frequency reg, volume reg, the bit the registers start at.
const VOICES = [
  { acc: 0x00, nibbles: 5, wave: 0x05, freq: 0x10, vol: 0x15, shift: 0 },
  { acc: 0x06, nibbles: 4, wave: 0x0a, freq: 0x16, vol: 0x1a, shift: 4 },
  { acc: 0x0b, nibbles: 4, wave: 0x0f, freq: 0x1b, vol: 0x1f, shift: 4 },
];
export const REG_ENABLE = 0x20;

export class Wsg {
  constructor(clockHz, sampleRate) {
    this.ticksPerSample = clockHz / DIVIDER / sampleRate;
    this.reset();
  }

  reset() {
    this.phase = 0; // fraction of a tick carried between samples
    this.last = 0; // the last sample's level (held when a sample gets no tick)
    this.regs = new Uint8Array(0x20);
    this.enabled = 0;
    this.acc = new Int32Array(3);
    this.freq = new Int32Array(3);
    this.vol = new Int32Array(3);
    this.wave = new Int32Array(3);
  }

  write(reg, value) {
    if (reg === REG_ENABLE) {
      this.enabled = value & 1;
      return;
    }
    if (reg < 0 || reg >= 0x20) return;
    this.regs[reg] = value & 0x0f;
    VOICES.forEach((v, i) => {
      if (reg >= v.acc && reg < v.acc + v.nibbles) {
        const bit = v.shift + 4 * (reg - v.acc);
        this.acc[i] = ((this.acc[i] & ~(0xf << bit)) | ((value & 0xf) << bit)) & ACC_MASK;
      } else if (reg === v.wave) {
        this.wave[i] = (value & 7) * 32;
      } else if (reg >= v.freq && reg < v.freq + v.nibbles) {
        let f = 0;
        for (let n = 0; n < v.nibbles; n++) f |= this.regs[v.freq + n] << (4 * n);
        this.freq[i] = f << v.shift;
      } else if (reg === v.vol) {
        this.vol[i] = value & 0x0f;
      }
    });
  }

  // One tick: every voice steps; the sum of the voices' samples (unscaled).
  tick() {
    let sum = 0;
    for (let i = 0; i < 3; i++) {
      const f = this.freq[i];
      const acc = (this.acc[i] + f) & ACC_MASK;
      this.acc[i] = acc;
      if (f && this.vol[i]) sum += (SOUND_PROM[this.wave[i] + ((acc >> 15) & 31)] - 8) * this.vol[i];
    }
    return sum;
  }

  // Adds samples from..to-1 (ticks.js: the mean of the ticks in each).
  render(out, from, to) {
    renderTicks(this, out, from, to, this.enabled ? LEVEL : 0);
  }
}

export default Wsg;
