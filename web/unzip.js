// Unpack a wheel (a zip file) into Pyodide's file system from JavaScript.
// A memory snapshot holds Python's heap but not its files, so the worker writes
// the package's files again after each restore; doing it here keeps that work
// out of the first (slow, freshly restored) Python code. Stored and deflated
// entries only, which is all a wheel holds (tools/wheel.py writes them).

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

async function inflate(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The entries of a zip: [{name, method, data}] with `data` still compressed.
export function zipEntries(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== EOCD) end -= 1;
  if (end < 0) throw new Error("not a zip file (no end of central directory)");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    if (view.getUint32(at, true) !== CENTRAL) throw new Error("bad zip central directory");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (view.getUint32(local, true) !== LOCAL) throw new Error(`bad zip entry ${name}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push({ name, method, data: bytes.subarray(start, start + size) });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

// Write every file of the zip under `root` (Emscripten FS of a Pyodide instance).
export async function unpackZip(FS, bytes, root) {
  const entries = zipEntries(bytes);
  const contents = await Promise.all(entries.map(({ name, method, data }) => {
    if (method === 0) return data;
    if (method === 8) return inflate(data);
    throw new Error(`zip entry ${name}: compression method ${method} is not supported`);
  }));
  entries.forEach(({ name }, i) => {
    if (name.endsWith("/")) return;
    const path = `${root}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, contents[i]);
  });
  return entries.length;
}
