// Pictures and booklets: the grid (and the step shown) as SVG or PNG, puzzles as a PDF.

import * as api from "./api.js";
import { puzzle, requireGivens } from "./commands.js";
import { t, tn } from "./i18n.js";
import { base64Bytes, download, pictureBlob, pictureName, plainStep } from "./media.js";
import { $, game, S } from "./state.js";
import { say } from "./view.js";

/** The step shown on the board (the branch drawn is not kept: the picture draws them all). */
export function shownStep() {
  return S.pending && S.pending.steps.length ? plainStep(S.pending.steps[0]) : null;
}

export async function exportPicture() {
  requireGivens();
  const to = $("pic-format").value;
  const step = $("pic-step").checked ? shownStep() : null;
  const size = Number($("pic-size").value);
  const body = {
    puzzle: puzzle(), to, style: $("pic-style").value,
    candidates: $("pic-candidates").checked, solution: $("pic-solution").checked,
    step, size_px: size >= 50 && size <= 4000 ? Math.round(size) : null,
  };
  const data = await api.renderPicture(body);
  const name = pictureName(game.n, to, Boolean(step));
  download(pictureBlob(data), name);
  say(t(step ? "picture-saved-step" : "picture-saved", { name }));
}

export function bookPuzzles() {
  const all = S.parsed.length > 1 && $("book-all").checked;
  if (all) return S.parsed.map(({ position: p }) => ({ box: p.box, givens: p.givens, variants: p.variants, regions: p.regions, cages: p.cages }));
  requireGivens();
  return [{ box: [game.g.br, game.g.bc], givens: game.givensLine(), ...game.variantFields() }];
}

export async function printBook() {
  const puzzles = bookPuzzles();
  const data = await api.printBooklet({
    puzzles, per_page: Number($("book-per-page").value), solutions: $("book-solutions").checked,
    title: $("book-title").value.trim(), rate: $("book-rate").checked, paper: $("book-paper").value,
  }, { job: api.newJobId("print") });
  download(new Blob([base64Bytes(data.data)], { type: data.media_type }), "book.pdf");
  const missing = data.without_answer ? t("book-without-answer", { count: data.without_answer }) : "";
  say(t("book-saved", { puzzles: tn("puzzles", data.puzzles), pages: tn("pages", data.pages) }) + missing);
}

/** "This puzzle / all N puzzles" appears when the text opened last held several. */
export function updateBookChoice() {
  const many = S.parsed.length > 1;
  $("book-which-row").hidden = !many;
  if (many) $("book-all-label").textContent = t("book-all", { count: S.parsed.length });
  else document.querySelector('input[name="book-which"][value="current"]').checked = true;
}
