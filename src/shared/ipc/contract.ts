// The IPC contract: the groups of methods, each declared once in its own file (its argument and result
// schemas and what it needs of the lock). Every name, channel, handler table and renderer call is derived
// from these objects, so there is no second list to keep in step. Main parses every argument with the
// method's schema before a handler runs; the renderer's bridge parses every result. No generic passthrough
// exists: a name not declared in a group cannot be called.
//
// To add a method: declare it in its group file (args, result, access); the compiler then asks for its
// handler in its domain's slice in main (src/main/<domain>/slice.ts) and its sample argument in the
// lock-policy test.
import type { z } from 'zod';
import type { Result } from '../result';
import type { MethodSpec } from './method';
import { actions } from './actions';
import { addresses } from './addresses';
import { app } from './app';
import { audit } from './audit';
import { drills } from './drills';
import { funds } from './funds';
import { history } from './history';
import { lock } from './lock';
import { phrases } from './phrases';
import { portfolio } from './portfolio';
import { sessions } from './sessions';
import { settings } from './settings';
import { triggers } from './triggers';
import { vaults } from './vaults';
import { wallets } from './wallets';

export const groups = Object.freeze({
  app,
  settings,
  lock,
  wallets,
  phrases,
  sessions,
  funds,
  portfolio,
  history,
  vaults,
  triggers,
  actions,
  audit,
  addresses,
  drills,
});

type Groups = typeof groups;
export type GroupName = keyof Groups;
/** A method's full name, `group.method`, as the channels, the dispatcher and the host bridge carry it. */
export type MethodName = { [G in GroupName]: `${G}.${Extract<keyof Groups[G], string>}` }[GroupName];
type SpecOf<N extends MethodName> = N extends `${infer G extends GroupName}.${infer M}`
  ? M extends keyof Groups[G]
    ? Groups[G][M]
    : never
  : never;

const specs = new Map<string, MethodSpec>(
  Object.entries(groups).flatMap(([g, methods]) =>
    Object.entries(methods as Record<string, MethodSpec>).map(([m, spec]) => [`${g}.${m}`, spec] as const),
  ),
);

/** Every method of every group, by full name. */
export const METHOD_NAMES = Object.freeze([...specs.keys()]) as readonly MethodName[];

export const isMethodName = (value: unknown): value is MethodName =>
  typeof value === 'string' && specs.has(value);

export const specOf = (name: MethodName): MethodSpec => specs.get(name)!;

/** `wallets.list` -> ['wallets', 'list'] */
export const splitName = (name: MethodName): [GroupName, string] => {
  const dot = name.indexOf('.');
  return [name.slice(0, dot) as GroupName, name.slice(dot + 1)];
};

export type ArgsOf<N extends MethodName> = z.input<SpecOf<N>['args']>;
export type ResultOf<N extends MethodName> = z.output<SpecOf<N>['result']>;

type Handler<S> = S extends MethodSpec
  ? (args: z.output<S['args']>) => Promise<z.output<S['result']>>
  : never;
/** What main implements: one handler per method of each group, given parsed arguments. Throw AppFailure to fail. */
export type Handlers = { [G in GroupName]: { [M in keyof Groups[G]]: Handler<Groups[G][M]> } };

/** Main's handler for a method, by full name. */
export const handlerOf = (handlers: Handlers, name: MethodName): ((args: unknown) => Promise<unknown>) => {
  const [g, m] = splitName(name);
  return (handlers[g] as Record<string, (args: unknown) => Promise<unknown>>)[m]!;
};

type Call<S> = S extends MethodSpec
  ? undefined extends z.input<S['args']>
    ? (args?: z.input<S['args']>) => Promise<Result<z.output<S['result']>>>
    : (args: z.input<S['args']>) => Promise<Result<z.output<S['result']>>>
  : never;
/** The renderer's calls: `wallet.<group>.<method>(args)`, each answering a Result. */
export type GroupedCalls = {
  readonly [G in GroupName]: { readonly [M in keyof Groups[G]]: Call<Groups[G][M]> };
};

/** The only methods whose results may contain a secret key; a test checks no other result schema can. */
export const SECRET_BEARING_METHODS = [
  'wallets.create',
  'wallets.export',
  'phrases.create',
  'phrases.export',
] as const satisfies readonly MethodName[];
