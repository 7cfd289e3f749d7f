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
    if (
      marks.lock === undefined &&
      [...document.querySelectorAll('h1,h2,h3')].some((h) => h.textContent === 'Perpetua is locked')
    )
      afterFrame('lock');
    if (
      marks.unlockPressed !== undefined &&
      marks.unlocked === undefined &&
      !document.body.textContent.includes('Perpetua is locked')
    )
      marks.unlocked = performance.now();
    if (marks.portfolio === undefined) {
      // columns are found by their headers: the table folds and reorders them with the window's width
      const table = document.querySelector('table[aria-label="Accounts"]');
      const headers = table ? [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim()) : [];
      const equity = headers.indexOf('Equity');
      const positions = headers.indexOf('Positions');
      const rows = table ? table.querySelectorAll('tbody tr') : [];
      if (
        equity >= 0 &&
        positions >= 0 &&
        rows.length > 0 &&
        rows.length === window.__expectedAccounts &&
        [...rows].every((row) => {
          const cells = row.querySelectorAll('td');
          return (
            cells[equity] &&
            cells[equity].textContent !== '—' &&
            Number(cells[positions] && cells[positions].textContent) > 0
          );
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
