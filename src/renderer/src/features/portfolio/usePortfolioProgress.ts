// How far main's read of the portfolio has come, while the screen waits for it: a large portfolio under the
// exchange's rate limit takes seconds, and "Reading accounts 40 of 160" says it is under way, not stuck.
import { useEffect, useState } from 'react';
import { wallet } from '../../bridge/wallet';

export function usePortfolioProgress(waiting: boolean): { read: number; total: number } | null {
  const [progress, setProgress] = useState<{ read: number; total: number } | null>(null);
  useEffect(() => {
    if (!waiting) return;
    const stop = wallet.onPortfolioProgress(setProgress);
    return () => {
      stop();
      setProgress(null);
    };
  }, [waiting]);
  return waiting ? progress : null;
}
