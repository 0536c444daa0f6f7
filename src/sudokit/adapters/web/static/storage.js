// Games kept in the browser (localStorage): the game being played (saved as it changes), games
// saved by name, the page's preferences; and share links that carry a game in the URL.

import { Game, ORIGINS, variantOf } from "./play.js";
import { decodeLine, sym } from "./grid.js";
import { t } from "./i18n.js";

const CURRENT = "sudokit.current";
const SAVES = "sudokit.saves";
const PREFS = "sudokit.prefs";
const ORIGIN_CODES = ".gusr";  // one letter per entry of ORIGINS

// --- compact encodings --------------------------------------------------------------------------
/** An array of 0/1 as base64url of its bits. */
export function packBits(arr) {
  const bytes = new Uint8Array(Math.ceil(arr.length / 8));
  for (let i = 0; i < arr.length; i++) if (arr[i]) bytes[i >> 3] |= 1 << (i & 7);
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function unpackBits(text, length) {
  const out = new Uint8Array(length);
  let raw;
  try { raw = atob(text.replace(/-/g, "+").replace(/_/g, "/")); } catch (e) { return null; }
  if (raw.length !== Math.ceil(length / 8)) return null;
  for (let i = 0; i < length; i++) out[i] = (raw.charCodeAt(i >> 3) >> (i & 7)) & 1;
  return out;
}

const line = (arr) => Array.from(arr, sym).join("");
const origins = (arr) => arr.map((o) => ORIGIN_CODES[Math.max(0, ORIGINS.indexOf(o))]).join("");
const colorLine = (arr) => Array.from(arr, (c) => c.toString(36)).join("");
const sparse = (arr) => { const out = []; arr.forEach((c, i) => { if (c) out.push([i, c]); }); return out; };

function encodeSnapshot(s, n) {
  return {
    givens: line(s.givens), values: line(s.values), origin: origins(s.origin),
    cands: packBits(s.cands), marks: packBits(s.marks), cellColor: colorLine(s.cellColor),
    candColor: sparse(s.candColor), setup: s.setup,
  };
}

function decodeSnapshot(o, n) {
  const nc = n * n;
  const cands = unpackBits(o.cands, nc * n);
  const marks = unpackBits(o.marks, nc * n);
  if (o.values.length !== nc || o.givens.length !== nc || !cands || !marks) throw new Error("damaged");
  const candColor = new Uint8Array(nc * n);
  for (const [i, c] of o.candColor || []) if (i < nc * n) candColor[i] = c;
  return {
    givens: Uint8Array.from(decodeLine(o.givens, n)), values: Uint8Array.from(decodeLine(o.values, n)),
    origin: Array.from(o.origin, (ch) => ORIGINS[Math.max(0, ORIGIN_CODES.indexOf(ch))]),
    cands, marks, cellColor: Uint8Array.from(Array.from(o.cellColor || "", (ch) => parseInt(ch, 36) || 0)),
    candColor, setup: Boolean(o.setup), log: [],
  };
}

/** A game (and the page's own fields, e.g. the timer) as plain JSON. */
export function serialize(game, extra = {}, withHistory = true) {
  const { n } = game;
  return {
    v: 1, box: [game.g.br, game.g.bc], ...game.variantFields(), ...encodeSnapshot(game.snapshot(), n),
    log: game.log.map((e) => ({
      text: e.text, step: e.step, before: withHistory ? encodeSnapshot(e.before, n) : null,
    })),
    ...extra,
  };
}

/** The game of :func:`serialize` (null when the data is damaged). */
export function deserialize(o) {
  try {
    const game = new Game(o.box[0], o.box[1], variantOf(o, o.box[0] * o.box[1]));
    const s = decodeSnapshot(o, game.n);
    const log = [];
    for (const e of o.log || []) {
      const before = e.before ? decodeSnapshot(e.before, game.n) : null;
      if (before) before.log = log.slice();
      log.push({ text: e.text, step: e.step, before });
    }
    s.log = log;
    game.restore(s);
    return game;
  } catch (e) {
    return null;
  }
}

// --- localStorage -------------------------------------------------------------------------------
function read(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : fallback;
  } catch (e) {
    return fallback;
  }
}

/** Write, or say why not (a full or forbidden storage). */
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return null;
  } catch (e) {
    return t(e && e.name === "QuotaExceededError" ? "err-storage-full" : "err-storage-forbidden");
  }
}

