// The 2A03's APU synth: two pulses, triangle and noise, their frame sequencer,
// and the NES's non-linear mixer. Fed the register writes the machine's APU
// device logs (py/retroscope/machines/nes/apu.py), reg = address - $4000.
//
// Facts, from the NESdev wiki (www.nesdev.org/wiki/): APU_Pulse (duty
// sequences, the timer clocked every APU cycle = 2 CPU cycles, 8 steps:
// f = CPU / (16 (t + 1)); a $4003/$4007 write restarts the sequence and the
// envelope), APU_Sweep (target = t +/- t >> shift, pulse 1 adding the ones'
// complement; muted while t < 8 or the target > $7FF; the divider and reload
// flag), APU_Envelope (start flag, divider of V + 1 quarter frames, decay 15..0,
// loop), APU_Length_Counter (the load table, halt), APU_Triangle (the 32-step
// 15..0 0..15 sequence clocked every CPU cycle: f = CPU / (32 (t + 1)); the
// linear counter and its reload/control flags; the sequencer holds while
// either counter is 0), APU_Noise (the NTSC period table, the 15-bit LFSR with
// feedback from bit 1, or bit 6 in mode 1; silent while bit 0 is 1),
// APU_Frame_Counter (quarter frames at 7457, 14913, 22371 and 29829 CPU
// cycles, half frames at the 2nd and 4th, wrapping at 29830; the 5-step mode's
// last step at 37281, wrap 37282; a $4017 write with bit 7 clocks both at
// once) and APU_Mixer (the non-linear formulas, not the linear approximation).
// Not synthesised yet: the DMC's sample playback (its $4011 level is mixed in).
//
// Each output sample is the average of the channels over the CPU cycles it
// spans (a box filter against aliasing of the high notes and the noise).

const LENGTHS = [10, 254, 20, 2, 40, 4, 80, 6, 160, 8, 60, 10, 14, 12, 26, 14,
  12, 16, 24, 18, 48, 20, 96, 22, 192, 24, 72, 26, 16, 28, 32, 30];
