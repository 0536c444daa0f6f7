// The sudokit page: a grid of any size and box shape, driven by the JSON API of `sudokit serve`.
// Plain JavaScript, no build step. Cells are 0-based indices here; the API speaks 1-based
// [row, col, digit] and position objects ({box, givens, values, candidates}).
"use strict";

(() => {
  const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const SIZES = [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 28, 30, 32, 35, 36];
  const SINGLES = ["full-house", "hidden-single", "naked-single"];
  const MAX_UNDO = 200;

  const $ = (id) => document.getElementById(id);
  const el = {};
  for (const id of ["board", "pad", "message", "explanation", "status", "geometry", "size", "box",
    "level", "symmetry", "setup-mode", "paste", "file", "picker", "puzzle-select", "picker-total",
    "auto-marks", "pencil-mode", "highlight", "techniques", "export-entries", "export-text", "log",
    "btn-apply", "print-footer"]) {
    el[id] = $(id);
  }

  // --- state ----------------------------------------------------------------------------------
  const S = {
    br: 3, bc: 3, n: 9, nc: 81,
    givens: [],   // value of each given, 0 elsewhere
    values: [],   // every placed value
    origin: [],   // "given" | "user" | "solved" | ""
    cands: null,  // Uint8Array nc*n: the logical candidates (with the eliminations of steps)
    marks: null,  // Uint8Array nc*n: the user's own pencil marks
    sel: 0, highlight: 0, setup: false,
    pending: null,   // a step shown and not yet applied: {steps, position, text, source}
    hint: null,      // the nudge shown: {data}
    wrong: new Set(), placed: new Set(),
    log: [], undo: [], redo: [],
    info: null, techniques: [], enabled: new Set(),
    parsed: [], busy: false, maxBody: 1 << 20, autoTouched: false,
    version: 0,      // counts changes, so an answer to an older grid is not applied
  };
  let cellEls = [];
  let cellKeys = [];
  const EMPTY = { length: 0 };  // reads as "no candidate" at every index

  const sym = (v) => (v ? SYMBOLS[v - 1] : ".");
  const rc = (cell) => [Math.floor(cell / S.n), cell % S.n];
  const cellOf = (r, c) => r * S.n + c;
  const name = (cell) => { const [r, c] = rc(cell); return `r${r + 1}c${c + 1}`; };

  function decodeSymbol(ch, n = S.n) {
    let i = SYMBOLS.indexOf(ch);
    if (n <= 35) i = SYMBOLS.indexOf(ch.toUpperCase());  // case does not matter up to 35
    return i >= 0 && i < n ? i + 1 : 0;
  }

  function defaultBox(n) {
    let r = Math.floor(Math.sqrt(n));
    while (r > 1 && n % r) r -= 1;
    return [r, n / r];
  }

  function boxShapes(n) {
    const out = [];
    for (let r = 2; r <= n / 2; r++) if (n % r === 0 && n / r >= 2) out.push([r, n / r]);
    return out;
  }

  // --- geometry -------------------------------------------------------------------------------
  function peersOf(cell) {
    const [r, c] = rc(cell);
    const out = new Set();
    for (let i = 0; i < S.n; i++) { out.add(cellOf(r, i)); out.add(cellOf(i, c)); }
    const r0 = r - (r % S.br), c0 = c - (c % S.bc);
    for (let i = 0; i < S.br; i++) for (let j = 0; j < S.bc; j++) out.add(cellOf(r0 + i, c0 + j));
    out.delete(cell);
    return [...out];
  }

  function houseCells(houseName) {
    const m = /^(row|column|box) (\d+)$/.exec(houseName);
    if (!m) return [];
    const i = Number(m[2]) - 1;
    const out = [];
    if (m[1] === "row") for (let c = 0; c < S.n; c++) out.push(cellOf(i, c));
    else if (m[1] === "column") for (let r = 0; r < S.n; r++) out.push(cellOf(r, i));
    else {
      const r0 = Math.floor(i / S.br) * S.br, c0 = (i % S.br) * S.bc;
      for (let a = 0; a < S.br; a++) for (let b = 0; b < S.bc; b++) out.push(cellOf(r0 + a, c0 + b));
    }
    return out;
  }

  function resetGrid(br, bc) {
    S.version += 1;
    S.br = br; S.bc = bc; S.n = br * bc; S.nc = S.n * S.n;
    S.givens = new Array(S.nc).fill(0);
    S.values = new Array(S.nc).fill(0);
    S.origin = new Array(S.nc).fill("");
    S.cands = new Uint8Array(S.nc * S.n).fill(1);
    S.marks = new Uint8Array(S.nc * S.n);
    S.sel = 0; S.highlight = 0;
    S.pending = null; S.hint = null; S.wrong.clear(); S.placed.clear();
    S.log = []; S.undo = []; S.redo = [];
    // thousands of candidates on a 25x25 or 36x36 are slow to draw and hard to read: off
    // there unless the user asked for them
    if (!S.autoTouched) el["auto-marks"].checked = S.n <= 16;
    buildBoard();
    buildPad();
    buildHighlight();
  }

  // --- positions (the API's JSON) ------------------------------------------------------------
  function positionJSON() {
    const givens = S.setup ? S.values : S.givens;
    const cands = [];
    for (let cell = 0; cell < S.nc; cell++) {
      let s = "";
      if (!S.values[cell]) for (let d = 1; d <= S.n; d++) if (S.cands[cell * S.n + d - 1]) s += sym(d);
      cands.push(s);
    }
    return {
      box: [S.br, S.bc],
      givens: givens.map(sym).join(""),
      values: S.values.map(sym).join(""),
      candidates: cands,
    };
  }

  function decodeLine(s) {
    return Array.from(s, (ch) => decodeSymbol(ch));
  }

  // Take the values and candidates of a position from the server; cells that gain a value are
  // "solved" (black) unless said otherwise.
  function takePosition(pos, newOrigin = "solved") {
    const values = decodeLine(pos.values || pos.givens);
    const givens = decodeLine(pos.givens);
    for (let cell = 0; cell < S.nc; cell++) {
      if (givens[cell]) { S.origin[cell] = "given"; }
      else if (values[cell] && values[cell] !== S.values[cell]) { S.origin[cell] = newOrigin; S.placed.add(cell); }
      else if (!values[cell]) { S.origin[cell] = ""; }
    }
    S.givens = givens;
    S.values = values;
    S.cands.fill(0);
    if (pos.candidates) {
      pos.candidates.forEach((s, cell) => {
        for (const ch of s) { const d = decodeSymbol(ch); if (d) S.cands[cell * S.n + d - 1] = 1; }
      });
    } else {
      computeCandidates();
    }
  }

  function loadPosition(pos, text) {
    resetGrid(pos.box[0], pos.box[1]);
    takePosition(pos, "user");
    S.placed.clear();
    S.setup = false;
    el["setup-mode"].checked = false;
    syncGeometrySelects();
    render();
    if (text) showExplanation(text);
  }

  function computeCandidates() {
    S.cands.fill(0);
    for (let cell = 0; cell < S.nc; cell++) {
      if (S.values[cell]) continue;
      const used = new Set(peersOf(cell).map((p) => S.values[p]));
      for (let d = 1; d <= S.n; d++) if (!used.has(d)) S.cands[cell * S.n + d - 1] = 1;
    }
  }

  // --- undo -----------------------------------------------------------------------------------
  function snapshot() {
    return {
      givens: S.givens.slice(), values: S.values.slice(), origin: S.origin.slice(),
      cands: S.cands.slice(), marks: S.marks.slice(), log: S.log.slice(), setup: S.setup,
    };
  }

  function restore(snap) {
    S.version += 1;
    Object.assign(S, {
      givens: snap.givens, values: snap.values, origin: snap.origin, cands: snap.cands,
      marks: snap.marks, log: snap.log, setup: snap.setup,
    });
    el["setup-mode"].checked = S.setup;
  }

  function remember() {
    S.version += 1;
    S.undo.push(snapshot());
    if (S.undo.length > MAX_UNDO) S.undo.shift();
    S.redo = [];
  }

  function undo() {
    if (!S.undo.length) return say("nothing to undo");
    S.redo.push(snapshot());
    restore(S.undo.pop());
    dismiss();
    render();
  }

  function redo() {
    if (!S.redo.length) return say("nothing to redo");
    S.undo.push(snapshot());
    restore(S.redo.pop());
    dismiss();
    render();
  }

  // --- messages -------------------------------------------------------------------------------
  function showError(text) {
    el.message.textContent = text;
    el.message.hidden = false;
    el.message.scrollIntoView({ block: "nearest" });
  }

  function clearError() {
    el.message.hidden = true;
    el.message.textContent = "";
  }

  function say(text) { el.status.textContent = text; }

  function showExplanation(text, extra) {
    el.explanation.textContent = "";
    if (!text) return;
    const p = document.createElement("p");
    p.textContent = text;
    el.explanation.appendChild(p);
    if (extra) {
      const q = document.createElement("p");
      q.className = "muted";
      q.textContent = extra;
      el.explanation.appendChild(q);
    }
  }

  // Drop what is shown about a step or a hint (it no longer matches the grid).
  function dismiss() {
    S.pending = null; S.hint = null; S.wrong.clear(); S.placed.clear();
    el["btn-apply"].disabled = true;
    showExplanation("");
  }

  // --- the API --------------------------------------------------------------------------------
  class ApiError extends Error {}

  async function api(path, body) {
    let res;
    try {
      res = await fetch(path, body === undefined ? {} : {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
      });
    } catch (e) {
      throw new ApiError("cannot reach the sudokit server: is it still running?");
    }
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) throw new ApiError((data && data.error) || `the server answered ${res.status}`);
    return data;
  }

  // Run a command: one at a time, errors shown on the page.
  async function command(fn) {
    if (S.busy) { say("still working on the last request…"); return; }
    S.busy = true;
    document.body.classList.add("busy");
    clearError();
    try {
      await fn();
    } catch (e) {
      showError(e instanceof ApiError ? e.message : `error: ${e.message}`);
    } finally {
      S.busy = false;
      document.body.classList.remove("busy");
    }
  }

  // Post a request about the grid as it is now; refuse the answer if the grid changed meanwhile.
  async function ask(path, body) {
    const version = S.version;
    const data = await api(path, body);
    if (S.version !== version) throw new ApiError("the grid changed while the server was working; try again");
    return data;
  }

  function techniqueChoice() {
    const all = S.techniques.length && S.techniques.every((t) => S.enabled.has(t.id));
    if (all || !S.techniques.length) return {};
    const ids = S.techniques.filter((t) => S.enabled.has(t.id)).map((t) => t.id);
    if (!ids.length) throw new ApiError("no technique is chosen: tick some under Techniques");
    return { techniques: ids };
  }

  function lockGivens() {
    if (!S.setup) return;
    S.setup = false;
    el["setup-mode"].checked = false;
    for (let cell = 0; cell < S.nc; cell++) {
      S.givens[cell] = S.values[cell];
      S.origin[cell] = S.values[cell] ? "given" : "";
    }
  }

  function requireGivens() {
    lockGivens();
    if (!S.givens.some((v) => v)) throw new ApiError("the grid is empty: enter, paste, open or generate a puzzle first");
  }

  // --- commands -------------------------------------------------------------------------------
  async function step() {
    if (S.pending) return apply();
    requireGivens();
    const data = await ask("/api/step", { puzzle: positionJSON(), ...techniqueChoice() });
    S.hint = null;
    if (!data.step) { showExplanation(data.message); say(data.message); render(); return; }
    showPending([data.step], data.position, data.step.explanation, "step");
    warn(data);
  }

  // The server's warning about the puzzle (several solutions, or a position with none).
  function warn(data) { if (data.warning) say(`Warning: ${data.warning}`); }

  function showPending(steps, position, text, source) {
    S.pending = { steps, position, text, source };
    el["btn-apply"].disabled = false;
    const elims = steps.reduce((k, s) => k + s.eliminations.length, 0);
    const places = steps.reduce((k, s) => k + s.placements.length, 0);
    const what = [];
    if (places) what.push(`${places} placement${places > 1 ? "s" : ""} in green`);
    if (elims) what.push(`${elims} elimination${elims > 1 ? "s" : ""} crossed out in red`);
    showExplanation(text, `${what.join(", ")}. Press Step, Apply or Enter to apply it; Esc to dismiss.`);
    render();
  }

  function apply() {
    if (!S.pending) return say("no step to apply: press Step or Hint first");
    const { steps, position } = S.pending;
    remember();
    S.placed.clear();
    takePosition(position, "solved");
    for (const s of steps) S.log.push(s.explanation);
    S.pending = null; S.hint = null;
    el["btn-apply"].disabled = true;
    showExplanation(`Applied: ${steps.map((s) => s.explanation).join(" · ")}`);
    render();
    finishedCheck();
  }

  async function hint() {
    if (S.pending) return apply();
    requireGivens();
    const level = S.hint ? "step" : "nudge";
    const data = await ask("/api/hint", { puzzle: positionJSON(), level, ...techniqueChoice() });
    if (!data.hint) { S.hint = null; showExplanation(data.message); render(); return; }
    if (level === "nudge") {
      S.hint = { data: data.hint };
      showExplanation(`Hint: ${data.hint.text}`, "Press Hint again for the whole step.");
      render();
    } else {
      S.hint = null;
      showPending([data.hint.step], data.position, data.hint.step.explanation, "hint");
    }
    warn(data);
  }

  async function round() {
    requireGivens();
    S.pending = null; S.hint = null;
    const data = await ask("/api/round", { puzzle: positionJSON(), ...techniqueChoice() });
    if (!data.steps.length) { showExplanation(data.message); render(); return; }
    remember();
    S.placed.clear();
    takePosition(data.position, "solved");
    for (const s of data.steps) S.log.push(s.explanation);
    showExplanation(`Round: ${data.message}. ${data.steps.map((s) => s.explanation).join(" · ")}`);
    render();
    warn(data);
    finishedCheck();
  }

  async function solve() {
    requireGivens();
    const data = await ask("/api/solve", { puzzle: positionJSON() });
    dismiss();
    if (!data.solution) { say(data.message); showExplanation(data.message); render(); return; }
    remember();
    const sol = decodeLine(data.solution.values);
    for (let cell = 0; cell < S.nc; cell++) {
      if (S.givens[cell]) continue;
      if (S.values[cell] !== sol[cell] || S.origin[cell] !== "user") S.origin[cell] = "solved";
      S.values[cell] = sol[cell];
    }
    S.cands.fill(0);
    S.log.push("Solve: " + data.message);
    say(data.message);
    render();
  }

  async function check() {
    requireGivens();
    const data = await ask("/api/check", { puzzle: positionJSON() });
    dismiss();
    for (const [r, c] of data.wrong) S.wrong.add(cellOf(r - 1, c - 1));
    say(`Check: ${data.message}`);
    render();
  }

  async function count() {
    requireGivens();
    const data = await api("/api/count", { puzzle: positionJSON() });
    say(`Solutions: ${data.label}`);
  }

  async function rate() {
    requireGivens();
    say("Rating…");
    const data = await api("/api/rate", { puzzle: positionJSON() });
    if (data.status !== "unique") { say(data.message); showExplanation(data.message); return; }
    const hardest = data.hardest ? `, hardest: ${techniqueName(data.hardest)}` : "";
    say(`Rating: ${data.score.toFixed(1)} (${data.level})${hardest}${data.trial ? ", needs trial" : ""}`);
  }

  function techniqueName(id) {
    const t = S.techniques.find((x) => x.id === id);
    return t ? t.name : id;
  }

  async function generate() {
    const [br, bc] = el.box.value.split("x").map(Number);
    const body = { size: br * bc, box: `${br}x${bc}`, symmetry: el.symmetry.value || "none" };
    if (el.level.value) body.level = el.level.value;
    say(`Generating a ${body.size}x${body.size} puzzle…`);
    const data = await api("/api/generate", body);
    loadPosition(data.position);
    const r = data.rating;
    say(r ? `Generated: rating ${r.score.toFixed(1)} (${r.level})` : "Generated a new puzzle");
    updateShareHash();
  }

  async function parseText(text, filename, box) {
    if (!text.trim()) throw new ApiError("there is nothing to open: the text is empty");
    const body = { text };
    if (filename) body.filename = filename;
    if (box) body.box = box;
    const data = await api("/api/parse", body);
    S.parsed = data.puzzles;
    loadPosition(data.puzzles[0].position);
    const sel = el["puzzle-select"];
    sel.textContent = "";
    data.puzzles.forEach((p, i) => {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = `${i + 1}${p.comment ? " — " + p.comment.slice(0, 40) : ""}`;
      sel.appendChild(o);
    });
    el.picker.hidden = data.total < 2;
    el["picker-total"].textContent = data.total > data.puzzles.length
      ? `of ${data.total} (the first ${data.puzzles.length} are listed)` : `of ${data.total}`;
    const p = data.puzzles[0];
    say(`Opened a ${p.size}x${p.size} puzzle (${data.format} format, ${p.filled} givens)` +
      (data.total > 1 ? `; the text holds ${data.total} puzzles` : ""));
    updateShareHash();
  }

  async function openFile(file) {
    if (!file) return;
    if (file.size > S.maxBody - 4096) throw new ApiError(`${file.name} is too large (the limit is ${Math.floor(S.maxBody / 1024)} KB)`);
    const text = await file.text();
    await parseText(text, file.name);
  }

  function newGrid() {
    const [br, bc] = el.box.value.split("x").map(Number);
    resetGrid(br, bc);
    S.setup = true;
    el["setup-mode"].checked = true;
    render();
    say(`Empty ${S.n}x${S.n} grid: type the givens (the cursor moves on; . or 0 skips a cell)`);
    el.board.focus();
  }

  async function exportAs(to) {
    const data = await api("/api/export", { puzzle: positionJSON(), to, entries: el["export-entries"].checked });
    el["export-text"].value = data.text;
    await copy(data.text, `Copied the ${to === "line" ? "line" : "grid"}`);
  }

  function shareURL() {
    const p = S.givens.map(sym).join("");
    let hash = `#p=${encodeURIComponent(p)}&b=${S.br}x${S.bc}`;
    if (el["export-entries"].checked && S.values.some((v, i) => v && !S.givens[i])) {
      hash += `&v=${encodeURIComponent(S.values.map(sym).join(""))}`;
    }
    return location.origin + location.pathname + hash;
  }

  function updateShareHash() {
    if (S.givens.some((v) => v)) history.replaceState(null, "", shareURL().replace(/&v=.*$/, ""));
  }

  async function share() {
    requireGivens();
    const url = shareURL();
    history.replaceState(null, "", url);
    el["export-text"].value = url;
    await copy(url, "Copied the share link");
  }

  async function copy(text, done) {
    try {
      await navigator.clipboard.writeText(text);
      say(done);
    } catch (e) {
      el["export-text"].select();
      say("Select and copy the text under Export (the browser did not allow copying)");
    }
  }

  function printView() {
    el["print-footer"].textContent = `sudokit — ${S.n}x${S.n} — ${location.origin}`;
    window.print();
  }

  async function openFromHash() {
    const params = new URLSearchParams(location.hash.slice(1));
    const p = params.get("p");
    if (!p) return false;
    await parseText(p, null, params.get("b") || undefined);
    const v = params.get("v");
    if (v && v.length === S.nc) {
      decodeLine(v).forEach((d, cell) => {
        if (d && !S.givens[cell]) { S.values[cell] = d; S.origin[cell] = "user"; }
      });
      computeCandidates();
      render();
    }
    return true;
  }

  function finishedCheck() {
    if (S.values.every((v) => v)) say("Solved!");
  }

  // --- entering digits ------------------------------------------------------------------------
  function enter(d) {
    const cell = S.sel;
    if (S.setup) {
      remember();
      dismiss();
      S.givens[cell] = d; S.values[cell] = d; S.origin[cell] = d ? "given" : "";
      computeCandidates();
      S.sel = (cell + 1) % S.nc;  // typing a puzzle as a line: move on
      render();
      return;
    }
    if (S.givens[cell]) { say(`${name(cell)} is a given; tick "Enter givens" to change the puzzle`); return; }
    if (S.values[cell] === d) return;
    remember();
    dismiss();
    const old = S.values[cell];
    S.values[cell] = d;
    S.origin[cell] = d ? "user" : "";
    if (d) {
      for (let k = 0; k < S.n; k++) S.cands[cell * S.n + k] = 0;
      for (const p of peersOf(cell)) S.cands[p * S.n + d - 1] = 0;
    } else {
      restoreCandidates(cell, old);
    }
    render();
    finishedCheck();
  }

  // After clearing ``cell`` (which held ``old``): its candidates again, and ``old`` back in the
  // peers that no other placed digit rules it out of.
  function restoreCandidates(cell, old) {
    const used = new Set(peersOf(cell).map((p) => S.values[p]));
    for (let d = 1; d <= S.n; d++) S.cands[cell * S.n + d - 1] = used.has(d) ? 0 : 1;
    if (!old) return;
    for (const p of peersOf(cell)) {
      if (S.values[p]) continue;
      if (!peersOf(p).some((q) => S.values[q] === old)) S.cands[p * S.n + old - 1] = 1;
    }
  }

  function toggleMark(d) {
    const cell = S.sel;
    if (S.values[cell]) { say(`${name(cell)} is filled: clear it first to pencil in marks`); return; }
    remember();
    dismiss();
    const marks = el["auto-marks"].checked ? S.cands : S.marks;
    const i = cell * S.n + d - 1;
    marks[i] = marks[i] ? 0 : 1;
    render();
  }

  function moveBy(dr, dc) {
    let [r, c] = rc(S.sel);
    r = (r + dr + S.n) % S.n;
    c = (c + dc + S.n) % S.n;
    S.sel = cellOf(r, c);
    render();
  }

  // --- keyboard -------------------------------------------------------------------------------
  const COMMANDS = {
    n: () => command(step), a: () => command(async () => apply()), h: () => command(hint),
    r: () => command(round), s: () => command(solve), c: () => command(check),
    k: () => command(count), t: () => command(rate), z: undo, y: redo,
    m: () => { el["auto-marks"].checked = !el["auto-marks"].checked; S.autoTouched = true; render(); },
    p: () => { el["pencil-mode"].checked = !el["pencil-mode"].checked; say(el["pencil-mode"].checked ? "Pencil mode on" : "Pencil mode off"); },
    g: () => setSetup(!S.setup),
    x: () => setHighlight(S.highlight && S.highlight === S.values[S.sel] ? 0 : S.values[S.sel]),
  };

  function digitFromEvent(e) {
    // with Shift the key gives "!" or "A": read the physical key instead
    let ch = e.key;
    if (e.shiftKey && S.n <= 35) {
      const m = /^(?:Digit|Numpad)(\d)$|^Key([A-Z])$/.exec(e.code || "");
      if (m) ch = m[1] || m[2];
    }
    if (ch.length !== 1) return 0;
    if (S.n <= 9 && !/[1-9]/.test(ch)) return 0;
    return decodeSymbol(ch);
  }

  function onKey(e) {
    const key = e.key;
    if (e.ctrlKey || e.metaKey) {
      const k = key.toLowerCase();
      if (k === "z" && !e.shiftKey) { e.preventDefault(); undo(); }
      else if (k === "y" || (k === "z" && e.shiftKey)) { e.preventDefault(); redo(); }
      return;
    }
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (arrows[key]) { e.preventDefault(); moveBy(...arrows[key]); return; }
    if (key === "Home") { e.preventDefault(); S.sel -= S.sel % S.n; render(); return; }
    if (key === "End") { e.preventDefault(); S.sel += S.n - 1 - (S.sel % S.n); render(); return; }
    if (key === "Enter") { e.preventDefault(); command(step); return; }
    if (key === "Escape") { dismiss(); render(); return; }
    if (key === " ") { e.preventDefault(); COMMANDS.p(); return; }
    if (key === "Delete" || key === "Backspace" || key === "." || (key === "0" && S.n < 36)) {
      e.preventDefault();
      enter(0);
      return;
    }
    const letter = key.length === 1 ? key.toLowerCase() : "";
    const digit = e.altKey ? 0 : digitFromEvent(e);
    if (digit) {
      e.preventDefault();
      const pencil = el["pencil-mode"].checked || (e.shiftKey && S.n <= 35);
      if (pencil && !S.setup) toggleMark(digit); else enter(digit);
      return;
    }
    // command letters: plain up to 9x9; with Alt always (on larger grids letters are digits)
    let cmdKey = "";
    if (e.altKey) {
      const m = /^Key([A-Z])$/.exec(e.code || "");
      cmdKey = m ? m[1].toLowerCase() : letter;
    } else if (S.n <= 9) {
      cmdKey = letter;
    }
    if (COMMANDS[cmdKey]) { e.preventDefault(); COMMANDS[cmdKey](); }
  }

  function isTyping(target) {
    return target && (target.tagName === "TEXTAREA" || target.tagName === "SELECT" ||
      (target.tagName === "INPUT" && target.type !== "checkbox"));
  }

  // --- setup and highlight ---------------------------------------------------------------------
  function setSetup(on) {
    S.setup = on;
    el["setup-mode"].checked = on;
    if (!on) lockGivens();
    dismiss();
    render();
    say(on ? "Enter givens: digits typed are the puzzle's clues" : "Playing: digits typed are your entries");
  }

  function setHighlight(d) {
    S.highlight = d || 0;
    el.highlight.value = String(S.highlight);
    render();
  }

  // --- building the page ----------------------------------------------------------------------
  function buildBoard() {
    const b = el.board;
    b.textContent = "";
    // on the root: the board's size (--board) depends on the grid's side
    const root = document.documentElement.style;
    root.setProperty("--n", S.n);
    root.setProperty("--br", S.br);
    root.setProperty("--bc", S.bc);
    b.setAttribute("aria-rowcount", S.n);
    b.setAttribute("aria-colcount", S.n);
    cellEls = [];
    cellKeys = new Array(S.nc).fill("");
    const frag = document.createDocumentFragment();
    for (let cell = 0; cell < S.nc; cell++) {
      const [r, c] = rc(cell);
      const d = document.createElement("div");
      d.className = "cell";
      if (c % S.bc === S.bc - 1 && c < S.n - 1) d.classList.add("box-right");
      if (r % S.br === S.br - 1 && r < S.n - 1) d.classList.add("box-bottom");
      if (c % S.bc === 0 && c > 0) d.classList.add("box-left");
      if (r % S.br === 0 && r > 0) d.classList.add("box-top");
      d.dataset.cell = `r${r + 1}c${c + 1}`;
      d.setAttribute("role", "gridcell");
      frag.appendChild(d);
      cellEls.push(d);
    }
    b.appendChild(frag);
    el.geometry.textContent = `${S.n}x${S.n}, ${S.br}x${S.bc} boxes`;
  }

  function buildPad() {
    const pad = el.pad;
    pad.textContent = "";
    for (let d = 1; d <= S.n; d++) {
      const btn = document.createElement("button");
      btn.type = "button";
      btn.textContent = sym(d);
      btn.dataset.digit = String(d);
      btn.setAttribute("aria-label", `digit ${d}`);
      btn.title = String(d);
      pad.appendChild(btn);
    }
    // explanations name digits by number: say which letter is which
    const legend = $("legend");
    legend.hidden = S.n <= 9;
    legend.textContent = S.n > 9 ? `Letters are digits from 10 up: A=10, B=11, … ${sym(S.n)}=${S.n}.` : "";
    const clear = document.createElement("button");
    clear.type = "button";
    clear.textContent = "⌫";
    clear.dataset.digit = "0";
    clear.setAttribute("aria-label", "clear the cell");
    pad.appendChild(clear);
  }

  function buildHighlight() {
    const h = el.highlight;
    h.textContent = "";
    for (let d = 0; d <= S.n; d++) {
      const o = document.createElement("option");
      o.value = String(d);
      o.textContent = d ? sym(d) : "none";
      h.appendChild(o);
    }
  }

  function fillSelect(select, items, value) {
    select.textContent = "";
    for (const [v, text] of items) {
      const o = document.createElement("option");
      o.value = v; o.textContent = text;
      select.appendChild(o);
    }
    if (value !== undefined) select.value = value;
  }

  function syncBoxSelect(n, box) {
    const shapes = boxShapes(n);
    const def = defaultBox(n);
    fillSelect(el.box, shapes.map(([r, c]) => [`${r}x${c}`, `${r}x${c}`]), box || `${def[0]}x${def[1]}`);
  }

  function syncGeometrySelects() {
    el.size.value = String(S.n);
    syncBoxSelect(S.n, `${S.br}x${S.bc}`);
  }

  function buildTechniques() {
    const box = el.techniques;
    box.textContent = "";
    const families = new Map();
    for (const t of S.techniques) {
      if (!families.has(t.family)) families.set(t.family, []);
      families.get(t.family).push(t);
    }
    for (const [family, list] of families) {
      const fs = document.createElement("fieldset");
      const lg = document.createElement("legend");
      lg.textContent = family;
      fs.appendChild(lg);
      for (const t of list) {
        const label = document.createElement("label");
        label.className = "check";
        const cb = document.createElement("input");
        cb.type = "checkbox";
        cb.checked = S.enabled.has(t.id);
        cb.dataset.technique = t.id;
        cb.addEventListener("change", () => {
          if (cb.checked) S.enabled.add(t.id); else S.enabled.delete(t.id);
          dismiss(); render();
        });
        label.appendChild(cb);
        label.appendChild(document.createTextNode(` ${t.name} (${t.difficulty.toFixed(1)})`));
        fs.appendChild(label);
      }
      box.appendChild(fs);
    }
  }

  function setTechniques(ids) {
    S.enabled = new Set(ids);
    buildTechniques();
    dismiss();
    render();
  }

  // --- rendering ------------------------------------------------------------------------------
  function stepMarks() {
    // cell -> classes, and "cell:digit" -> candidate classes, for the step or hint shown
    const cells = new Map();
    const cands = new Map();
    const add = (map, key, cls) => { if (!map.has(key)) map.set(key, new Set()); map.get(key).add(cls); };
    const at = ([r, c]) => cellOf(r - 1, c - 1);
    if (S.pending) {
      for (const s of S.pending.steps) {
        for (const h of s.houses) for (const cell of houseCells(h)) add(cells, cell, "focus-house");
        for (const rcx of s.cells) add(cells, at(rcx), "focus-cell");
        for (const [r, c, d] of s.candidates) add(cands, `${at([r, c])}:${d}`, "cand-focus");
        for (const [r, c, d] of s.fins || []) add(cands, `${at([r, c])}:${d}`, "cand-fin");
        for (const [r, c, d] of s.eliminations) {
          add(cands, `${at([r, c])}:${d}`, "cand-elim");
          add(cells, at([r, c]), "has-elim");
        }
        for (const [r, c, d] of s.placements) {
          add(cands, `${at([r, c])}:${d}`, "cand-place");
          add(cells, at([r, c]), "place-cell");
        }
      }
    } else if (S.hint) {
      for (const h of S.hint.data.houses) for (const cell of houseCells(h)) add(cells, cell, "focus-house");
      for (const rcx of S.hint.data.cells) add(cells, at(rcx), "focus-cell");
    }
    return { cells, cands };
  }

  function render() {
    const auto = el["auto-marks"].checked;
    const marks = stepMarks();
    const sel = S.sel;
    const selPeers = new Set(peersOf(sel));
    const hl = S.highlight;
    document.body.classList.toggle("setup", S.setup);
    for (let cell = 0; cell < S.nc; cell++) {
      const v = S.values[cell];
      const classes = ["cell"];
      const e = cellEls[cell];
      for (const k of ["box-right", "box-bottom", "box-left", "box-top"]) if (e.classList.contains(k)) classes.push(k);
      if (v) classes.push(S.origin[cell] || "user");
      if (cell === sel) classes.push("selected");
      else if (selPeers.has(cell)) classes.push("peer");
      if (hl && v === hl) classes.push("same");
      if (S.wrong.has(cell)) classes.push("wrong");
      if (S.placed.has(cell) && !S.pending) classes.push("just-placed");
      const extra = marks.cells.get(cell);
      if (extra) classes.push(...extra);
      // candidates shown: the logical ones (auto), else the user's own; a cell the step shows
      // always gets its logical candidates; none while givens are typed in (only noise then)
      const src = S.setup ? EMPTY : auto || extra ? S.cands : S.marks;
      let content = "";
      if (v) {
        content = `v${v}`;
      } else {
        let s = "";
        for (let d = 1; d <= S.n; d++) {
          if (!src[cell * S.n + d - 1]) continue;
          const m = marks.cands.get(`${cell}:${d}`);
          s += `${d}${m ? "[" + [...m].join(" ") + "]" : ""}${hl === d ? "*" : ""},`;
        }
        content = `c${s}`;
      }
      const cls = classes.join(" ");
      if (e.className !== cls) e.className = cls;
      if (cellKeys[cell] === content) continue;  // same digits and marks: keep the elements
      cellKeys[cell] = content;
      e.textContent = "";
      if (v) {
        const span = document.createElement("span");
        span.className = "v";
        span.textContent = sym(v);
        e.appendChild(span);
        e.setAttribute("aria-label", `${name(cell)}: ${sym(v)}${S.origin[cell] === "given" ? ", given" : ""}`);
      } else {
        // one element per candidate shown, placed in the cell's box_rows x box_cols mini-grid
        const shown = [];
        let grid = null;
        for (let d = 1; d <= S.n; d++) {
          if (!src[cell * S.n + d - 1]) continue;
          if (!grid) { grid = document.createElement("div"); grid.className = "cands"; }
          const span = document.createElement("span");
          span.className = "c";
          span.textContent = sym(d);
          span.dataset.d = String(d);
          span.style.gridArea = `${Math.floor((d - 1) / S.bc) + 1} / ${((d - 1) % S.bc) + 1}`;
          shown.push(sym(d));
          const m = marks.cands.get(`${cell}:${d}`);
          if (m) span.classList.add(...m);
          if (hl === d) span.classList.add("hl");
          grid.appendChild(span);
        }
        if (grid) e.appendChild(grid);
        e.setAttribute("aria-label", `${name(cell)}: empty${shown.length ? ", marks " + shown.join(" ") : ""}`);
      }
    }
    el["btn-apply"].disabled = !S.pending;
    renderLog();
  }

  function renderLog() {
    const ol = el.log;
    if (ol.childElementCount === S.log.length &&
      (!S.log.length || ol.lastElementChild.textContent === S.log[S.log.length - 1])) return;
    ol.textContent = "";
    for (const text of S.log) {
      const li = document.createElement("li");
      li.textContent = text;
      ol.appendChild(li);
    }
    ol.scrollTop = ol.scrollHeight;
  }

  // --- wiring ---------------------------------------------------------------------------------
  function on(id, event, fn) { $(id).addEventListener(event, fn); }

  function wire() {
    on("btn-step", "click", () => command(step));
    on("btn-apply", "click", () => command(async () => apply()));
    on("btn-hint", "click", () => command(hint));
    on("btn-round", "click", () => command(round));
    on("btn-solve", "click", () => command(solve));
    on("btn-undo", "click", undo);
    on("btn-redo", "click", redo);
    on("btn-check", "click", () => command(check));
    on("btn-count", "click", () => command(count));
    on("btn-rate", "click", () => command(rate));
    on("btn-new", "click", newGrid);
    on("btn-generate", "click", () => command(generate));
    on("btn-load", "click", () => command(() => parseText(el.paste.value)));
    on("btn-copy-line", "click", () => command(() => exportAs("line")));
    on("btn-copy-grid", "click", () => command(() => exportAs("grid")));
    on("btn-share", "click", () => command(share));
    on("btn-print", "click", printView);
    on("tech-all", "click", () => setTechniques(S.techniques.map((t) => t.id)));
    on("tech-singles", "click", () => setTechniques(SINGLES));
    on("file", "change", (e) => {
      const file = e.target.files[0];
      e.target.value = "";  // so that choosing the same file again opens it again
      command(() => openFile(file));
    });
    on("setup-mode", "change", (e) => setSetup(e.target.checked));
    on("auto-marks", "change", () => { S.autoTouched = true; render(); });
    on("highlight", "change", (e) => setHighlight(Number(e.target.value)));
    on("size", "change", () => syncBoxSelect(Number(el.size.value)));
    on("puzzle-select", "change", (e) => {
      const p = S.parsed[Number(e.target.value)];
      if (p) { loadPosition(p.position); updateShareHash(); }
    });

    el.board.addEventListener("mousedown", (e) => {
      const cell = e.target.closest(".cell");
      if (!cell) return;
      S.sel = cellEls.indexOf(cell);
      render();
      el.board.focus();
      e.preventDefault();
    });
    el.board.addEventListener("dblclick", (e) => {
      const cell = e.target.closest(".cell");
      if (cell) setHighlight(S.values[cellEls.indexOf(cell)] || 0);
    });
    el.pad.addEventListener("click", (e) => {
      const btn = e.target.closest("button");
      if (!btn) return;
      const d = Number(btn.dataset.digit);
      if (d && el["pencil-mode"].checked && !S.setup) toggleMark(d); else enter(d);
    });
    document.addEventListener("keydown", (e) => {
      if (isTyping(e.target)) return;
      if (e.target.tagName === "BUTTON" && (e.key === "Enter" || e.key === " ")) return;
      onKey(e);
    });
    document.addEventListener("paste", (e) => {
      if (isTyping(e.target)) return;
      const text = e.clipboardData && e.clipboardData.getData("text");
      if (text) { e.preventDefault(); el.paste.value = text; command(() => parseText(text)); }
    });
    document.addEventListener("dragover", (e) => { e.preventDefault(); document.body.classList.add("dropping"); });
    document.addEventListener("dragleave", (e) => { if (!e.relatedTarget) document.body.classList.remove("dropping"); });
    document.addEventListener("drop", (e) => {
      e.preventDefault();
      document.body.classList.remove("dropping");
      const file = e.dataTransfer && e.dataTransfer.files[0];
      if (file) command(() => openFile(file));
    });
    window.addEventListener("hashchange", () => command(openFromHash));
  }

  async function start() {
    wire();
    fillSelect(el.size, SIZES.map((n) => [String(n), `${n}x${n}`]), "9");
    syncBoxSelect(9);
    resetGrid(3, 3);
    S.setup = true;
    el["setup-mode"].checked = true;
    render();
    await command(async () => {
      const info = await api("/api/info");
      S.info = info;
      S.maxBody = info.max_body;
      S.techniques = info.techniques;
      S.enabled = new Set(info.techniques.map((t) => t.id));
      buildTechniques();
      fillSelect(el.level, [["", "any"], ...info.levels.map((l) => [l, l])], "");
      fillSelect(el.symmetry, info.symmetries.map((s) => [s, s]), info.symmetries[0]);
      const sizes = SIZES.filter((n) => n <= info.max_size);
      fillSelect(el.size, sizes.map((n) => [String(n), `${n}x${n}`]), String(S.n));
      if (!(await openFromHash())) say("Type a puzzle into the grid, paste one, open a file or generate one.");
    });
    document.body.classList.add("ready");
    el.board.focus();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
