// The render loop of a synth that steps its chip one tick at a time, faster
// than the sample rate (the WSG, the SN76489): each sample is the mean of the
// ticks inside it (a box filter), held while none falls inside. The chip has
// tick() -> its output, and keeps phase, ticksPerSample and last.
export function renderTicks(chip, out, from, to, gain = 1) {
  const step = chip.ticksPerSample;
  let phase = chip.phase;
  let last = chip.last;
  for (let s = from; s < to; s++) {
    phase += step;
    let n = 0;
    let sum = 0;
    while (phase >= 1) {
      sum += chip.tick();
      phase -= 1;
      n++;
    }
    if (n) last = (sum / n) * gain;
    out[s] += last;
  }
  chip.phase = phase;
  chip.last = last;
}
