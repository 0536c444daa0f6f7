// Files made by the server: a picture of the grid (POST /api/render: SVG or PNG, with the step
// shown, candidates, the solution) and a PDF booklet of puzzles (POST /api/print), saved through
// a Blob and an <a download>, so nothing is opened in another tab.

/** The bytes of base64 text. */
export function base64Bytes(text) {
  const raw = atob(text);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Save ``blob`` as a file called ``name`` (the browser's download). */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A /api/render answer as a Blob. */
export function pictureBlob(data) {
  const bytes = data.encoding === "base64" ? base64Bytes(data.data) : data.data;
  return new Blob([bytes], { type: data.media_type });
}

/** A step object as the server sent it, without the page's own keys (``_after``, ...). */
export function plainStep(step) {
  if (!step) return null;
  return Object.fromEntries(Object.entries(step).filter(([k]) => !k.startsWith("_")));
}

/** A file name for the picture of a grid of side ``n``. */
export function pictureName(n, to, withStep) {
  return `sudoku-${n}x${n}${withStep ? "-step" : ""}.${to}`;
}
