// The handlers of a group whose work is bound to one exchange: each call goes to the slice made for the
// exchange connected now (core.ts makes one per connection), and while none is connected it fails as it
// always has, with the one plain reason. The slices themselves are given their exchange; none of them asks
// whether there is one.
import { groups, type GroupName, type Handlers } from '../shared/ipc/contract';
import { notConnected } from './exchange/not-connected';

/** `group`'s methods but `except`, each answered by the current slice (`current()`, null: none connected). */
export function whenConnected<G extends GroupName, E extends keyof Handlers[G] & string = never>(
  group: G,
  current: () => Omit<Handlers[G], E> | null,
  except: readonly E[] = [],
): Omit<Handlers[G], E> {
  type Group = Record<string, (args: unknown) => Promise<unknown>>;
  const methods = Object.keys(groups[group]).filter((m) => !(except as readonly string[]).includes(m));
  return Object.fromEntries(
    methods.map((m) => [
      m,
      async (args: unknown) => {
        const slice = current() as Group | null;
        if (!slice) throw notConnected();
        return slice[m]!(args);
      },
    ]),
  ) as Omit<Handlers[G], E>;
}
