// The page's JS heap after a full GC, split into what the page's data holds and its compiled code.
// Runtime.getHeapUsage gives one figure, which includes V8's code and trusted spaces: the machine code,
// bytecode and their metadata of the functions the page has run. Those grow while the page runs, as V8
// compiles more of its functions at higher tiers: in heap snapshots of a soak's page at minutes 3.4, 9.6 and
// 16, the code went 8.24, 8.40, 8.66 MB while all else the heap held went 23.10, 23.11, 22.90 MB. The
// figures per space come from V8 itself, traced for the GC this takes (V8.GC_Heap_Stats).
import type { CDPSession } from '@playwright/test';

/** One heap space as V8 traces it. */
interface Space {
  name: string;
  used_size: number;
}
/** A trace event, as far as read here. */
export interface TraceEvent {
  name: string;
  args?: { stats?: string | { used_heap_size: number; spaces: Space[] } };
}

export interface PageHeap {
  /** bytes used after the GC, all spaces */
  used: number;
  /** of which compiled code and its metadata: the code and trusted spaces */
  code: number;
}

/** The spaces that hold compiled code (code, code_large_object, trusted, trusted_large_object). */
const CODE_SPACES = /^(code|trusted)_/;

/** The heap after the last GC traced in `events`; null when none was. */
export function heapFromTrace(events: readonly TraceEvent[]): PageHeap | null {
  const traced = events.filter((e) => e.name === 'V8.GC_Heap_Stats').at(-1)?.args?.stats;
  if (!traced) return null;
  const stats = typeof traced === 'string' ? (JSON.parse(traced) as Exclude<typeof traced, string>) : traced;
  const code = stats.spaces.filter((s) => CODE_SPACES.test(s.name)).reduce((sum, s) => sum + s.used_size, 0);
  return { used: stats.used_heap_size, code };
}

/**
 * A full GC of the page, and its heap after it. Where the trace names no GC (a Chromium that traces none), the
 * whole heap as Runtime.getHeapUsage reads it, with no code told apart.
 */
export async function pageHeapAfterGc(cdp: CDPSession): Promise<PageHeap> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['disabled-by-default-v8.gc'] },
    transferMode: 'ReportEvents',
  });
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return (
    heapFromTrace(events) ?? {
      used: ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize,
      code: 0,
    }
  );
}
