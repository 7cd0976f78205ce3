// The run loop's pacing (web/worker.js): how many frames each call of a worker
// turn runs, and how long the worker waits before its next turn. Pure logic on
// the clock it is given, so that node can test it (tests/unit/test_pacing.py).
//
// x1 and x4 follow the clock: the frames whose time has come, at most
// MAX_CATCH_UP per 1/fps when behind, one a call at x1 (each frame's sound goes
// out live). "max" (speed 0) runs frames for one display refresh (TURN_MS), in
// calls of up to MAX_BATCH frames sized by the measured cost of a frame, then
// hands over: the page gets one picture a turn (so at most one a refresh), the
// worker hears the page's requests, and the next turn starts at once.

export const TURN_MS = 1000 / 60;
export const MAX_CATCH_UP = 4;
export const MAX_BATCH = 16;     // frames in one call (worker_api.MAX_FRAMES_PER_CALL)
export const DEBT_MS = 250;      // further behind than this: the debt is dropped
const COST_WEIGHT = 0.25;        // the newest call's share of the frame cost's running average

export function createPacer(fps = 60) {
  let speed = 1;                 // frames per 1/fps: 1, 4, or 0 for as fast as it goes
  let nextDue = 0;               // when the next frame is due (x1, x4)
  let msPerFrame = 0;            // a frame's cost, averaged over the calls (0: not known yet)

  return {
    get speed() { return speed; },
    get msPerFrame() { return msPerFrame; },
    setFps(value) { fps = value > 0 ? value : 60; },
    setSpeed(factor, now) {
      if (![0, 1, 4].includes(factor)) throw new Error("speed is 1, 4 or 0 (as fast as it goes)");
      speed = factor;
      nextDue = now;
    },
    start(now) { nextDue = now; },
    /** Real time: each frame's sound is heard, and every picture is drawn. */
    realTime() { return speed === 1; },
    /** Frames for the next call of a turn that began at `turnStart` and has
     * run `ran` frames so far; 0 ends the turn. */
    batch(now, turnStart, ran) {
      if (speed === 0) {
        // Frames at their measured cost (one, to measure it, if not known
        // yet) until the turn has lasted a refresh: so the page gets at most
        // one picture a refresh.
        const left = TURN_MS - (now - turnStart);
        if (left <= 0) return 0;
        return msPerFrame > 0 ? Math.min(MAX_BATCH, Math.ceil(left / msPerFrame)) : 1;
      }
      const most = MAX_CATCH_UP * speed - ran;
      if (now < nextDue || most <= 0) return 0;
      if (speed === 1) return 1;
      const due = Math.floor(((now - nextDue) * fps * speed) / 1000) + 1;
      return Math.min(due, most, MAX_BATCH);
    },
    /** A call ran `n` frames in `ms`. */
    ran(n, ms) {
      if (n <= 0) return;
      const cost = ms / n;
      msPerFrame = msPerFrame > 0 ? msPerFrame + COST_WEIGHT * (cost - msPerFrame) : cost;
      if (speed !== 0) nextDue += (n * 1000) / (fps * speed);
    },
    /** The turn is over: ms to wait before the next one. */
    endTurn(now) {
      if (speed === 0 || now - nextDue > DEBT_MS) nextDue = now;
      return speed === 0 ? 0 : Math.max(0, nextDue - now);
    },
  };
}
