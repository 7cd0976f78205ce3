// The running speed as the status line shows it: frames per second and CPU
// cycles per second over the last WINDOW_MS, from the frames the worker sent.
// Each carries its frame number, the CPU's cycle count and the worker's clock
// when it was sent, so the figure rests on when the frames ran, not on when
// their messages reached the page or were drawn (a busy page delays both).
// At real time every frame comes; ahead of it, one a worker turn: either way
// the window holds tens of them, and one slow turn moves the figure little.
// Pure logic: node tests it (tests/unit/test_speed_meter.py).

export const WINDOW_MS = 2000;
export const MIN_SPAN_MS = 500;   // no figure until the samples span this long

export function createSpeedMeter({ windowMs = WINDOW_MS, minSpanMs = MIN_SPAN_MS } = {}) {
  let samples = [];               // {time, frame, cycles}, oldest first

  return {
    reset() { samples = []; },
    /** A frame the worker sent: `time` in ms (its clock), `frame`, `cycles`. */
    add(time, frame, cycles) {
      const last = samples[samples.length - 1];
      if (last && (time < last.time || frame < last.frame || cycles < last.cycles)) {
        samples = [];  // another machine, a reset or a seek back: count afresh
      }
      samples.push({ time, frame, cycles });
      // The oldest kept is the newest at least windowMs before this one.
      while (samples.length > 2 && time - samples[1].time >= windowMs) samples.shift();
    },
    /** {fps, hz} over the window, or null while it spans less than minSpanMs. */
    rate() {
      if (samples.length < 2) return null;
      const first = samples[0];
      const last = samples[samples.length - 1];
      const span = last.time - first.time;
      if (span < minSpanMs) return null;
      return {
        fps: ((last.frame - first.frame) * 1000) / span,
        hz: ((last.cycles - first.cycles) * 1000) / span,
      };
    },
  };
}
