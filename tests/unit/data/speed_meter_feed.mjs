// Feeds web/panels/speed_meter.js the samples on stdin (JSON: [[time, frame,
// cycles], ...]; a null resets it) and prints its rate after each (JSON list).
import { createSpeedMeter } from "../../../web/panels/speed_meter.js";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const meter = createSpeedMeter();
const out = [];
for (const sample of JSON.parse(input)) {
  if (sample === null) meter.reset();
  else meter.add(...sample);
  out.push(meter.rate());
}
console.log(JSON.stringify(out));
