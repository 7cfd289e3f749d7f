// The one way the screens run an operation: a busy flag while it runs and the error, if any, to show. A second
// start while one is running (a double click, Enter pressed twice before the screen shows it is busy) is
// ignored, so a form never sends the same thing twice.
import { useCallback, useRef, useState } from 'react';

export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const running = useRef(false);
  const run = useCallback(async <T>(operation: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      return await operation();
    } catch (e) {
      setError(e);
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { run, busy, error, setError };
}
