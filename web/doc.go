// Package web is ashtapada in the browser: a static page (static/) whose
// Web Worker runs the checker compiled to WebAssembly (wasm/, over package
// worker), built into dist/ by scripts/build-web (go generate runs it).
// docs/web.md describes it; this package holds only its browser tests.
package web

//go:generate ../scripts/build-web
