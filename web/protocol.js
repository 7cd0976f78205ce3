// The page <-> worker protocol, in one place.
//
// Requests (page -> worker):   {id, op, args}
// Replies  (worker -> page):   {id, ok: true, result} | {id, ok: false, error, detail?}
// Events   (worker -> page):   {event, ...} with no id:
//   progress {stage, detail}      boot stages: "runtime", "packages", "machine"
//   ready    {python, pyodide}    Python is up; requests may be sent
//   fatal    {error, detail?}     boot failed; nothing more will happen
//   frame    {frame, pc, cycles, time, pixels: ArrayBuffer (transferred), state?, script?}
//                                 time: when the worker sent it (ms since the epoch);
//                                 script: the user's script's news since the last one
//                                 ({output: [[kind, text]...], status, message, line,
//                                 overlay?: its shapes, when they changed})
//   status   {running, reason?}   the run loop started or stopped (and why)
//   error    {error}              a frame failed; the machine is paused
//   controller {source}           a key took the pad back from a program ("player")
//   speed    {factor}             the run loop's speed changed: 1, 4 or 0 (as fast as
//                                 it goes); a load, a key taking the pad back and a
//                                 program letting go of it return to 1
//   replay   {frame, of} | {done}  a shared moment's replay under way (load answers at its end)
//   script   {news}               a script's news between frames (a future it awaited)
//
// {op: "replay_stop"} (no id, no answer) stops a replay where it is; load then
// answers with that frame.
// Ops handled by the worker's JavaScript: init, run, pause, input, speed
// ({factor: 1, 4, or 0 for as fast as it goes}), audio ({port}: a transferred
// MessagePort of the page's AudioWorklet; the worker posts each frame's sound
// chip writes there, see web/audio/worklet.js), marks (the boot's milestones
// and the worker's fetches, ms since the epoch: window.retroscope.bootTimeline).
// Every other op is a verb of py/retroscope/worker_api.py, named as in
// window.retroscope: its one list of them, VERBS (and DEBUG_VERBS, what the
// `debug` op reaches), says which change the machine's picture or state; the
// worker reads it at boot (API.verb_table()) and sends the page a frame after
// those (`frameChanging`). controller takes {source: "player"} or a program the
// machine offers, e.g. {source: "ai", options: {tap_hz: 30}}. The Script tab's:
// run_script {text} (a script that names micropip has it installed from the
// site first), stop_script, script_news, script_examples.

export const JS_OPS = new Set(["init", "run", "pause", "input", "speed", "audio", "marks"]);

/** From worker_api's verb table ({verbs, debug}: lists of {name, frame}), a
 *  test of a request (op, args): may it change the machine's picture or state? */
export function frameChanging(table) {
  const changing = (verbs) => new Set(verbs.filter((v) => v.frame).map((v) => v.name));
  const ops = changing(table.verbs);
  const debug = changing(table.debug);
  return (op, args) => ops.has(op) || (op === "debug" && debug.has(args?.verb));
}

export const BOOT_STAGES = ["runtime", "packages", "machine"];

/** A client for the worker: request(op, args) -> Promise of the result. */
export function connect(worker, onEvent, timeoutMs = 30000) {
  let nextId = 1;
  const pending = new Map();
  worker.addEventListener("message", (msg) => {
    const data = msg.data;
    if (data && data.id !== undefined && pending.has(data.id)) {
      const { resolve, reject, timer } = pending.get(data.id);
      pending.delete(data.id);
      clearTimeout(timer);
      if (data.ok) resolve(data.result);
      else reject(Object.assign(new Error(data.error), { detail: data.detail }));
    } else if (data && data.event) {
      onEvent(data);
    }
  });
  worker.addEventListener("error", (err) => {
    onEvent({ event: "fatal", error: `worker failed: ${err.message || "unknown error"}` });
  });
  return function request(op, args = {}, transfer = [], timeout = timeoutMs) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`the worker did not answer '${op}' within ${timeout / 1000} s`));
      }, timeout);
      pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, op, args }, transfer);
    });
  };
}
