// The sound chips' synths, by the name a machine's SoundLog gives
// (py/retroscope/machines/sound.py).
//
// Each chip module exports a class `new Chip(clockHz, sampleRate)` with
//   write(reg, value)        a register write, in the chip's own numbering
//                            (APU: address - $4000; WSG: address - $5040;
//                            SN76489: reg 0, the byte written)
//   render(out, from, to)    ADD mono samples in [-1, 1] into out[from..to),
//                            advancing the chip by clockHz / sampleRate of its
//                            own time per sample
//   reset()                  optional: power-on state (silent)
// The same modules play in the page (worklet.js) and render offline under
// node (tools/render_sound.mjs), so tests measure what people hear.

import { Apu } from "./apu.js";
import { Fds } from "./fds.js";
import { Sn76489 } from "./sn76489.js";
import { Wsg } from "./wsg.js";

// One line per chip (each helper adds its own): apu, fds, wsg, sn76489.
export const CHIPS = {
  apu: Apu,
  fds: Fds,
  wsg: Wsg,
  sn76489: Sn76489,
};
