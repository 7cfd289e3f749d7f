// What main tells the renderer without being asked: each event's name and the schema of its payload.
// The renderer subscribes with wallet.on<Event>(listener) and parses every payload before using it.
import { z } from 'zod';
import { TrackedDepositSchema } from './funds';
import { Id } from './ids';
import { LockStateSchema } from './lock';
import { AccountUpdateSchema } from './portfolio';
import { StrangerSessionSchema } from './sessions';

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
  /**
   * A wallet's sessions changed on the exchange (made or ended anywhere), with the sessions among them that
   * neither this device nor the demo data made and that this device had not noticed before.
   */
  sessionsChanged: z.object({ walletId: Id, strangers: z.array(StrangerSessionSchema) }),
  devnetStatus: DevnetStatusSchema,
  /** a portfolio read that takes a while (the exchange's rate limit paces it): how far it has come */
  portfolioProgress: z.object({
    read: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
  /** a wallet's accounts on the settlement chain changed (told by the RPC's PubSub): read its balances again */
  chainBalances: z.object({ walletId: Id }),
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
