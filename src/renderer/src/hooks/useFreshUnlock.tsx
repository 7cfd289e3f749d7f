// The passphrase asked for again, the one way every place does it (a confirmation that sends money out, a
// network change, removing a wallet, forgetting a phrase). Main decides when it is needed: it answers LOCKED
// when the last unlock is too old (or when money leaves, which always needs it); the field then appears and
// the next attempt carries the passphrase, either as a fresh unlock first or with the operation itself.
import { useState, type ReactNode } from 'react';
import { unwrap, wallet, WalletError } from '../bridge/wallet';
import { PassphraseField } from '../components/PassphraseField';

interface Options {
  /** ask from the start (main says it will need it, e.g. money leaving the wallets) */
  asked?: boolean;
  /** the passphrase goes with the operation, which main checks itself, instead of a fresh unlock first */
  carried?: boolean;
  description?: string | undefined;
  /**
   * 'modal' lets a Mantine modal put its first focus here; 'field' (the default) focuses it when it appears;
   * 'none' leaves the focus where the form put it (a field asked from the start, below the form's first one)
   */
  focus?: 'modal' | 'field' | 'none';
}

export function useFreshUnlock({
  asked = false,
  carried = false,
  description,
  focus = 'field',
}: Options = {}) {
  const [needed, setNeeded] = useState(asked);
  const [passphrase, setPassphrase] = useState('');
  /**
   * Runs the operation, unlocking again first when the passphrase was asked for. A LOCKED answer before it
   * was asked shows the field; the failure still reaches the caller, to show and to try again from.
   */
  const guard = async <T,>(operation: (passphrase: string | undefined) => Promise<T>): Promise<T> => {
    if (needed && !carried) await unwrap(wallet.lock.unlock({ passphrase }));
    try {
      return await operation(needed ? passphrase : undefined);
    } catch (e) {
      if (e instanceof WalletError && e.code === 'LOCKED' && !needed) setNeeded(true);
      throw e;
    }
  };
  const field: ReactNode = needed ? (
    <PassphraseField
      value={passphrase}
      onChange={setPassphrase}
      description={description}
      {...(focus === 'none' ? {} : { focus })}
    />
  ) : null;
  return { needed, ready: !needed || passphrase.length > 0, guard, field };
}
