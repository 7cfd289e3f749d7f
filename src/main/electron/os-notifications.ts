// In Electron, what the window tells the person on its own (a deposit credited, a withdrawal paid out, a
// liquidation, a session not made on this device) also goes to the operating system's notifications, so it is seen with the window in the
// background. Settings can turn that off; the window's own notices stay either way.
import { Notification } from 'electron';
import type { EventBus } from '../events';
import type { MarketsInfo } from '../../shared/exchange/info';
import type { EventOf } from '../../shared/ipc/events';
import { accountNotice, depositNotice, strangerNotice, type Notice } from '../../shared/notices';
import { money } from '../actions/context';
import { accountWords, type AccountNames } from '../audit/audit-wording';

export interface OsNoticeDeps {
  /** read at each event: the Settings switch takes effect at once */
  enabled(): boolean;
  /** the exchange's tokens, to state a deposit's amount */
  info(): Promise<MarketsInfo>;
  /** the accounts' local names, so a notice names an account as the window does */
  accountNames(): AccountNames;
}

async function noticeOf(
  name: string,
  payload: unknown,
  info: () => Promise<MarketsInfo>,
  names: AccountNames,
): Promise<Notice[]> {
  const words = (id: number) => accountWords(id, names);
  const one = (notice: Notice | null) => (notice ? [notice] : []);
  if (name === 'accountUpdate') return one(accountNotice(payload as EventOf<'accountUpdate'>, words));
  // each session made elsewhere is told of once, when main first notices it
  if (name === 'sessionsChanged')
    return (payload as EventOf<'sessionsChanged'>).strangers.map(strangerNotice);
  if (name !== 'depositStatus') return [];
  const tokens = await info().then(
    (i) => i.tokens,
    () => [],
  );
  return one(
    depositNotice(
      payload as EventOf<'depositStatus'>,
      (amount, tokenId) => {
        const token = tokens.find((t) => t.tokenId === tokenId);
        return token ? money(token, amount) : 'A deposit';
      },
      words,
    ),
  );
}

/** Returns the unsubscribe function. */
export function forwardToOs(events: EventBus, deps: OsNoticeDeps): () => void {
  return events.subscribe((name, payload) => {
    if (!deps.enabled() || !Notification.isSupported()) return;
    void noticeOf(name, payload, deps.info, deps.accountNames()).then((notices) => {
      for (const notice of notices) new Notification({ title: notice.title, body: notice.message }).show();
    });
  });
}
