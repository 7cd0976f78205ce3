// The Python runtime's wasm, compiled as soon as the worker starts.
//
// pyodide.mjs fetches pyodide.asm.wasm and compiles it only once it has the
// memory snapshot in hand (it instantiates after `_loadSnapshot` resolves), so
// the compile would wait for the snapshot's download. `precompileRuntime(url)`
// starts the download and a streaming compile right away, and makes
// `WebAssembly.instantiateStreaming` (how pyodide.mjs instantiates it) use the
// compiled module; pyodide.mjs's own request for the file is answered empty
// (the module is already here). Without a usable module (a server that does
// not say application/wasm, an old browser) everything goes the usual way.
export function precompileRuntime(url, onCompiled = () => {}) {
  const target = new URL(url).href;
  const realFetch = self.fetch.bind(self);
  const compiled = WebAssembly.compileStreaming(realFetch(target)).then((module) => {
    onCompiled();
    return module;
  }, () => null);
  const isTarget = (input) => new URL(input instanceof Request ? input.url : input, self.location.href).href === target;
  self.fetch = (input, init) => (isTarget(input)
    ? compiled.then((module) => (module ? new Response(new Uint8Array(0), {
      headers: { "Content-Type": "application/wasm" } }) : realFetch(input, init)))
    : realFetch(input, init));
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const module = await compiled;
    if (!module) return instantiateStreaming.call(WebAssembly, source, imports);
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  return compiled;
}
