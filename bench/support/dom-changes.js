/* global window, document, MutationObserver */
// Injected into the app's page before its scripts (plain JS: the bench's TypeScript has no DOM types).
// window.__changes gets { at, table } each time the text of a watched figure changes (a table's body, or the
// first wallet's on-chain balances as 'On chain'), `at` in ms since the epoch (performance.timeOrigin +
// performance.now(), the clock the bench's Node process reads too).
(() => {
  const watched = {
    Accounts: 'table[aria-label="Accounts"] tbody',
    Positions: 'table[aria-label="Positions"] tbody',
    'On chain': '[aria-label^="On-chain balances of"]',
  };
  const last = {};
  const changes = [];
  window.__changes = changes;
  const check = () => {
    for (const [table, selector] of Object.entries(watched)) {
      const body = document.querySelector(selector);
      const text = body ? body.textContent : null;
      if (text !== last[table]) {
        last[table] = text;
        changes.push({ at: performance.timeOrigin + performance.now(), table });
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();
