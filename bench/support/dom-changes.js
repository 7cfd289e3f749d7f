/* global window, document, MutationObserver */
// Injected into the app's page before its scripts (plain JS: the bench's TypeScript has no DOM types).
// window.__changes gets { at, table } each time the text of a watched table's body changes, `at` in ms since
// the epoch (performance.timeOrigin + performance.now(), the clock the bench's Node process reads too).
(() => {
  const tables = ['Accounts', 'Positions'];
  const last = {};
  const changes = [];
  window.__changes = changes;
  const check = () => {
    for (const table of tables) {
      const body = document.querySelector(`table[aria-label="${table}"] tbody`);
      const text = body ? body.textContent : null;
      if (text !== last[table]) {
        last[table] = text;
        changes.push({ at: performance.timeOrigin + performance.now(), table });
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();
