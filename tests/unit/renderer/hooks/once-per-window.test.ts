// A burst of one account's live updates asks for its slow reads once, at the end of the window, with the
// latest update's work; another account's are its own; unsubscribing drops what waits.
import { describe, expect, it } from 'vitest';
import { oncePerWindow } from '../../../../src/renderer/src/hooks/once-per-window';

function manualTimers() {
  const due: { run: () => void; ms: number; cleared: boolean }[] = [];
  return {
    due,
    timers: {
      set: (run: () => void, ms: number) => {
        const t = { run, ms, cleared: false };
        due.push(t);
        return t;
      },
      clear: (timer: unknown) => {
        (timer as { cleared: boolean }).cleared = true;
      },
    },
    fire: () => due.splice(0).forEach((t) => t.cleared || t.run()),
  };
}

describe('slow reads once per window', () => {
  it('runs once for a burst of one account, with the latest work, and again for the next burst', () => {
    const { due, timers, fire } = manualTimers();
    const once = oncePerWindow(400, timers);
    const ran: string[] = [];
    for (const n of [1, 2, 3]) once.schedule(7, () => ran.push(`7:${n}`));
    expect(due).toHaveLength(1);
    expect(due[0]!.ms).toBe(400);
    expect(ran).toEqual([]);
    fire();
    expect(ran).toEqual(['7:3']);
    once.schedule(7, () => ran.push('7:4'));
    fire();
    expect(ran).toEqual(['7:3', '7:4']);
  });

  it('keeps each account apart, and drops what waits when cancelled', () => {
    const { timers, fire } = manualTimers();
    const once = oncePerWindow(400, timers);
    const ran: number[] = [];
    once.schedule(7, () => ran.push(7));
    once.schedule(8, () => ran.push(8));
    fire();
    expect(ran.sort()).toEqual([7, 8]);
    once.schedule(9, () => ran.push(9));
    once.cancel();
    fire();
    expect(ran).toEqual([7, 8]);
  });
});
