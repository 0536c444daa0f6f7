// A puzzle from a photo: the picture is shrunk in the browser (a phone photo is far larger than
// the server's body cap), sent to POST /api/read-image, and the grid read is shown for review
// beside the straightened picture: doubtful cells shaded with their likely symbols to pick,
// repaired cells marked, clashes red; the user corrects cells, then opens the puzzle or cancels.

import { geometry } from "./boards.js";
import { decodeSymbol, sym } from "./grid.js";
import { t } from "./i18n.js";

/** Longer side of the picture sent, in pixels. */
export const PHOTO_SIDE = 1600;

const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function fileAsDataURL(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(t("err-cannot-read", { name: file.name })));
    reader.readAsDataURL(file);
  });
}

/**
 * The picture as a JPEG data URL of at most ``side`` pixels on its longer side and ``maxChars``
 * characters (smaller and lower quality until it fits). A file the browser cannot decode (TIFF,
 * or no picture at all) is sent as it is, when small enough: the server says what is wrong.
 */
export async function shrinkPhoto(file, { side = PHOTO_SIDE, maxChars = 1 << 20 } = {}) {
  let bitmap = null;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch (e) {
    bitmap = null;
  }
  if (!bitmap) {
    if (file.size * 1.37 + 200 > maxChars) {
      throw new Error(t("err-not-picture", { name: file.name || t("the-file") }));
    }
    const url = await fileAsDataURL(file);
    return url.startsWith("data:") && url.includes(";base64,") ? url : `data:application/octet-stream;base64,${url.split(",")[1] || ""}`;
  }
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d");
  let longer = Math.min(side, Math.max(bitmap.width, bitmap.height));
  for (let attempt = 0; attempt < 8; attempt++) {
    const scale = longer / Math.max(bitmap.width, bitmap.height);
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    ctx.fillStyle = "#fff";  // a transparent PNG: white, not black, behind it
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.85, 0.7]) {
      const url = canvas.toDataURL("image/jpeg", quality);
      if (url.length <= maxChars) { bitmap.close(); return url; }
    }
    longer = Math.round(longer * 0.8);
  }
  bitmap.close();
  throw new Error(t("err-picture-large"));
}

/** The words of a reading's status (the server's id: unique, repaired, ...). */
function statusText(status) {
  const key = `photo-status.${status}`, text = t(key);
  return text === key ? status : text;
}

/**
 * The review view (a modal dialog). ``show(data)`` fills it from a /api/read-image answer and
 * resolves with the position to open ({box, givens}) or null when cancelled.
 */
