// The jigsaw regions panel: choose a region, then drag over cells to paint them (a live
// message says what keeps them from being N connected regions of N cells), or paste the
// regions as text; "Reset to boxes" starts again.

import { t } from "./i18n.js";
import { REGION_SYMBOLS, boxRegions, readRegions, regionHue, regionsProblem } from "./variants.js";

const $ = (id) => document.getElementById(id);

export class RegionsPanel {
  /** ``hooks``: game() the game on the page; setRegions(regions) plays it under them; say(text). */
  constructor(hooks) {
    this.hooks = hooks;
    this.chosen = 0;
    this.n = 0;
    this.last = -1;  // the cell painted last in this drag
    $("paint-regions").addEventListener("change", () => this.setPainting($("paint-regions").checked));
    $("btn-regions-boxes").addEventListener("click", () => {
      const g = this.hooks.game().g;
      this.apply(boxRegions(g.n, g.br, g.bc));
    });
    $("btn-regions-use").addEventListener("click", () => this.useText());
    $("regions-text").addEventListener("keydown", (e) => { if (e.key === "Enter") this.useText(); });
    $("region-palette").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-region]");
      if (b) { this.choose(Number(b.dataset.region)); this.setPainting(true); }
    });
  }

  get painting() { return document.body.classList.contains("painting"); }

  setPainting(on) {
    on = on && Boolean(this.hooks.game().g.regions);
    $("paint-regions").checked = on;
    document.body.classList.toggle("painting", on);
    if (on) this.hooks.say(t("painting-region", { region: REGION_SYMBOLS[this.chosen] }));
  }

  choose(k) {
    this.chosen = k;
    for (const b of $("region-palette").children) {
      const on = Number(b.dataset.region) === k;
      b.classList.toggle("active", on);
      b.setAttribute("aria-checked", String(on));
    }
  }

  /** Show the panel for a jigsaw game (a palette of N regions), hide it otherwise. */
  sync() {
    const g = this.hooks.game().g;
    $("regions-panel").hidden = !g.regions;
    if (!g.regions) { this.setPainting(false); return; }
    if (this.n !== g.n) {
      this.n = g.n;
      const pal = $("region-palette");
      pal.textContent = "";
      for (let k = 0; k < g.n; k++) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "region-swatch";
        b.dataset.region = String(k);
        b.textContent = REGION_SYMBOLS[k];
        b.style.setProperty("--hue", regionHue(k));
        b.setAttribute("role", "radio");
        b.setAttribute("aria-label", t("region-n", { region: REGION_SYMBOLS[k] }));
        pal.appendChild(b);
      }
      this.choose(Math.min(this.chosen, g.n - 1));
    }
    this.status();
  }

  status() {
    const g = this.hooks.game().g;
    if (!g.regions) return;
    const problem = regionsProblem(g.regions, g.n);
    const el = $("regions-status");
    el.textContent = problem ? t("regions-not-yet", { n: g.n, problem }) : t("regions-ready", { n: g.n });
    el.classList.toggle("bad", Boolean(problem));
  }

  /** Paint ``cell`` with the region chosen (in a drag: each cell once). */
  paint(cell, start = false) {
    const g = this.hooks.game().g;
    if (!g.regions || cell < 0) return;
    if (!start && cell === this.last) return;
    this.last = cell;
    if (g.regions[cell] === this.chosen) return;
    const regions = g.regions.slice();
    regions[cell] = this.chosen;
    this.apply(regions);
  }

  useText() {
    const n = this.hooks.game().n;
    const read = readRegions($("regions-text").value, n);
    if (read.error) { this.hooks.say(t("regions-not-used", { error: read.error })); return; }
    this.apply(read.regions);
    this.hooks.say(t("regions-from-text"));
  }

  apply(regions) {
    this.hooks.setRegions(regions);
    this.status();
  }
}
