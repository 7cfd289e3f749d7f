import { Suspense, useRef, useState } from 'react';
import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { lockKeys, prefetchForUnlock, prefetchUnlocked } from './queries';
import { ErrorNote } from '../../components/ErrorNote';
import { useAction } from '../../hooks/useAction';
import { PageHeading } from '../../components/PageHeading';
import { MIN_PASSPHRASE_LENGTH, passphraseShortfall } from '../../../../shared/passphrase-rules';
import { wasReset } from './first-run';
import { lazyPage } from '../../lazy-page';

// Loaded when asked for: the lock screen is the first thing drawn, and its script has a budget
// (scripts/bundle-budget.ts) that this dialog would break
const ForgotPassphraseModal = lazyPage(() => import('./ForgotPassphrase'), 'ForgotPassphraseModal');

/** First run: choose the passphrase that guards every key on this computer. */
export function SetupScreen() {
  const client = useQueryClient();
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const { run, busy, error } = useAction();
  const mismatch = repeat.length > 0 && repeat !== passphrase;
  const [reset] = useState(wasReset);
  const submit = () =>
    run(async () => client.setQueryData(lockKeys.lock, await unwrap(wallet.lock.setup({ passphrase }))));
  return (
    <Center h="100vh">
      <Paper
        withBorder
        p="xl"
        w={460}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <PageHeading>{reset ? 'Choose a new passphrase' : 'Welcome to Perpetua'}</PageHeading>
          {reset ? (
            <Text>
              Every key was erased. Choose a new passphrase, then restore your wallets from their recovery
              phrases.
            </Text>
          ) : null}
          <Text c="dimmed">
            Choose a passphrase. It unlocks the app; your keys stay in the OS keychain and never leave this
            computer.
          </Text>
          <Text size="sm">
            Nobody can recover this passphrase, not even Perpetua. If you forget it, the only way back is to
            erase every key here and restore your wallets from their recovery phrases; a wallet imported as a
            secret key is then lost unless you saved that key.
          </Text>
          <PasswordInput
            label="Passphrase"
            description={`At least ${MIN_PASSPHRASE_LENGTH} characters`}
            value={passphrase}
            onChange={(e) => setPassphrase(e.currentTarget.value)}
            error={passphraseShortfall(passphrase)}
            autoFocus
          />
          <PasswordInput
            label="Repeat the passphrase"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            error={mismatch ? 'The two passphrases differ.' : null}
          />
          <ErrorNote error={error} title="The passphrase was not set" />
          <Button type="submit" loading={busy} disabled={passphrase.length === 0 || repeat !== passphrase}>
            Set passphrase
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

export function UnlockScreen({ retryAfterSeconds }: { retryAfterSeconds?: number | undefined }) {
  const client = useQueryClient();
  const [passphrase, setPassphrase] = useState('');
  const { run, busy, error } = useAction();
  const [forgot, setForgot] = useState(false);
  // the passphrase goes to the call and nowhere else: not into the mutation's variables, which the query
  // client would keep
  const entered = useRef('');
  // keyed, so that the lock-state event leaves switching screens to this answer (queries.ts, useLiveEvents)
  const unlock = useMutation({
    mutationKey: lockKeys.unlock,
    mutationFn: () => {
      const sent = entered.current;
      entered.current = '';
      return unwrap(wallet.lock.unlock({ passphrase: sent }));
    },
    gcTime: 0,
    // an unlock refused or lost after main may have unlocked: the state is read again rather than assumed
    onError: () => void client.invalidateQueries({ queryKey: lockKeys.lock }),
  });
  const submit = () =>
    run(async () => {
      prefetchForUnlock(client);
      entered.current = passphrase;
      const { portfolio, ...state } = await unlock.mutateAsync();
      if (state.status === 'unlocked') prefetchUnlocked(client, portfolio);
      client.setQueryData(lockKeys.lock, state);
      setPassphrase('');
    });
  return (
    <Center h="100vh">
      <Paper
        withBorder
        p="xl"
        w={420}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <PageHeading>Perpetua is locked</PageHeading>
          <PasswordInput
            label="Passphrase"
            value={passphrase}
            onChange={(e) => setPassphrase(e.currentTarget.value)}
            autoFocus
          />
          {retryAfterSeconds ? (
            <Text c="orange">Too many wrong attempts: wait {retryAfterSeconds} s.</Text>
          ) : null}
          <ErrorNote error={error} title="Not unlocked" />
          <Button type="submit" loading={busy} disabled={passphrase.length === 0}>
            Unlock
          </Button>
          <Anchor component="button" type="button" size="sm" ta="center" onClick={() => setForgot(true)}>
            Forgot passphrase?
          </Anchor>
        </Stack>
      </Paper>
      {forgot ? (
        <Suspense fallback={null}>
          <ForgotPassphraseModal onClose={() => setForgot(false)} />
        </Suspense>
      ) : null}
    </Center>
  );
}
