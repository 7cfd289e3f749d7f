// The IPC contract: for each named method the schema of its one argument and of its result, for each event
// the schema of its payload. Main parses every argument with these before a handler runs; the renderer's
// bridge parses every result, so neither side trusts the other's shapes.
import { z } from 'zod';
import type { EventName, MethodName } from './channels';
import type { Result } from '../result';
import { MarketsInfoSchema } from '../exchange/info';
import { appEvents, appMethods } from './app-schemas';
import { phraseMethods } from './phrase-schemas';
import { drillMethods } from './drills';

export interface MethodSpec {
  args: z.ZodType;
  result: z.ZodType;
}

const NoArgs = z.undefined();

export const AppInfoSchema = z.object({
  version: z.string(),
  /** 'electron' for the desktop app, 'browser-host' for the development host */
  host: z.enum(['electron', 'browser-host']),
  network: z.object({
    kind: z.enum(['embedded-devnet', 'custom']),
    baseUrl: z.string(),
  }),
});

export const contract = {
  getAppInfo: { args: NoArgs, result: AppInfoSchema },
  getMarkets: { args: NoArgs, result: MarketsInfoSchema },
  ...appMethods,
  ...phraseMethods,
  ...drillMethods,
} satisfies { [M in MethodName]: MethodSpec };

export const eventPayloads = {
  exchangeStatus: z.object({ connected: z.boolean(), baseUrl: z.string(), detail: z.string().optional() }),
  ...appEvents,
} satisfies { [E in EventName]: z.ZodType };

type Contract = typeof contract;
export type ArgsOf<M extends MethodName> = z.input<Contract[M]['args']>;
export type ParsedArgsOf<M extends MethodName> = z.output<Contract[M]['args']>;
export type ResultOf<M extends MethodName> = z.output<Contract[M]['result']>;
export type EventOf<E extends EventName> = z.output<(typeof eventPayloads)[E]>;

/** What main implements: one handler per method, given parsed arguments. Throw AppFailure to fail. */
export type Handlers = { [M in MethodName]: (args: ParsedArgsOf<M>) => Promise<ResultOf<M>> };

type EventMethodName<E extends string> = `on${Capitalize<E>}`;

/** What the renderer sees as window.wallet: the named methods and one subscribe function per event. */
export type WalletApi = {
  [M in MethodName]: undefined extends ArgsOf<M>
    ? (args?: ArgsOf<M>) => Promise<Result<ResultOf<M>>>
    : (args: ArgsOf<M>) => Promise<Result<ResultOf<M>>>;
} & {
  [E in EventName as EventMethodName<E>]: (listener: (payload: EventOf<E>) => void) => () => void;
};

export const eventMethodName = <E extends EventName>(name: E): EventMethodName<E> =>
  `on${name[0]!.toUpperCase()}${name.slice(1)}` as EventMethodName<E>;
