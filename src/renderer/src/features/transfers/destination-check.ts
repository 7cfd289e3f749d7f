// The account a transfer goes to, checked while its number is typed: a number the exchange has no account
// under is refused before any review, and someone else's account is said to be someone else's every time
// (allowed, never silent). The exchange is asked once the typing pauses, and each number once a minute at
// most; main checks the same again when it prepares the review. Shared by whatever picks the destination.
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { unwrap, wallet } from '../../bridge/wallet';
import type { ResultOf } from '../../../../shared/ipc/contract';

type Lookup = ResultOf<'portfolio.lookupAccount'>;

/** how long typing pauses before the number is looked up */
const PAUSE_MS = 300;

/** An account number as typed: null with no error while empty. */
export function readAccountNumber(text: string): { id: number | null; error: string | null } {
  const trimmed = text.trim().replace(/^#/, '');
  if (trimmed === '') return { id: null, error: null };
  if (!/^\d{1,10}$/.test(trimmed) || Number(trimmed) > 0xffff_ffff)
    return { id: null, error: 'An account number is a whole number, like 12.' };
  return { id: Number(trimmed), error: null };
}

export interface DestinationCheck {
  /** why no transfer can go there; the Review button waits for it to be null */
  error: string | null;
  /** said of an account that may be sent to: whose it is */
  notice: { title: string; text: string } | null;
}

/** What the form says of account `id` (leaving `from`), given the exchange's answer (undefined: not yet). */
export function destinationCheck(
  id: number,
  from: number | undefined,
  lookup: Lookup | undefined,
): DestinationCheck {
  if (id === from)
    return { error: 'That is the account the money leaves from: choose another.', notice: null };
  if (!lookup) return { error: null, notice: null };
  if (!lookup.exists) return { error: `No account #${id} on the exchange. Check the number.`, notice: null };
  if (lookup.ownWalletId !== null) return { error: null, notice: null };
  return {
    error: null,
    notice: {
      title: "Someone else's account",
      text: lookup.sentBefore
        ? `#${id} is not one of your accounts: someone else's. You have sent to it before.`
        : `#${id} is not one of your accounts: someone else's, and you have not sent to it before. Check the number.`,
    },
  };
}

/**
 * The typed destination, looked up once typing pauses. `ready` is false while the number is unread or its
 * answer is still coming, so that a review never starts ahead of the check.
 */
export function useDestinationCheck(text: string, from: number | undefined, enabled: boolean) {
  const typed = readAccountNumber(text);
  const [settled] = useDebouncedValue(typed.id, PAUSE_MS);
  const lookup = useQuery({
    queryKey: ['recipient', settled],
    queryFn: () => unwrap(wallet.portfolio.lookupAccount({ accountId: settled! })),
    enabled: enabled && settled !== null && settled !== from,
    staleTime: 60_000,
  });
  const answer = settled === typed.id ? lookup.data : undefined;
  const check =
    typed.id === null ? { error: typed.error, notice: null } : destinationCheck(typed.id, from, answer);
  const ready = typed.id !== null && check.error === null && answer !== undefined;
  return { id: typed.id, ...check, ready, lookupError: lookup.error };
}
