/* global window, document, requestAnimationFrame, MutationObserver */
// Injected into the app's page before its scripts (plain JS: the bench's TypeScript has no DOM types).
// window.__marks gets performance.now() at the frame after each screen is complete: `lock` (the lock screen),
// `unlocked` (the lock screen gone after Unlock was pressed), `portfolio` (every expected account's row with
// its balances and at least one position). window.__expectedAccounts is set by the bench.
(() => {
  const marks = {};
  window.__marks = marks;
  const afterFrame = (name) => {
    if (marks[name] !== undefined) return;
    marks[name] = -1;
    requestAnimationFrame(() => setTimeout(() => (marks[name] = performance.now()), 0));
  };
  const check = () => {
    if (!document.body) return;
    if (marks.lock === undefined && [...document.querySelectorAll('h1,h2,h3')].some((h) => h.textContent === 'Perpetua is locked'))
      afterFrame('lock');
    if (marks.unlockPressed !== undefined && marks.unlocked === undefined && !document.body.textContent.includes('Perpetua is locked'))
      marks.unlocked = performance.now();
    if (marks.portfolio === undefined) {
      const rows = document.querySelectorAll('table[aria-label="Accounts"] tbody tr');
      if (
        rows.length > 0 &&
        rows.length === window.__expectedAccounts &&
        [...rows].every((row) => {
          const cells = row.querySelectorAll('td');
          return cells[2] && cells[2].textContent !== '—' && Number(cells[6] && cells[6].textContent) > 0;
        })
      )
        afterFrame('portfolio');
    }
  };
  // the bench presses Unlock through this, so the mark is taken the instant the click happens
  window.__pressUnlock = () => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Unlock');
    marks.unlockPressed = performance.now();
    button.click();
  };
  window.__navigation = () => performance.getEntriesByType('navigation')[0].responseEnd;
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();
