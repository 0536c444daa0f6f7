// A puzzle from a photo: shrunk, read by the server, checked by the user (photo.js).

import * as api from "./api.js";
import { command, puzzle } from "./commands.js";
import { t } from "./i18n.js";
import { loadGame, underPageRules } from "./loading.js";
import { updateBookChoice } from "./media-panel.js";
import { shrinkPhoto } from "./photo.js";
import { Game } from "./play.js";
import { updateShareHash } from "./puzzle-panel.js";
import { $, game, review, S } from "./state.js";
import { explain, say } from "./view.js";

/** Shrink the picture, have the server read it, then the review view (outside the command, so
 * the page is not busy while the user checks the cells). */
export async function readPhoto(file) {
  if (!file) return;
  let data = null;
  await command(async () => {
    const image = await shrinkPhoto(file, { maxChars: S.maxBody - 4096 });
    const job = api.newJobId("photo"), controller = new AbortController();
    const cancel = $("btn-photo-cancel");
    cancel.onclick = () => { api.cancelJob(job); controller.abort(); };
    cancel.hidden = false;
    try {
      data = await api.readImage(image, { job, signal: controller.signal });
    } catch (e) {
      if (e instanceof api.ApiError && e.status === 409) throw new api.Cancelled();
      throw e;
    } finally {
      cancel.hidden = true;
    }
    say(t("photo-check", { message: data.message }));
  }, t("photo-reading"));
  if (!data) return;
  const pos = await review.show(data);
  if (!pos) { say(t("photo-cancelled")); return; }
  await command(async () => {
    S.parsed = [];
    updateBookChoice();
    $("picker").hidden = true;
    loadGame(Game.fromPosition(underPageRules(pos), "given"));
    history.replaceState(null, "", location.pathname);
    updateShareHash();
    const filled = game.givens.filter(Boolean).length;
    say(t("photo-opened", { givens: filled }));
    const n = await api.count(puzzle()).catch(() => null);
    if (n && game.givensLine() === pos.givens) {
      say(t("photo-opened-count", { givens: filled, solutions: n.count === 1 ? t("one-solution") : n.label }));
      if (n.count !== 1) explain({ warning: t("photo-compare", { solutions: n.label }) });
    }
  });
}
