// The page's state, in one place: what is shown and chosen (S), the game on the page, and the
// parts of the page made once at the start (the board, the step layer, the clock, the panels).
// Other modules read these bindings; only setGame and setParts change them.

export const $ = (id) => document.getElementById(id);

export const S = {
  sel: 0, highlight: 0,
  pending: null,    // a step shown, not applied: {steps, source, warning}
  hint: null,       // the nudge shown
  branch: -1,       // the forcing-chain branch drawn (-1: all)
  wrong: new Set(), placed: new Set(),
  info: null, techniques: [], enabled: new Set(),
  parsed: [], busy: false, maxBody: 1 << 20, autoTouched: false,
  mode: "digit", colour: 1,
  solvedShown: false, solution: null, allJob: null,
  started: false,   // the kept game has been looked for (saving before would overwrite it)
};

/** The game on the page (play.js). */
export let game = null;
export function setGame(g) { game = g; }

/** The parts of the page: board (board.js), layer (draw.js), timer (timer.js), gen
 * (generate.js), regions (regions.js), cages (cage-editor.js), rulesPicker (variants.js),
 * review (photo.js). */
export let board, layer, timer, gen, regions, cages, rulesPicker, review;
export function setParts(parts) {
  ({ board, layer, timer, gen, regions, cages, rulesPicker, review } = parts);
}
