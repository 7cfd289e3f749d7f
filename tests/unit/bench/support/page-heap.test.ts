// The soak's page heap figure: the heap V8 traced for the last GC, with its compiled code told apart.
import { describe, expect, it } from 'vitest';
import { heapFromTrace } from '../../../../bench/support/page-heap';

/** V8's spaces after a GC of the page, as it traced one in a soak (bytes) */
const SPACES = [
  { name: 'read_only_space', used_size: 0 },
  { name: 'new_space', used_size: 0 },
  { name: 'old_space', used_size: 13_000_000 },
  { name: 'code_space', used_size: 3_100_000 },
  { name: 'large_object_space', used_size: 1_000_000 },
  { name: 'code_large_object_space', used_size: 200_000 },
  { name: 'new_large_object_space', used_size: 0 },
  { name: 'trusted_space', used_size: 2_600_000 },
  { name: 'trusted_large_object_space', used_size: 100_000 },
];
const USED = SPACES.reduce((sum, s) => sum + s.used_size, 0);
const heapStats = (used: number, spaces = SPACES) => ({
  name: 'V8.GC_Heap_Stats',
  args: { stats: JSON.stringify({ used_heap_size: used, spaces }) },
});

describe("the page's heap after a GC", () => {
  it('tells the code and trusted spaces (compiled code, bytecode, their metadata) apart from the rest', () => {
    expect(heapFromTrace([{ name: 'MajorGC' }, heapStats(USED)])).toEqual({ used: USED, code: 6_000_000 });
  });

  it('reads the last GC traced (a forced GC may run more than one), whether its stats come as text or not', () => {
    const first = heapStats(30_000_000);
    const last = { name: 'V8.GC_Heap_Stats', args: { stats: { used_heap_size: USED, spaces: SPACES } } };
    expect(heapFromTrace([first, { name: 'V8.GC_MC_MARK' }, last])).toEqual({ used: USED, code: 6_000_000 });
  });

  it('is unknown when no GC was traced', () => {
    expect(heapFromTrace([{ name: 'MajorGC' }])).toBeNull();
  });
});
