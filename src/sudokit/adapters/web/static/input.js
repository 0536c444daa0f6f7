// Input: the keyboard, the pointer on the board and the digit pad, turned into the page's
// actions (``app``: select, moveBy, digit, clear, commands, undo, redo, ...). On grids up to
// 9x9 letters are commands; on larger grids letters are digits and commands take Alt.

import { decodeSymbol } from "./grid.js";

export function isTyping(target) {
  return Boolean(target) && (target.tagName === "TEXTAREA" || target.tagName === "SELECT" ||
    (target.tagName === "INPUT" && !["checkbox", "radio"].includes(target.type)));
}

function digitFromEvent(e, n) {
  // with Shift the key gives "!" or "A": read the physical key instead
  let ch = e.key;
  if (e.shiftKey && n <= 35) {
    const m = /^(?:Digit|Numpad)(\d)$|^Key([A-Z])$/.exec(e.code || "");
    if (m) ch = m[1] || m[2];
  }
  if (ch.length !== 1) return 0;
  if (n <= 9 && !/[1-9]/.test(ch)) return 0;
  return decodeSymbol(ch, n);
}

export function wireInput(app) {
  const board = app.board;

  function onKey(e) {
    const n = app.game.n;
    const key = e.key;
    if (e.ctrlKey || e.metaKey) {
      const k = key.toLowerCase();
      if (k === "z" && !e.shiftKey) { e.preventDefault(); app.undo(); }
      else if (k === "y" || (k === "z" && e.shiftKey)) { e.preventDefault(); app.redo(); }
      return;
    }
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (arrows[key]) { e.preventDefault(); app.moveBy(...arrows[key]); return; }
    const sel = app.S.sel;
    if (key === "Home") { e.preventDefault(); app.select(sel - (sel % n)); return; }
    if (key === "End") { e.preventDefault(); app.select(sel + n - 1 - (sel % n)); return; }
    if (key === "Enter") { e.preventDefault(); app.commands.n(); return; }
    if (key === "Escape") { app.dismiss(true); return; }
    if (key === " ") { e.preventDefault(); app.commands.p(); return; }
    if (key === "+" || key === "=") { e.preventDefault(); app.zoomBy(1); return; }
    if (key === "-") { e.preventDefault(); app.zoomBy(-1); return; }
    if (key === "Delete" || key === "Backspace" || key === "." || (key === "0" && n < 36)) {
      e.preventDefault();
      app.clear();
      return;
    }
    const letter = key.length === 1 ? key.toLowerCase() : "";
    const digit = e.altKey ? 0 : digitFromEvent(e, n);
    if (digit) {
      e.preventDefault();
      app.digit(digit, { pencil: e.shiftKey && n <= 35 });
      return;
    }
    // command letters: plain up to 9x9; with Alt always (on larger grids letters are digits)
    let cmd = "";
    if (e.altKey) {
      const m = /^Key([A-Z])$/.exec(e.code || "");
      cmd = m ? m[1].toLowerCase() : letter;
    } else if (n <= 9) {
      cmd = letter;
    }
    if (app.commands[cmd]) { e.preventDefault(); app.commands[cmd](); }
  }

  document.addEventListener("keydown", (e) => {
    if (isTyping(e.target)) return;
    if (document.querySelector("dialog[open]")) return;  // the photo review: keys are its own
    if ((e.target.tagName === "BUTTON" || e.target.tagName === "SUMMARY" || e.target.closest("#log")) &&
      (e.key === "Enter" || e.key === " ")) return;
    onKey(e);
  });

  board.el.addEventListener("mousedown", (e) => {
    const hit = board.hit(e);
    if (!hit) return;
    e.preventDefault();
    app.pointCell(hit.cell, hit.d);
    board.el.focus({ preventScroll: true });
  });
  // painting jigsaw regions: the cell under the pointer as it goes down and drags (a touch
  // keeps its first element as target, so the cell is found by position)
  const cellAt = (e) => {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    const c = el && el.closest(".cell");
    return c ? board.cells.indexOf(c) : -1;
  };
  board.el.addEventListener("pointerdown", (e) => {
    if (app.dragCell(cellAt(e), true)) e.preventDefault();
  });
  board.el.addEventListener("pointermove", (e) => {
    if (e.buttons) app.dragCell(cellAt(e), false);
  });
  window.addEventListener("pointerup", () => app.dragEnd && app.dragEnd());
  board.el.addEventListener("dblclick", (e) => {
    const hit = board.hit(e);
    if (hit) app.setHighlight(app.game.values[hit.cell] || hit.d || 0);
  });

  document.getElementById("pad").addEventListener("click", (e) => {
    const btn = e.target.closest("button");
    if (!btn) return;
    const d = Number(btn.dataset.digit);
    if (d) app.digit(d, {}); else app.clear();
  });
}
