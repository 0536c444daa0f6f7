// The killer cage editor: tick "Draw cages", drag over cells (mouse or finger), type the sum
// and press Enter to make the cage; click a cage to pick it, then change its sum, drag over
// free cells to add them, or delete it; or paste cages as text. A live message names what is
// wrong (a sum the cells cannot make, a cell already in another cage).

import { t, tn } from "./i18n.js";
import { cage, cageLabel, cageName, cagesProblem, cagesText, readCages, sorted, sumRange } from "./cages.js";

const $ = (id) => document.getElementById(id);

export class CageEditor {
  /** ``hooks``: game() the game on the page; setCages(cages) plays it under them; say(text);
   * redraw() draws the board again (the draft's cells, the cage picked). */
  constructor(hooks) {
    this.hooks = hooks;
    this.draft = [];      // the cells of the cage being drawn (or of the cage picked)
    this.picked = null;   // the cage picked to edit, or null
    this.last = -1;       // the cell added last in this drag
    $("draw-cages").addEventListener("change", () => this.setDrawing($("draw-cages").checked));
    $("cage-sum").addEventListener("input", () => this.status());
    $("cage-sum").addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.preventDefault(); this.make(); }
      if (e.key === "Escape") { e.preventDefault(); this.clearDraft(); }
    });
    $("btn-cage-make").addEventListener("click", () => this.make());
    $("btn-cage-delete").addEventListener("click", () => this.remove());
    $("btn-cages-use").addEventListener("click", () => this.useText());
    $("btn-cages-clear").addEventListener("click", () => { this.clearDraft(); this.hooks.setCages([]); this.status(); });
  }

  get drawing() { return document.body.classList.contains("drawing-cages"); }
  get cages() { return this.hooks.game().g.cages || []; }

  setDrawing(on) {
    on = on && Boolean(this.hooks.game().g.cages);
    $("draw-cages").checked = on;
    document.body.classList.toggle("drawing-cages", on);
    if (!on) this.clearDraft();
    else this.hooks.say(t("drawing-cages"));
  }

  /** Show the panel for a killer game, hide it otherwise. */
  sync() {
    const g = this.hooks.game().g;
    $("cages-panel").hidden = !g.cages;
    if (!g.cages) { this.setDrawing(false); return; }
    this.draft = this.draft.filter((c) => c < g.nc);
    if (this.picked && !g.cages.some((c) => cageName(c, g.n) === cageName(this.picked, g.n))) this.picked = null;
    $("cages-text").placeholder = t("cages-placeholder");
    this.status();
  }

  /** The pointer down on (``start``) or dragged over ``cell``: a new draft, a cage picked, or
   * one more cell for the draft. */
  drag(cell, start) {
    if (cell < 0 || (!start && cell === this.last)) return;
    this.last = cell;
    const owner = this.cages.find((c) => c.cells.includes(cell));
    if (start) {
      if (owner && !this.draft.includes(cell)) {
        this.pick(owner);
        return;
      }
      if (!this.picked && !this.draft.includes(cell)) this.draft = [];
      this.dragging = true;
    }
    if (!this.draft.includes(cell)) this.draft.push(cell);
    else if (start && !this.picked) this.draft = this.draft.filter((c) => c !== cell);  // a click takes it back
    this.status();
    this.hooks.redraw();
  }

  /** The drag ended: the sum is typed next. */
  dragEnd() {
    if (this.dragging && this.draft.length) $("cage-sum").focus({ preventScroll: true });
    this.dragging = false;
  }

  pick(c) {
    this.picked = c;
    this.draft = [...c.cells];
    $("cage-sum").value = String(c.sum);
    this.status();
    this.hooks.redraw();
    $("cage-sum").focus({ preventScroll: true });
    $("cage-sum").select();
  }

  clearDraft() {
    this.draft = [];
    this.picked = null;
    $("cage-sum").value = "";
    this.status();
    this.hooks.redraw();
  }

  /** The cages if the draft became a cage, and what is wrong with that (null: nothing). */
  proposal() {
    const { n } = this.hooks.game().g;
    const text = $("cage-sum").value.trim();
    if (!this.draft.length) return { problem: t("cage-drag") };
    if (!/^\d{1,4}$/.test(text)) {
      const [lo, hi] = sumRange(Math.min(this.draft.length, n), n);
      return { problem: tn("cage-type-sum", this.draft.length, { lo, hi }), waiting: true };
    }
    const made = cage(Number(text), this.draft);
    const others = this.cages.filter((c) => c !== this.picked && !(this.picked && cageName(c, n) === cageName(this.picked, n)));
    const cages = sorted([...others, made]);
    return { cages, made, problem: cagesProblem(cages, n) };
  }

  /** The live message: what the draft needs, or what is wrong with it. */
  status() {
    const el = $("cages-status");
    const g = this.hooks.game().g;
    if (!g.cages) return;
    const p = this.proposal();
    let text;
    if (!this.draft.length) text = `${tn("cages", g.cages.length)}. ${p.problem}`;
    else if (p.problem) text = p.waiting ? p.problem : t("not-a-cage", { problem: p.problem });
    else text = t(this.picked ? "cage-enter-change" : "cage-enter-make", { cage: cageLabel(p.made, g.n) });
    el.textContent = text;
    el.classList.toggle("bad", Boolean(p.problem) && !p.waiting && this.draft.length > 0);
    $("btn-cage-delete").disabled = !this.picked;
    $("btn-cage-make").dataset.i18n = this.picked ? "change-cage-enter" : "make-cage-enter";
    $("btn-cage-make").textContent = t($("btn-cage-make").dataset.i18n);
  }

  make() {
    const p = this.proposal();
    if (p.problem) { this.status(); this.hooks.say(p.problem); return; }
    const { n } = this.hooks.game().g;
    const done = this.picked ? "cage-changed" : "cage-made";
    this.draft = [];
    this.picked = null;
    $("cage-sum").value = "";
    this.hooks.setCages(p.cages);
    this.hooks.say(t(done, { cage: cageLabel(p.made, n) }));
    this.status();
  }

  remove() {
    if (!this.picked) return;
    const { n } = this.hooks.game().g;
    const name = cageName(this.picked, n), shown = cageLabel(this.picked, n);
    this.draft = [];
    this.picked = null;
    $("cage-sum").value = "";
    this.hooks.setCages(this.cages.filter((c) => cageName(c, n) !== name));
    this.hooks.say(t("cage-deleted", { cage: shown }));
    this.status();
  }

  useText() {
    const { n } = this.hooks.game().g;
    const read = readCages($("cages-text").value, n);
    if (read.error) {
      $("cages-status").textContent = `${t("cages-not-used", { error: read.error })}.`;
      $("cages-status").classList.add("bad");
      this.hooks.say(t("cages-not-used", { error: read.error }));
      return;
    }
    this.clearDraft();
    this.hooks.setCages(read.cages);
    this.hooks.say(t("cages-from-text", { count: read.cages.length }));
    this.status();
  }

  /** The cages as text (for the text box: what is on the board, to copy or change). */
  text() { return cagesText(this.cages, this.hooks.game().g.n); }
}
