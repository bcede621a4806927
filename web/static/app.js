// The page's script: the controls, the messages to and from the checker's
// Web Worker (worker.js), and the drawing of what it answers. It judges
// nothing itself: the findings, the viewer and the converted forms are the
// Go library's, written in the worker (docs/web.md).
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const RULE_PAGES = 'https://github.com/ashtapada/ashtapada/blob/main/docs/rules/';
  const MAX_FINDINGS = 5000; // findings drawn; the rest are counted
  const MAX_ROWS = 1000; // rows of the games table
  // count is n and a noun in its number, as the command line says it
  // (internal/english): "1 game", "3 games".
  const count = (n, word) => n + ' ' + word + (n === 1 ? '' : 's');
  const MAX_SOURCE = 2 << 20; // the marked text is drawn up to this size

  // state is what the tests read too (web/web_test.go).
  const state = window.ashtapadaState = {
    ready: false, running: false, done: false, run: 0, games: 0, errors: 0, warnings: 0,
    findings: 0, ms: 0, name: '', view: null, ply: -1, error: '',
  };
  let worker = null;
  let catalogue = null;
  let explain = {};
  let sourceText = null; // the text as given, for the marks (null: too large or compressed)
  let allFindings = [];
  let pending = null; // what to open once a run is done: {game, ply}
  // The batches are drawn together every DRAW_EVERY ms, not one by one:
  // the page's thread stays free for the reader's clicks.
  const DRAW_EVERY = 100;
  let queued = [];
  let drawTimer = 0;

  function drawQueued() {
    clearTimeout(drawTimer);
    drawTimer = 0;
    const batches = queued;
    queued = [];
    for (const b of batches) addBatch(b);
  }

  function startWorker() {
    if (worker) worker.terminate();
    state.ready = false;
    worker = new Worker('worker.js');
    worker.onmessage = (e) => onMessage(e.data);
    worker.postMessage({ type: 'catalogue' });
  }

  function onMessage(m) {
    if (m.run !== undefined && m.run !== state.run) return; // an old run's
    switch (m.type) {
      case 'ready':
        break;
      case 'catalogue':
        state.ready = true;
        if (catalogue) break; // a fresh worker after a stop
        fillControls(m.data);
        setStatus('Ready: paste, drop or open a record.');
        if (readFragment()) check();
        break;
      case 'start':
        state.total = m.total;
        state.name = m.name;
        $('progress').max = Math.max(1, m.total);
        break;
      case 'batch':
        queued.push(m.batch);
        if (!drawTimer) drawTimer = setTimeout(drawQueued, DRAW_EVERY);
        break;
      case 'done':
        finish(m);
        break;
      case 'view':
        showView(m.view, m.ply);
        break;
      case 'error':
        state.error = m.message;
        state.running = false;
        $('cancel').hidden = true;
        $('progress').hidden = true;
        setStatus('Error: ' + m.message, true);
        break;
    }
  }

  function setStatus(s, bad) {
    $('status').textContent = s;
    $('status').classList.toggle('bad', !!bad);
  }

  function fillControls(c) {
    catalogue = c;
    const sel = $('rules');
    for (const p of c.profiles) {
      const o = document.createElement('option');
      o.value = p.name;
      o.textContent = p.name + (p.summary ? ': ' + p.summary : '');
      sel.appendChild(o);
    }
    const list = $('setlist');
    for (const s of c.settings) {
      const label = document.createElement('label');
      label.textContent = s.key + ' ';
      const pick = document.createElement('select');
      pick.dataset.key = s.key;
      const def = document.createElement('option');
      def.value = '';
      pick.appendChild(def);
      for (const v of s.values) {
        const o = document.createElement('option');
        o.value = v;
        o.textContent = v;
        pick.appendChild(o);
      }
      pick.addEventListener('change', settingsChanged);
      label.appendChild(pick);
      list.appendChild(label);
    }
    labelDefaults();
  }

  // labelDefaults names, in each setting's first choice, the value the
  // chosen profile gives it.
  function labelDefaults() {
    const name = $('rules').value || 'fide';
    const p = catalogue.profiles.find((x) => x.name === name) || catalogue.profiles[0];
    for (const pick of $('setlist').querySelectorAll('select')) {
      const v = p && p.settings[pick.dataset.key];
      pick.options[0].textContent = $('rules').value ? 'as the profile: ' + v : "as the game's profile";
    }
  }

  function settingsChanged() {
    const n = settings().length;
    $('setcount').textContent = n ? n + ' changed' : 'none changed';
  }

  function settings() {
    const out = [];
    for (const pick of $('setlist').querySelectorAll('select')) {
      if (pick.value) out.push(pick.dataset.key + '=' + pick.value);
    }
    return out;
  }

  function options() {
    return {
      rules: $('rules').value, set: settings(), notation: $('notation').value,
      strict: $('strict').checked, noVariations: $('novariations').checked, hints: $('hints').checked,
    };
  }

  // check sends the text (or the file) to the worker. A run still going
  // is stopped first: its worker is ended and a fresh one started.
  function check(file) {
    if (!state.ready) return;
    if (state.running) { startWorker(); }
    resetResults();
    state.run++;
    state.running = true;
    state.done = false;
    state.error = '';
    const msg = { type: 'run', run: state.run, options: options() };
    if (file) {
      msg.blob = file;
      msg.name = file.name;
      sourceText = null;
      if (file.size <= MAX_SOURCE && !/\.(gz|bz2|zst|xz)$/i.test(file.name)) {
        file.text().then((t) => { if (msg.run === state.run) { sourceText = t; if (state.done) drawSource(); } });
      }
    } else {
      msg.text = $('text').value;
      msg.name = 'pasted.pgn';
      sourceText = msg.text.length <= MAX_SOURCE ? msg.text : null;
    }
    $('progress').hidden = false;
    $('progress').value = 0;
    $('cancel').hidden = false;
    setStatus('Checking…');
    state.started = performance.now();
    worker.postMessage(msg);
  }

  function resetResults() {
    clearTimeout(drawTimer);
    drawTimer = 0;
    queued = [];
    explain = {};
    allFindings = [];
    Object.assign(state, { games: 0, errors: 0, warnings: 0, findings: 0, ms: 0, view: null, ply: -1 });
    $('findings').textContent = '';
    $('games').tBodies[0].textContent = '';
    $('more').hidden = true;
    $('moregames').hidden = true;
    $('results').hidden = false;
    $('view').hidden = true;
    $('sourcebox').hidden = true;
    $('counts').textContent = '';
  }

  function addBatch(b) {
    Object.assign(explain, b.explain || {});
    const rows = document.createDocumentFragment();
    const items = document.createDocumentFragment();
    for (const g of b.games) {
      const s = g.summary;
      if (s.game) state.games++;
      state.errors += s.errors;
      state.warnings += s.warnings;
      for (const f of g.findings) {
        state.findings++;
        allFindings.push(f);
        if (state.findings <= MAX_FINDINGS) items.appendChild(findingItem(f, state.findings));
      }
      if (s.game && state.games <= MAX_ROWS) rows.appendChild(gameRow(g));
    }
    $('findings').appendChild(items);
    $('games').tBodies[0].appendChild(rows);
    $('progress').value = b.read;
    counts();
    setStatus('Checking… ' + count(state.games, 'game'));
  }

  function counts() {
    $('counts').textContent = count(state.games, 'game') + '; ' + count(state.errors, 'error') + ', ' + count(state.warnings, 'warning');
    if (state.findings > MAX_FINDINGS) {
      $('more').hidden = false;
      $('more').textContent = (state.findings - MAX_FINDINGS) + ' more findings not drawn (the command line lists them all).';
    }
    if (state.games > MAX_ROWS) {
      $('moregames').hidden = false;
      $('moregames').textContent = count(state.games - MAX_ROWS, 'more game') + ' not listed; a finding\'s "view" opens its game.';
    }
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // findingItem draws a finding as the HTML report does: its place, its
  // severity, message and rule (a link to the rule's page), the facts of
  // its move, the rule's explanation, the legal moves.
  function findingItem(f, n) {
    const li = el('li', 'finding ' + f.severity);
    li.id = 'f' + n;
    Object.assign(li.dataset, { rule: f.rule, line: f.line, column: f.column, game: f.game, ply: f.ply, severity: f.severity });
    const h = el('p', 'head');
    const pos = el('button', 'pos', f.file + ':' + f.line + ':' + f.column);
    pos.type = 'button';
    pos.title = 'show it in the text';
    pos.addEventListener('click', () => { const m = $('m' + n); if (m) { m.scrollIntoView({ block: 'center' }); m.classList.add('flash'); } });
    h.append(pos, ' ', el('span', 'sev', f.severity), ' ', el('span', 'msg', f.message), ' ');
    const a = el('a', 'rule', '[' + f.rule + ']');
    a.href = RULE_PAGES + encodeURIComponent(f.rule) + '.md';
    a.target = '_blank';
    a.rel = 'noopener';
    h.appendChild(a);
    if (f.game) {
      const v = el('button', 'open', 'view');
      v.type = 'button';
      v.addEventListener('click', () => openGame(f.game, f.ply > 0 ? f.ply - 1 : -1));
      h.append(' ', v);
    }
    li.appendChild(h);
    const facts = [];
    if (f.game) facts.push('game ' + f.game);
    if (f.ply > 0) facts.push('ply ' + f.ply + ' (move ' + f.move_number + ', ' + f.side + '): ' + f.san);
    if (f.profile) facts.push('profile ' + f.profile);
    if (f.variation && f.variation.length) facts.push('in variation ' + JSON.stringify(f.variation));
    if (facts.length) li.appendChild(el('p', 'facts', facts.join('; ')));
    if (explain[f.rule]) li.appendChild(el('p', 'explain', explain[f.rule].replace(/[`*]/g, '')));
    if (f.legal && f.legal.length) li.appendChild(el('p', 'legal', 'legal here: ' + f.legal.join(' ')));
    return li;
  }

  function gameRow(g) {
    const s = g.summary;
    const tr = document.createElement('tr');
    tr.dataset.game = s.game;
    let verdict = s.valid ? 'valid' : 'invalid';
    if (s.errors || s.warnings) verdict += ' (' + count(s.errors, 'error') + ', ' + count(s.warnings, 'warning') + ')';
    const profile = s.profile + (g.tagged ? '' : ' (no tag)');
    for (const t of [s.game, g.title, g.line, profile, verdict]) tr.appendChild(el('td', '', String(t)));
    const td = el('td');
    const b = el('button', 'open', 'view');
    b.type = 'button';
    b.addEventListener('click', () => openGame(s.game, -1));
    td.appendChild(b);
    tr.appendChild(td);
    if (!s.valid) tr.className = 'invalid';
    return tr;
  }

  function finish(m) {
    drawQueued();
    state.running = false;
    state.done = true;
    state.ms = m.ms;
    $('cancel').hidden = true;
    $('progress').value = $('progress').max;
    counts();
    setStatus('Checked ' + count(m.games, 'game') + ' in ' + (m.ms / 1000).toFixed(2) + ' s: ' +
      count(state.errors, 'error') + ', ' + count(state.warnings, 'warning') + '.');
    drawSource();
    const p = pending || (state.games >= 1 ? { game: 1, ply: -1 } : null);
    pending = null;
    if (p) openGame(p.game, p.ply);
  }

  // drawSource shows the text with each finding's token marked.
  function drawSource() {
    if (sourceText === null) return;
    const byLine = new Map();
    allFindings.forEach((f, i) => {
      if (f.line > 0 && i < MAX_FINDINGS) {
        if (!byLine.has(f.line)) byLine.set(f.line, []);
        byLine.get(f.line).push([f, i + 1]);
      }
    });
    const enc = new TextEncoder();
    const dec = new TextDecoder();
    const out = document.createDocumentFragment();
    const lines = sourceText.split('\n');
    lines.forEach((line, i) => {
      const n = i + 1;
      const row = el('span', 'line');
      row.appendChild(el('span', 'ln', String(n)));
      const fs = (byLine.get(n) || []).slice().sort((a, b) => a[0].column - b[0].column);
      let at = 0; // characters of line written
      const bytes = enc.encode(line);
      for (const [f, k] of fs) {
        const from = Math.max(at, dec.decode(bytes.slice(0, Math.max(0, f.column - 1))).length);
        let to = from;
        while (to < line.length && !/\s/.test(line[to])) to++;
        if (to === from) to = Math.min(line.length, from + 1);
        row.appendChild(document.createTextNode(line.slice(at, from)));
        const mark = el('mark', f.severity, line.slice(from, to) || ' ');
        mark.id = 'm' + k;
        mark.title = f.severity + ': ' + f.message + ' [' + f.rule + ']';
        row.appendChild(mark);
        at = Math.max(at, to);
      }
      row.appendChild(document.createTextNode(line.slice(at) + '\n'));
      out.appendChild(row);
    });
    $('source').textContent = '';
    $('source').appendChild(out);
    $('sourcebox').hidden = false;
  }

  function openGame(game, ply) {
    if (!state.done) { pending = { game, ply }; return; }
    worker.postMessage({ type: 'view', run: state.run, game, ply });
  }

  // showView puts the library's viewer page of the game in the frame, and
  // its converted forms beside it.
  function showView(v, ply) {
    state.view = v;
    $('view').hidden = false;
    $('viewtitle').textContent = 'Game ' + v.game;
    $('pgn').value = v.pgn;
    $('san').value = v.san;
    $('uci').value = v.uci;
    // The moves, not the tags, are what the forms change: show them.
    for (const id of ['pgn', 'san', 'uci']) $(id).scrollTop = $(id).scrollHeight;
    const det = $('detected');
    det.hidden = !v.detected;
    det.textContent = '';
    if (v.detected) {
      det.append("This game names no profile (no Variant or Rules tag), so it was judged as chess. detect: " + v.detected.verdict + ' ');
      for (const name of v.detected.fits || []) {
        const b = el('button', 'use', 'check it as ' + name);
        b.type = 'button';
        b.addEventListener('click', () => { $('rules').value = name; labelDefaults(); pending = { game: v.game, ply: -1 }; check(); });
        det.append(b, ' ');
      }
    }
    $('problems').hidden = !(v.problems && v.problems.length);
    $('problems').textContent = (v.problems || []).join('; ');
    const frame = $('viewer');
    // The viewer focuses its game, which would scroll the page to it.
    const x = window.scrollX, y = window.scrollY;
    frame.onload = () => {
      window.scrollTo(x, y);
      const doc = frame.contentDocument;
      const game = doc && doc.querySelector('section.game');
      if (!game) { setPly(-1); return; }
      new MutationObserver(() => setPly(+game.dataset.ply)).observe(game, { attributes: true, attributeFilter: ['data-ply'] });
      doc.addEventListener('keydown', stepKey);
      frame.style.height = Math.max(560, doc.documentElement.scrollHeight + 20) + 'px';
      // The viewer page opens at the start; here, where a game is checked,
      // at its last position unless a ply is asked for.
      if (ply >= 0) goToPly(ply);
      else game.querySelector('[data-go="last"]').click();
      setPly(+game.dataset.ply);
    };
    frame.srcdoc = v.viewer;
  }

  function setPly(n) {
    state.ply = n;
    $('view').dataset.ply = n;
    const fens = (state.view && state.view.fens) || [];
    $('fen').value = n >= 0 && n < fens.length ? fens[n] : '';
  }

  function viewerGame() {
    const doc = $('viewer').contentDocument;
    return doc && doc.querySelector('section.game');
  }

  function goToPly(n) {
    const game = viewerGame();
    if (!game) return;
    const mv = game.querySelector('.moves button[data-ply="' + n + '"]');
    if (mv) { mv.click(); return; }
    const nav = (go) => game.querySelector('[data-go="' + go + '"]').click();
    nav('first');
    for (let i = 0; i < n; i++) nav('next');
  }

  // stepKey steps the viewer with the keys, from the page as from the frame.
  function stepKey(e) {
    const t = e.target;
    if (t && /^(TEXTAREA|INPUT|SELECT)$/.test(t.tagName)) return;
    const go = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    const game = viewerGame();
    if (!go || !game || $('view').hidden) return;
    if (t && t.closest && t.closest('section.game')) return; // the viewer's own keys
    game.querySelector('[data-go="' + go + '"]').click();
    e.preventDefault();
  }

  // The fragment: #pgn=...&rules=...&set=k=v,k=v&notation=...&game=N&ply=N.
  function readFragment() {
    const h = location.hash.replace(/^#/, '');
    if (!h) return false;
    const p = new URLSearchParams(h);
    if (!p.has('pgn')) return false;
    $('text').value = p.get('pgn');
    if (p.has('rules')) $('rules').value = p.get('rules');
    if (p.has('notation')) $('notation').value = p.get('notation');
    $('strict').checked = p.get('strict') === '1';
    for (const kv of (p.get('set') || '').split(',').filter(Boolean)) {
      const [k, v] = kv.split('=');
      const pick = $('setlist').querySelector('select[data-key="' + k + '"]');
      if (pick) pick.value = v;
    }
    settingsChanged();
    labelDefaults();
    const ply = p.has('ply') ? parseInt(p.get('ply'), 10) : -1;
    pending = { game: parseInt(p.get('game') || '1', 10), ply: isNaN(ply) ? -1 : ply };
    return true;
  }

  function fragment() {
    const p = new URLSearchParams();
    p.set('pgn', $('text').value);
    if ($('rules').value) p.set('rules', $('rules').value);
    if ($('notation').value !== 'auto') p.set('notation', $('notation').value);
    if ($('strict').checked) p.set('strict', '1');
    const set = settings();
    if (set.length) p.set('set', set.join(','));
    if (state.view) p.set('game', state.view.game);
    if (state.ply >= 0) p.set('ply', state.ply);
    return '#' + p.toString();
  }

  function copy(text, button) {
    const label = button.textContent;
    const done = () => { button.textContent = 'copied'; setTimeout(() => { button.textContent = label; }, 1200); };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, () => {});
    else done();
  }

  $('check').addEventListener('click', () => check());
  $('cancel').addEventListener('click', () => {
    startWorker();
    state.running = false;
    $('cancel').hidden = true;
    $('progress').hidden = true;
    setStatus('Stopped.');
  });
  $('file').addEventListener('change', () => { const f = $('file').files[0]; if (f) check(f); });
  $('text').addEventListener('dragover', (e) => e.preventDefault());
  $('text').addEventListener('drop', (e) => {
    e.preventDefault();
    const f = e.dataTransfer.files[0];
    if (f) check(f);
  });
  $('rules').addEventListener('change', labelDefaults);
  // For the tests: the time from a click on 'errors only' to its answer
  // (the input's delay on the page's thread), and how many games the page
  // had shown when it answered.
  state.inputDelays = [];
  state.inputGames = [];
  $('onlyerrors').addEventListener('mousedown', (e) => {
    state.inputDelays.push(performance.now() - e.timeStamp);
    state.inputGames.push(state.games);
  });
  $('onlyerrors').addEventListener('change', () => $('findings').classList.toggle('onlyerrors', $('onlyerrors').checked));
  $('link').addEventListener('click', () => {
    const h = fragment();
    history.replaceState(null, '', h);
    copy(location.href, $('link'));
  });
  for (const b of document.querySelectorAll('[data-copy]')) {
    b.addEventListener('click', () => copy($(b.dataset.copy).value, b));
  }
  document.addEventListener('keydown', stepKey);
  window.addEventListener('hashchange', () => { if (readFragment()) check(); });
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
  startWorker();
})();
