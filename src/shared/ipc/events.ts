// What main tells the renderer without being asked: each event's name and the schema of its payload.
// The renderer subscribes with wallet.on<Event>(listener) and parses every payload before using it.
import { z } from 'zod';
import { TrackedDepositSchema } from './funds';
import { LockStateSchema } from './lock';
import { AccountUpdateSchema } from './portfolio';

/**
 * The embedded devnet's process, as its supervisor sees it: running, stopped and being restarted, or stopped
 * for good after failing again and again (then with its last output and its data folder).
 */
export const DevnetStatusSchema = z.object({
  state: z.enum(['running', 'restarting', 'stopped']),
  message: z.string(),
  dataDir: z.string().nullable(),
  recentLog: z.array(z.string()),
});

export const eventPayloads = Object.freeze({
  exchangeStatus: z.object({ connected: z.boolean(), baseUrl: z.string(), detail: z.string().optional() }),
  lockState: LockStateSchema,
  depositStatus: TrackedDepositSchema,
  accountUpdate: AccountUpdateSchema,
  devnetStatus: DevnetStatusSchema,
});

export type EventName = keyof typeof eventPayloads;
export const EVENT_NAMES = Object.freeze(Object.keys(eventPayloads)) as readonly EventName[];
export type EventOf<E extends EventName> = z.output<(typeof eventPayloads)[E]>;

type EventMethodName<E extends string> = `on${Capitalize<E>}`;
export const eventMethodName = <E extends EventName>(name: E): EventMethodName<E> =>
  `on${name[0]!.toUpperCase()}${name.slice(1)}` as EventMethodName<E>;

/** One subscribe function per event: returns the unsubscribe. */
export type EventSubscriptions = {
  readonly [E in EventName as EventMethodName<E>]: (listener: (payload: EventOf<E>) => void) => () => void;
};
