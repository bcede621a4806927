// The page's Web Worker: it runs the Go checker (ashtapada.wasm, through
// Go's wasm_exec.js) off the page's thread, so that a large file never
// freezes the page. Protocol (docs/web.md):
//   page -> worker  {type:'catalogue'} | {type:'run', run, options, name, text|blob} | {type:'view', run, game}
//   worker -> page  {type:'ready'} | {type:'catalogue', data} | {type:'start', run, total}
//                   | {type:'batch', run, batch} | {type:'done', run, games, ms} | {type:'view', run, view}
//                   | {type:'error', run, message}
importScripts('wasm_exec.js');

const ready = new Promise((resolve, reject) => {
  self.ashtapadaReady = resolve;
  const go = new Go();
  const load = WebAssembly.instantiateStreaming
    ? WebAssembly.instantiateStreaming(fetch('ashtapada.wasm'), go.importObject)
        .catch(() => fetch('ashtapada.wasm').then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject)))
    : fetch('ashtapada.wasm').then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject));
  load.then((r) => go.run(r.instance)).catch(reject);
});
ready.then(() => postMessage({ type: 'ready' }), (e) => postMessage({ type: 'error', message: 'the checker did not load: ' + e }));

// bytesOf reads what the page gave: pasted text, or a file's bytes as they
// are. A compressed file is decompressed by the checker, by its first
// bytes, as the command line does (gzip, bzip2, zstd, xz).
async function bytesOf(m) {
  if (m.text !== undefined) return { bytes: new TextEncoder().encode(m.text), name: m.name };
  return { bytes: new Uint8Array(await m.blob.arrayBuffer()), name: m.name };
}

onmessage = async (e) => {
  const m = e.data;
  try {
    await ready;
    if (m.type === 'catalogue') {
      postMessage({ type: 'catalogue', data: JSON.parse(self.ashtapadaCatalogue()) });
    } else if (m.type === 'run') {
      const { bytes, name } = await bytesOf(m);
      postMessage({ type: 'start', run: m.run, total: bytes.length, name });
      const t0 = performance.now();
      const out = JSON.parse(self.ashtapadaRun(JSON.stringify(m.options), name, bytes, (b) => {
        postMessage({ type: 'batch', run: m.run, batch: JSON.parse(b) });
      }));
      if (out.error) throw new Error(out.error);
      postMessage({ type: 'done', run: m.run, games: out.games, ms: performance.now() - t0 });
    } else if (m.type === 'view') {
      const v = JSON.parse(self.ashtapadaView(m.game));
      if (v.error) throw new Error(v.error);
      postMessage({ type: 'view', run: m.run, view: v, ply: m.ply });
    }
  } catch (err) {
    postMessage({ type: 'error', run: m.run, message: String(err && err.message || err) });
  }
};
