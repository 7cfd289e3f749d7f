// Tells main the person is here (keys, pointer, wheel), at most every 15 s. Main's idle timer counts only
// this and the operations the person starts, not the reads screens repeat on their own, so a window left
// open still locks itself after the chosen idle time.
import { useEffect } from 'react';
import { wallet } from '../../bridge/wallet';

const EVERY_MS = 15_000;

export function useActivityReports(): void {
  useEffect(() => {
    let last = 0;
    const report = (): void => {
      const now = Date.now();
      if (now - last < EVERY_MS) return;
      last = now;
      void wallet.lock.reportActivity();
    };
    const events = ['pointerdown', 'keydown', 'wheel'] as const;
    for (const name of events) window.addEventListener(name, report, { passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, report);
    };
  }, []);
}