const DUTIES = [
  [0, 1, 0, 0, 0, 0, 0, 0],
  [0, 1, 1, 0, 0, 0, 0, 0],
  [0, 1, 1, 1, 1, 0, 0, 0],
  [1, 0, 0, 1, 1, 1, 1, 1],
];
const TRIANGLE = [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
const NOISE_PERIODS = [4, 8, 16, 32, 64, 96, 128, 160, 202, 254, 380, 508, 762, 1016, 2034, 4068];
// Frame sequencer steps, in CPU cycles since it restarted: [when, quarter, half].
const SEQUENCES = [
  { steps: [[7457, 1, 0], [14913, 1, 1], [22371, 1, 0], [29829, 1, 1]], wrap: 29830 },
  { steps: [[7457, 1, 0], [14913, 1, 1], [22371, 1, 0], [37281, 1, 1]], wrap: 37282 },
];

class Envelope {
  constructor() { this.start = false; this.divider = 0; this.decay = 0; this.period = 0; this.loop = false; this.constant = false; }
  set(value) { this.loop = Boolean(value & 0x20); this.constant = Boolean(value & 0x10); this.period = value & 0x0f; }
  clock() {
    if (this.start) {
      this.start = false;
      this.decay = 15;
      this.divider = this.period;
    } else if (this.divider === 0) {
      this.divider = this.period;
      if (this.decay > 0) this.decay -= 1;
      else if (this.loop) this.decay = 15;
    } else {
      this.divider -= 1;
    }
  }
  volume() { return this.constant ? this.period : this.decay; }
}

class Pulse {
  constructor(ones) {
    this.ones = ones;           // pulse 1's sweep adds the ones' complement
    this.env = new Envelope();
    this.duty = 0;
    this.step = 0;
    this.timer = 0;             // 11-bit period
    this.count = 2;             // CPU cycles to the next sequencer step
    this.length = 0;
    this.enabled = false;
    this.sweepOn = false; this.sweepPeriod = 0; this.negate = false; this.shift = 0;
    this.sweepDivider = 0; this.sweepReload = false;
  }
  target() {
    const change = this.timer >> this.shift;
    const t = this.negate ? this.timer - change - this.ones : this.timer + change;
    return t < 0 ? 0 : t;
  }
  muted() { return this.timer < 8 || this.target() > 0x7ff; }
  level() {
    if (this.length === 0 || this.muted() || !DUTIES[this.duty][this.step]) return 0;
    return this.env.volume();
  }
  halfFrame() {
    if (this.length > 0 && !this.env.loop) this.length -= 1;
    if (this.sweepDivider === 0 && this.sweepOn && this.shift > 0 && !this.muted()) {
      this.timer = this.target();
    }
    if (this.sweepDivider === 0 || this.sweepReload) {
      this.sweepDivider = this.sweepPeriod;
      this.sweepReload = false;
    } else {
      this.sweepDivider -= 1;
    }
  }
  write(reg, value) {
    if (reg === 0) {
      this.duty = value >> 6;
      this.env.set(value);
    } else if (reg === 1) {
      this.sweepOn = Boolean(value & 0x80);
      this.sweepPeriod = (value >> 4) & 7;
      this.negate = Boolean(value & 0x08);
      this.shift = value & 7;
      this.sweepReload = true;
    } else if (reg === 2) {
      this.timer = (this.timer & 0x700) | value;
    } else {
      this.timer = (this.timer & 0xff) | ((value & 7) << 8);
      if (this.enabled) this.length = LENGTHS[value >> 3];
      this.step = 0;
      this.env.start = true;
    }
  }
  /** The channel's output summed over n CPU cycles. */
  run(n) {
    let area = 0;
    let level = this.level();
    while (n > 0) {
      const d = n < this.count ? n : this.count;
      area += d * level;
      n -= d;
      this.count -= d;
      if (this.count === 0) {
        this.count = 2 * (this.timer + 1);
        this.step = (this.step + 1) & 7;
        level = this.level();
      }
    }
    return area;
  }
}

class Triangle {
  constructor() {
    this.timer = 0; this.count = 1; this.step = 0; this.length = 0; this.enabled = false;
    this.control = false; this.reloadValue = 0; this.linear = 0; this.reload = false;
  }
  quarterFrame() {
    if (this.reload) this.linear = this.reloadValue;
    else if (this.linear > 0) this.linear -= 1;
    if (!this.control) this.reload = false;
  }
  halfFrame() { if (this.length > 0 && !this.control) this.length -= 1; }
  write(reg, value) {
    if (reg === 8) {
      this.control = Boolean(value & 0x80);
      this.reloadValue = value & 0x7f;
    } else if (reg === 10) {
      this.timer = (this.timer & 0x700) | value;
    } else if (reg === 11) {
      this.timer = (this.timer & 0xff) | ((value & 7) << 8);
      if (this.enabled) this.length = LENGTHS[value >> 3];
      this.reload = true;
    }
  }
  run(n) {
    // The sequencer holds (its output stays) while either counter is 0.
    if (this.length === 0 || this.linear === 0) return n * TRIANGLE[this.step];
    let area = 0;
    while (n > 0) {
      const d = n < this.count ? n : this.count;
      area += d * TRIANGLE[this.step];
      n -= d;
      this.count -= d;
      if (this.count === 0) {
        this.count = this.timer + 1;
        this.step = (this.step + 1) & 31;
      }
    }
    return area;
  }
}

class Noise {
  constructor() {
    this.env = new Envelope(); this.mode = 0; this.period = NOISE_PERIODS[0]; this.count = 4;
    this.lfsr = 1; this.length = 0; this.enabled = false;
  }
  halfFrame() { if (this.length > 0 && !this.env.loop) this.length -= 1; }
  write(reg, value) {
    if (reg === 12) this.env.set(value);
    else if (reg === 14) {
      this.mode = value >> 7;
      this.period = NOISE_PERIODS[value & 0x0f];
    } else if (reg === 15) {
      if (this.enabled) this.length = LENGTHS[value >> 3];
      this.env.start = true;
    }
  }
  run(n) {
    const volume = this.length === 0 ? 0 : this.env.volume();
    let area = 0;
    const tap = this.mode ? 6 : 1;
    while (n > 0) {
      const d = n < this.count ? n : this.count;
      if (!(this.lfsr & 1)) area += d * volume;
      n -= d;
      this.count -= d;
      if (this.count === 0) {
        this.count = this.period;
        const feedback = (this.lfsr ^ (this.lfsr >> tap)) & 1;
        this.lfsr = (this.lfsr >> 1) | (feedback << 14);
      }
    }
    return area;
  }
}

export class Apu {
  constructor(clockHz, sampleRate) {
    this.cyclesPerSample = clockHz / sampleRate;
    this.reset();
  }

  reset() {
    this.pulse1 = new Pulse(1);
    this.pulse2 = new Pulse(0);
    this.triangle = new Triangle();
    this.noise = new Noise();
    this.dmc = 0;               // the DMC's 7-bit output level ($4011)
    this.mode = 0;
    this.fc = 0;                // CPU cycles since the frame sequencer restarted
    this.next = 0;              // index of its next step
    this.frac = 0;              // fraction of a CPU cycle carried between samples
  }

  write(reg, value) {
    reg &= 0xff;
    value &= 0xff;
    if (reg < 4) this.pulse1.write(reg, value);
    else if (reg < 8) this.pulse2.write(reg - 4, value);
    else if (reg < 12) this.triangle.write(reg, value);
    else if (reg < 16) this.noise.write(reg, value);
    else if (reg === 0x11) this.dmc = value & 0x7f;
    else if (reg === 0x15) {
      const channels = [this.pulse1, this.pulse2, this.triangle, this.noise];
      channels.forEach((ch, i) => {
        ch.enabled = Boolean(value & (1 << i));
        if (!ch.enabled) ch.length = 0;
      });
    } else if (reg === 0x17) {
      this.mode = value >> 7;
      this.fc = 0;
      this.next = 0;
      if (this.mode) {
        this.quarterFrame();
        this.halfFrame();
      }
    }
  }

  quarterFrame() {
    this.pulse1.env.clock();
    this.pulse2.env.clock();
    this.noise.env.clock();
    this.triangle.quarterFrame();
  }

  halfFrame() {
    this.pulse1.halfFrame();
    this.pulse2.halfFrame();
    this.triangle.halfFrame();
    this.noise.halfFrame();
  }

  /** Advance the frame sequencer by n CPU cycles. */
  sequence(n) {
    const seq = SEQUENCES[this.mode];
    this.fc += n;
    while (this.next < seq.steps.length && this.fc >= seq.steps[this.next][0]) {
      const [, quarter, half] = seq.steps[this.next++];
      if (quarter) this.quarterFrame();
      if (half) this.halfFrame();
    }
    if (this.fc >= seq.wrap) {
      this.fc -= seq.wrap;
      this.next = 0;
    }
  }

  render(out, from, to) {
    const { pulse1, pulse2, triangle, noise } = this;
    const tndDmc = this.dmc / 22638;
    for (let i = from; i < to; i++) {
      const exact = this.frac + this.cyclesPerSample;
      const n = exact | 0;
      this.frac = exact - n;
      if (n === 0) continue;
      this.sequence(n);
      const p = (pulse1.run(n) + pulse2.run(n)) / n;
      const t = triangle.run(n) / n;
      const z = noise.run(n) / n;
      let sample = p > 0 ? 95.88 / (8128 / p + 100) : 0;
      const tnd = t / 8227 + z / 12241 + tndDmc;
      if (tnd > 0) sample += 159.79 / (1 / tnd + 100);
      out[i] += sample;
    }
  }
}
