// Escape (or Cancel) hands the keyboard focus back to what opened a dialog. Mantine does that only for a
// modal whose `opened` turns false, but the app's dialogs close by unmounting, and the button that opened
// one has often lost the focus before it mounts (it is disabled while the action is prepared). So the
// element that last held the focus outside any dialog is remembered, and a dialog gives the focus back to
// it when it goes, unless the person has put the focus somewhere else meanwhile.
import { useEffect } from 'react';

let lastOutside: HTMLElement | null = null;

/** Called once at start: follows the focus on `doc`. */
export function rememberFocus(doc: Document): void {
  doc.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement && !target.closest('[role="dialog"]')) lastOutside = target;
  });
}

/** In a dialog: when it closes, the focus goes back to what had it before the dialog opened. */
export function useReturnFocus(): void {
  useEffect(() => {
    const opener = lastOutside;
    return () => {
      // after the dialog has left the page and Mantine's own focus handling has run
      setTimeout(() => {
        const active = document.activeElement;
        const lost = active === null || active === document.body;
        if (lost && opener?.isConnected && document.querySelector('[role="dialog"]') === null) opener.focus();
      });
    };
  }, []);
}
