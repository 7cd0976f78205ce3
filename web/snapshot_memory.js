// Pyodide 314.0.7 restores a memory snapshot with `HEAP8.set(snapshot)` into
// the wasm module's own memory, whose size is the build's initial 30 MiB: a
// snapshot of a heap that grew past that (ours: the package imported, the
// cores compiled) would not fit. This grows the memory the module exports to
// the snapshot's size right after instantiation, before the restore runs.
// `growWasmMemoryTo(bytes)` returns a function that undoes the hook.
export function growWasmMemoryTo(bytes) {
  const PAGE = 65536;
  const grow = (result) => {
    const instance = result instanceof WebAssembly.Instance ? result : result?.instance;
    const memory = instance?.exports?.memory;
    if (memory instanceof WebAssembly.Memory && memory.buffer.byteLength < bytes) {
      memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / PAGE));
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
