// A screen draws what a person looks at first, then the rest: the parts below it mount once the first part
// has been painted, so their rendering (and the reads they start) do not hold back the first frame.
import { useEffect, useState } from 'react';

/** false in the first render, true from the render after the first frame was painted */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // a frame callback runs just before the paint; the task it queues runs after it
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
