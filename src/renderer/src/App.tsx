import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useLiveEvents } from './hooks/queries';
import { KeychainScreen, SetupScreen, UnlockScreen, useLockState } from './features/lock';
import { WalletError } from './bridge/wallet';
import { ErrorNote } from './components/ErrorNote';
import { lazyPage } from './lazy-page';

const Unlocked = lazyPage(() => import('./Unlocked'), 'Unlocked');

/** Nothing but the lock screens until the passphrase is set and entered. */
export function App() {
  useLiveEvents();
  const lock = useLockState();
  // the rest of the app loads while the person types the passphrase, so unlocking waits for no download
  useEffect(() => void Unlocked.preload(), []);
  if (lock.isPending)
    return (
      <Center h="100vh">
        <Loader aria-label="Starting" />
      </Center>
    );
  if (lock.isError && lock.error instanceof WalletError && lock.error.code === 'KEYCHAIN_UNAVAILABLE')
    return (
      <KeychainScreen
        message={lock.error.message}
        retrying={lock.isFetching}
        onRetry={() => void lock.refetch()}
      />
    );
  if (lock.isError)
    return (
      <Center h="100vh" p="xl">
        <ErrorNote error={lock.error} title="Perpetua cannot start" />
      </Center>
    );
  if (lock.data.status === 'uninitialized') return <SetupScreen />;
  if (lock.data.status === 'locked') return <UnlockScreen retryAfterSeconds={lock.data.retryAfterSeconds} />;
  return (
    <Suspense
      fallback={
        <Center h="100vh">
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      <Unlocked />
    </Suspense>
  );
}