export class PhotoReview {
  constructor() {
    this.dialog = $("photo-review");
    this.grid = $("photo-grid");
    this.resolve = null;
    $("photo-open").addEventListener("click", () => this.open());
    $("photo-cancel").addEventListener("click", () => this.close(null));
    this.dialog.addEventListener("cancel", (e) => { e.preventDefault(); this.close(null); });
    this.grid.addEventListener("input", (e) => this.typed(e.target));
    this.grid.addEventListener("keydown", (e) => this.key(e));
    this.grid.addEventListener("focusin", (e) => this.focusCell(e.target));
    $("photo-doubtful").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-cell]");
      if (!b) return;
      this.set(Number(b.dataset.cell), b.dataset.symbol);
      this.inputs[Number(b.dataset.cell)].focus();
    });
  }

  get isOpen() { return this.dialog.open; }

  show(data) {
    const [br, bc] = data.box;
    this.g = geometry(br, bc);
    const n = this.g.n;
    this.n = n;
    this.read = Array.from(data.puzzle, (ch) => decodeSymbol(ch, n));
    $("photo-image").src = data.image;
    const status = $("photo-status");
    status.textContent = statusText(data.status);
    status.dataset.status = data.status;
    const turned = data.rotation ? t("photo-turned", { degrees: data.rotation }) : "";
    $("photo-message").textContent = `${data.message}.${turned}`.replace(/\.\./, ".");
    this.doubtful = new Map(data.doubtful.map((d) => [this.g.at(d.cell), d]));
    this.repaired = new Map(data.repaired.map((d) => [this.g.at(d.cell), d]));
    this.build();
    this.buildDoubtful();
    this.note("");
    this.check();
    if (!this.dialog.open) this.dialog.showModal();
    if (window.matchMedia("(pointer: coarse)").matches) {
      $("photo-open").focus();  // on a touch screen a focused cell would pop up the keyboard
    } else {
      const first = this.doubtful.size ? Math.min(...this.doubtful.keys()) : 0;
      this.inputs[first].focus();
    }
    return new Promise((resolve) => { this.resolve = resolve; });
  }

  build() {
    const { n, g } = this;
    this.grid.textContent = "";
    this.grid.style.setProperty("--n", n);
    this.grid.classList.toggle("big", n > 9);
    const marks = $("photo-marks");
    marks.textContent = "";
    marks.style.setProperty("--n", n);
    this.inputs = [];
    this.values0 = this.read.slice();  // the cells as they stand (after the user's corrections)
    for (let cell = 0; cell < n * n; cell++) {
      const r = g.row(cell), c = g.col(cell);
      const input = el("input", "pc");
      input.type = "text";
      input.autocomplete = "off";
      input.spellcheck = false;
      input.setAttribute("autocapitalize", "characters");
      if (n <= 9) input.inputMode = "numeric";
      input.maxLength = 2;
      input.value = this.read[cell] ? sym(this.read[cell]) : "";
      input.dataset.cell = g.name(cell);
      input.dataset.index = String(cell);
      input.setAttribute("aria-label", g.label(cell));
      if ((c + 1) % g.bc === 0 && c + 1 < n) input.classList.add("box-right");
      if ((r + 1) % g.br === 0 && r + 1 < n) input.classList.add("box-bottom");
      const doubt = this.doubtful.get(cell), fix = this.repaired.get(cell);
      if (doubt) {
        input.classList.add("doubtful");
        input.title = t("photo-not-sure-title", { cell: g.label(cell), alternatives: alternativesText(doubt.alternatives) });
      }
      if (fix) {
        input.classList.add("repaired");
        input.title = `${g.label(cell)}:${t("photo-repaired", { read: shown(fix.read), now: shown(fix.now) })}`;
      }
      this.grid.appendChild(input);
      this.inputs.push(input);
      if (doubt || fix) {
        const m = el("div", `photo-mark${doubt ? " doubtful" : ""}${fix ? " repaired" : ""}`);
        m.style.gridRow = String(r + 1);
        m.style.gridColumn = String(c + 1);
        marks.appendChild(m);
      }
    }
    const cursor = el("div", "photo-mark cursor");
    cursor.id = "photo-cursor";
    marks.appendChild(cursor);
  }

  buildDoubtful() {
    const ul = $("photo-doubtful");
    ul.textContent = "";
    const cells = [...new Set([...this.repaired.keys(), ...this.doubtful.keys()])].sort((a, b) => a - b);
    $("photo-check").hidden = !cells.length;
    for (const cell of cells) {
      const li = el("li");
      const name = this.g.label(cell);
      const fix = this.repaired.get(cell), doubt = this.doubtful.get(cell);
      li.appendChild(el("strong", "", name));
      if (fix) li.appendChild(el("span", "repaired-note", t("photo-repaired", { read: shown(fix.read), now: shown(fix.now) })));
      // the likely symbols (under 1% is no help), then what the repair changed, then empty
      const options = doubt ? doubt.alternatives.filter(([, p], i) => i === 0 || p >= 0.01) : [];
      if (fix) for (const s of [fix.read, fix.now]) if (!options.some(([t]) => t === s)) options.push([s, null]);
      if (!options.some(([s]) => s === ".")) options.push([".", null]);
      li.appendChild(el("span", "muted", t(doubt ? "photo-not-sure" : "photo-pick")));
      for (const [s, p] of options) {
        const b = el("button", "alt", p === null ? shown(s) : `${shown(s)} ${Math.round(p * 100)}%`);
        b.type = "button";
        b.dataset.cell = String(cell);
        b.dataset.symbol = s;
        b.title = `${name} = ${shown(s)}`;
        li.appendChild(b);
      }
      ul.appendChild(li);
    }
  }

  /** The value typed into a cell: the last symbol typed, if it is one of the grid's. */
  typed(input) {
    const cell = Number(input.dataset.index);
    const before = this.values0[cell] ? sym(this.values0[cell]) : "";
    let text = input.value.trim().toUpperCase();
    // typed beside the old symbol (the caret before or after it): the new one wins
    if (text.length > 1 && before && text.includes(before)) text = text.replace(before, "");
    const d = text ? decodeSymbol(text.slice(-1), this.n) : 0;
    this.set(cell, d ? sym(d) : ".");
    if (d && cell + 1 < this.inputs.length) this.inputs[cell + 1].focus();
  }

  set(cell, symbol) {
    const d = symbol === "." ? 0 : decodeSymbol(symbol, this.n);
    const input = this.inputs[cell];
    input.value = d ? sym(d) : "";
    this.values0[cell] = d;
    input.classList.toggle("edited", d !== this.read[cell]);
    this.check();
  }

  key(e) {
    const input = e.target.closest("input.pc");
    if (!input) return;
    const cell = Number(input.dataset.index), n = this.n;
    const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
    if (moves[e.key] !== undefined) {
      e.preventDefault();
      const next = (cell + moves[e.key] + n * n) % (n * n);
      this.inputs[next].focus();
    } else if (e.key === "." || e.key === "0" || e.key === " ") {
      e.preventDefault();
      this.set(cell, ".");
      if (cell + 1 < this.inputs.length) this.inputs[cell + 1].focus();
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      this.set(cell, ".");
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && decodeSymbol(e.key, n)) {
      e.preventDefault();  // a symbol replaces the cell's, whatever the caret
      this.set(cell, e.key);
      if (cell + 1 < this.inputs.length) this.inputs[cell + 1].focus();
    } else if (e.key === "Enter") {
      e.preventDefault();
      this.open();
    }
  }

  focusCell(input) {
    if (!input.matches || !input.matches("input.pc")) return;
    const cell = Number(input.dataset.index);
    const cursor = $("photo-cursor");
    cursor.style.gridRow = String(this.g.row(cell) + 1);
    cursor.style.gridColumn = String(this.g.col(cell) + 1);
  }

  values() {
    return this.inputs.map((input) => (input.value ? decodeSymbol(input.value, this.n) : 0));
  }

  /** Mark clashing cells; the number of clashes. */
  check() {
    const v = this.values();
    let clashes = 0;
    for (let cell = 0; cell < v.length; cell++) {
      const bad = Boolean(v[cell]) && this.g.peers(cell).some((p) => v[p] === v[cell]);
      this.inputs[cell].classList.toggle("clash", bad);
      clashes += bad;
    }
    const filled = v.filter(Boolean).length;
    $("photo-count").textContent = t("photo-givens", { count: filled }) + (clashes ? t("photo-clashes", { count: clashes }) : "");
    return clashes;
  }

  note(text) {
    const p = $("photo-note");
    p.textContent = text;
    p.hidden = !text;
  }

  open() {
    if (this.check()) { this.note(t("photo-fix-clashes")); return; }
    const v = this.values();
    if (!v.some(Boolean)) { this.note(t("photo-grid-empty")); return; }
    this.close({ box: [this.g.br, this.g.bc], givens: v.map(sym).join("") });
  }

  close(result) {
    if (this.dialog.open) this.dialog.close();
    $("photo-image").removeAttribute("src");
    const resolve = this.resolve;
    this.resolve = null;
    if (resolve) resolve(result);
  }
}

const shown = (s) => (s === "." || s === "" || s === null ? t("empty") : s);

function alternativesText(alts) {
  return alts.filter(([, p], i) => i === 0 || p >= 0.01).map(([s, p]) => `${shown(s)} ${Math.round(p * 100)}%`).join(", ");
}
