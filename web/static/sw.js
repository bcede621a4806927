// The service worker that makes the page work offline once loaded: it
// keeps the page's files in a cache named after the build (scripts/build-web
// writes the version below) and answers from it, the network second.
const CACHE = 'ashtapada-BUILD';
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'worker.js', 'wasm_exec.js', 'ashtapada.wasm'];
self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});
self.addEventListener('fetch', (e) => {
  e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request)));
});
