/* global window, document, requestAnimationFrame */
// Injected into the virtual-table harness page (plain JS: the bench's TypeScript has no DOM types).
// window.__scrollFrames(label, frames, step) scrolls the table named `label` by `step` px every frame for
// `frames` frames and resolves with each frame's duration (requestAnimationFrame deltas, ms).
window.__scrollFrames = (label, frames, step) =>
  new Promise((resolve) => {
    const table = document.querySelector(`[aria-label="${label}"]`);
    const deltas = [];
    let last = 0;
    let n = 0;
    const frame = (now) => {
      if (last) deltas.push(now - last);
      last = now;
      if (n++ >= frames) return resolve(deltas);
      table.scrollTop += step;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
