// Pyodide 314.0.7 restores a memory snapshot with `HEAP8.set(snapshot)` into
// the wasm module's own memory, whose size is the build's initial 30 MiB: a
// snapshot of a heap that grew past that (ours: the package imported, the
// cores compiled) would not fit. This grows the memory the module exports to
// the snapshot's size right after instantiation, before the restore runs.
// `growWasmMemoryTo(bytes)` (a number, or a promise of one: the worker starts
// Pyodide before the snapshot has arrived) returns a function that undoes the
// hook. Modules without a memory (pyodide.mjs instantiates a small one of its
// own meanwhile) do not wait for the size, and a size that never comes (no
// snapshot) grows nothing.
export function growWasmMemoryTo(bytes) {
  const PAGE = 65536;
  const grow = async (result) => {
    const instance = result instanceof WebAssembly.Instance ? result : result?.instance;
    const memory = instance?.exports?.memory;
    if (!(memory instanceof WebAssembly.Memory)) return result;
    const size = await Promise.resolve(bytes).catch(() => 0);
    if (memory.buffer.byteLength < size) {
      memory.grow(Math.ceil((size - memory.buffer.byteLength) / PAGE));
    }
    return result;
  };
  const originals = {
    instantiate: WebAssembly.instantiate,
    instantiateStreaming: WebAssembly.instantiateStreaming,
  };
  for (const [name, original] of Object.entries(originals)) {
    if (typeof original !== "function") continue;
    WebAssembly[name] = (...args) => original.apply(WebAssembly, args).then(grow);
  }
  return () => Object.assign(WebAssembly, originals);
}