/** Keep the game being played (its step history too, unless the storage is full). */
export function saveCurrent(game, extra) {
  if (!write(CURRENT, serialize(game, extra))) return null;
  return write(CURRENT, serialize(game, extra, false));
}

export function loadCurrent() {
  const o = read(CURRENT, null);
  return o ? { game: deserialize(o), data: o } : null;
}

export const listSaves = () => read(SAVES, []).map(({ id, name, saved, size, filled }) => ({ id, name, saved, size, filled }));

/** Save under ``name`` (the same name replaces the older save). Returns an error text or null. */
export function saveGame(name, game, extra) {
  const saves = read(SAVES, []).filter((s) => s.name !== name);
  const entry = {
    id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, name,
    saved: new Date().toISOString(), size: game.n, filled: game.values.filter((v) => v).length,
    data: serialize(game, extra),
  };
  saves.unshift(entry);
  const err = write(SAVES, saves);
  if (!err) return null;
  entry.data = serialize(game, extra, false);
  return write(SAVES, saves);
}

export function loadSave(id) {
  const entry = read(SAVES, []).find((s) => s.id === id);
  return entry ? { game: deserialize(entry.data), data: entry.data, name: entry.name } : null;
}

export function deleteSave(id) {
  write(SAVES, read(SAVES, []).filter((s) => s.id !== id));
}

export const prefs = () => read(PREFS, {});
export function setPref(key, value) { write(PREFS, { ...prefs(), [key]: value }); }

// --- share links --------------------------------------------------------------------------------
/** The URL hash of a game: givens (p), box (b), variant rules (r), jigsaw regions (j), killer
 * cages (c: SUM.CELL.CELL... with 0-based cells, cages joined by _),
 * entries (v), pencil marks (m; a=1 when they are the candidates the page keeps) and cell
 * colours (k). */
export function shareHash(game, { entries = true, auto = true } = {}) {
  const p = game.givensLine();
  let hash = `#p=${encodeURIComponent(p)}&b=${game.g.br}x${game.g.bc}`;
  const rules = game.variantFields();
  if (rules.variants) hash += `&r=${rules.variants.join(",")}`;
  if (rules.regions) hash += `&j=${encodeURIComponent(rules.regions)}`;
  if (rules.cages) hash += `&c=${rules.cages.map(([sum, cells]) => [sum, ...cells].join(".")).join("_") || "-"}`;
  if (!entries) return hash;
  if (game.values.some((v, i) => v && !game.givens[i])) hash += `&v=${encodeURIComponent(line(game.values))}`;
  const marks = auto ? game.cands : game.marks;
  if (marks.some((m, i) => m && !game.values[Math.floor(i / game.n)])) {
    hash += `&m=${packBits(marks)}${auto ? "&a=1" : ""}`;
  }
  if (game.cellColor.some((c) => c)) hash += `&k=${colorLine(game.cellColor)}`;
  return hash;
}

/** What a share link's hash holds: {p, b, rules, v, m, auto, k} (p null when there is no
 * puzzle; rules null when the link names none: {variants, regions} else). */
export function readShareHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const r = params.get("r"), j = params.get("j"), c = params.get("c");
  const cages = c === null ? null : c.split("_").filter((x) => /^\d+(\.\d+)+$/.test(x))
    .map((x) => { const [sum, ...cells] = x.split(".").map(Number); return [sum, cells]; });
  return {
    p: params.get("p"), b: params.get("b"), v: params.get("v"), m: params.get("m"),
    auto: params.get("a") === "1", k: params.get("k"),
    rules: r || j || cages ? { variants: r ? r.split(",") : [], regions: j || null, cages } : null,
  };
}

/** Put the entries, marks and colours of a share link into a game just opened from its ``p``. */
export function applyShare(game, share) {
  const { n, nc } = game;
  if (share.v && share.v.length === nc) {
    decodeLine(share.v, n).forEach((d, cell) => {
      if (d && !game.givens[cell]) { game.values[cell] = d; game.origin[cell] = "user"; }
    });
    game.computeCandidates();
  }
  let auto = null;
  const marks = share.m ? unpackBits(share.m, nc * n) : null;
  if (marks) {
    for (let cell = 0; cell < nc; cell++) if (game.values[cell]) marks.fill(0, cell * n, (cell + 1) * n);
    if (share.auto) game.cands = marks; else game.marks = marks;
    auto = share.auto;
  }
  if (share.k && share.k.length === nc) {
    game.cellColor = Uint8Array.from(Array.from(share.k, (ch) => parseInt(ch, 36) || 0));
  }
  return auto;
}
