// The FDS's wavetable channel (the 2C33's audio), fed the writes the FDS
// machine's sound device logs (py/retroscope/machines/fds/audio.py), reg =
// address - $4040: 0-$3F the wave RAM, $40 = $4080 ... $4A = $408A.
//
// Facts, from the NESdev wiki's "FDS audio" page: a 64-step wave of 6-bit
// samples; the wave accumulator adds the (modulated) 12-bit pitch every CPU
// cycle and steps the wave on each 2^16 carry: f = CPU x pitch / 2^22 for the
// whole wave; $4083 bit 7 halts the wave at position 0, bit 6 halts the
// envelopes; the volume and mod envelopes tick every 8 x (speed + 1) x $408A
// CPU cycles, moving their gain by 1 towards 0 or 32 ($4080/$4084: M=1 sets the
// gain, D the direction); the output gain is min(gain, 32); master volume 2/2,
// 2/3, 2/4, 2/5 ($4089); while the wave RAM is write-enabled the output holds;
// the modulator: a 32-entry table of 3-bit steps (0, +1, +2, +4, reset, -4,
// -2, -1) walked by its own 12-bit pitch, each entry twice, moving a 7-bit
// signed counter that bends the wave's pitch by the wiki's formula; the
// output passes a low-pass filter (about 2 kHz, one pole here).
// Level: a full wave (0 to 63) at gain 32 and master 2/2 swings about 2.4
// times an APU pulse at volume 15 (the wiki's figure for the FDS's mix; our
// choice where accounts vary). Not modelled: a $4080 write taking effect only
// when the wave is at position 0.

const PULSE15 = 95.88 / (8128 / 15 + 100);   // one APU pulse at 15, in apu.js's units
const SCALE = (2.4 * PULSE15) / (63 * 32);
const MASTER = [1, 2 / 3, 2 / 4, 2 / 5];
const MOD_STEPS = [0, 1, 2, 4, 0, -4, -2, -1];   // entry 4 resets the counter

class Envelope {
  constructor() { this.gain = 0; this.speed = 0; this.up = false; this.on = false; this.count = 0; }
  set(value) {
    this.speed = value & 0x3f;
    this.up = Boolean(value & 0x40);
    this.on = !(value & 0x80);
    if (!this.on) this.gain = value & 0x3f;
    this.count = 0;
  }
  tick() {
    if (this.up) { if (this.gain < 32) this.gain += 1; } else if (this.gain > 0) this.gain -= 1;
  }
}

export class Fds {
  constructor(clockHz, sampleRate) {
    this.cyclesPerSample = clockHz / sampleRate;
    this.lowpass = 1 - Math.exp((-2 * Math.PI * 2000) / sampleRate);
    this.reset();
  }

  reset() {
    this.wave = new Uint8Array(64);
    this.vol = new Envelope();
    this.mod = new Envelope();
    this.pitch = 0;
    this.waveHalt = true;
    this.envHalt = false;
    this.acc = 0;             // wave accumulator: position = bits 16-21
    this.writing = false;     // $4089 bit 7: the wave RAM open, the output held
    this.master = 0;
    this.envSpeed = 0xe8;     // $408A (the BIOS's value)
    this.modTable = new Uint8Array(32);
    this.modWrite = 0;        // where the next $4088 write goes
    this.modPos = 0;          // 0-63: entry modPos >> 1
    this.modAcc = 0;
    this.modPitch = 0;
    this.modHalt = true;
    this.counter = 0;         // 7-bit signed
    this.held = 0;            // the output while held
    this.level = 0;           // the low-pass filter's state
    this.frac = 0;
  }

  write(reg, value) {
    reg &= 0xff;
    value &= 0xff;
    if (reg < 0x40) {
      if (this.writing) this.wave[reg] = value & 0x3f;
      return;
    }
    switch (reg) {
      case 0x40: this.vol.set(value); break;
      case 0x42: this.pitch = (this.pitch & 0xf00) | value; break;
      case 0x43:
        this.pitch = (this.pitch & 0xff) | ((value & 0x0f) << 8);
        this.waveHalt = Boolean(value & 0x80);
        this.envHalt = Boolean(value & 0x40);
        if (this.waveHalt) this.acc = 0;
        break;
      case 0x44: this.mod.set(value); break;
      case 0x45: this.counter = ((value & 0x7f) << 25) >> 25; break;
      case 0x46: this.modPitch = (this.modPitch & 0xf00) | value; break;
      case 0x47:
        this.modPitch = (this.modPitch & 0xff) | ((value & 0x0f) << 8);
        this.modHalt = Boolean(value & 0x80);
        if (this.modHalt) this.modAcc = 0;
        break;
      case 0x48:
        if (this.modHalt) {
          this.modTable[this.modWrite] = value & 7;
          this.modWrite = (this.modWrite + 1) & 31;
        }
        break;
      case 0x49:
        this.writing = Boolean(value & 0x80);
        this.master = value & 3;
        break;
      case 0x4a: this.envSpeed = value; break;
      default: break;
    }
  }

  /** The wave's pitch bent by the modulator (the wiki's formula). */
  wavePitch() {
    const gain = this.mod.gain;
    if (gain === 0 || this.modPitch === 0 && this.counter === 0) return this.pitch;
    let temp = this.counter * gain;
    const remainder = temp & 0x0f;
    temp >>= 4;
    if (remainder > 0 && (temp & 0x80) === 0) temp += this.counter < 0 ? -1 : 2;
    if (temp >= 192) temp -= 256;
    else if (temp < -64) temp += 256;
    temp *= this.pitch;
    const low = temp & 0x3f;
    temp >>= 6;
    if (low >= 32) temp += 1;
    const bent = this.pitch + temp;
    return bent < 0 ? 0 : bent;
  }

  /** Advance the envelopes and the modulator by n CPU cycles. */
  clock(n) {
    if (!this.envHalt && !this.waveHalt && this.envSpeed > 0) {
      for (const env of [this.vol, this.mod]) {
        if (!env.on) continue;
        const period = 8 * (env.speed + 1) * this.envSpeed;
        env.count += n;
        while (env.count >= period) {
          env.count -= period;
          env.tick();
        }
      }
    }
    if (!this.modHalt && this.modPitch > 0) {
      this.modAcc += this.modPitch * n;
      while (this.modAcc >= 0x10000) {
        this.modAcc -= 0x10000;
        const step = this.modTable[this.modPos >> 1];
        this.counter = step === 4 ? 0 : ((this.counter + MOD_STEPS[step] + 64) & 0x7f) - 64;
        this.modPos = (this.modPos + 1) & 63;
      }
    }
  }

  render(out, from, to) {
    const scale = SCALE * MASTER[this.master];
    const k = this.lowpass;
    for (let i = from; i < to; i++) {
      const exact = this.frac + this.cyclesPerSample;
      const n = exact | 0;
      this.frac = exact - n;
      this.clock(n);
      let sample = this.held;
      if (!this.writing) {
        if (!this.waveHalt) this.acc = (this.acc + this.wavePitch() * n) % 0x400000;
        const gain = this.vol.gain < 32 ? this.vol.gain : 32;
        sample = this.wave[(this.acc >> 16) & 63] * gain * scale;
        this.held = sample;
      }
      this.level += k * (sample - this.level);
      out[i] += this.level;
    }
  }
}
