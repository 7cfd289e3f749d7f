// Sessions made elsewhere, above every page: a session is made with the wallet key, so one this device did not
// make means the key signs somewhere else. Each names its wallet, the session, when it was made and that it
// was not made here (the words main's OS notice uses), with the drill for a leaked wallet key one click away.
// Dismissed, one stays out of sight for this window's session; the Sessions page keeps listing it.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { madeElsewhere, useSessions } from './queries';
import { strangerNotice } from '../../../../shared/notices';

/** The drill for "my wallet key or recovery phrase leaked" (routes.ts, FLOWS 'wallet-key'). */
export const WALLET_KEY_DRILL_HREF = '#/wallet-key';
const DISMISSED = 'perpetua.strangers.dismissed';

const dismissedNow = (): string[] => {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(DISMISSED) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export function StrangerSessions() {
  const sessions = useSessions();
  const [dismissed, setDismissed] = useState(dismissedNow);
  const strangers = (sessions.data ?? [])
    .filter(madeElsewhere)
    .filter((s) => !dismissed.includes(`${s.walletPublicKey}:${s.sessionId}`));
  if (strangers.length === 0) return null;
  const dismiss = (id: string) => {
    const next = [...dismissed, id];
    sessionStorage.setItem(DISMISSED, JSON.stringify(next));
    setDismissed(next);
  };
  return (
    <Stack gap="xs" mb="md" component="section" aria-label="Sessions not made on this device">
      {strangers.map((s) => {
        const notice = strangerNotice(s);
        return (
          <Alert
            key={`${s.walletPublicKey}:${s.sessionId}`}
            color="orange"
            title={notice.title}
            withCloseButton
            closeButtonLabel={`Dismiss session #${s.sessionId} of ${s.walletLabel}`}
            onClose={() => dismiss(`${s.walletPublicKey}:${s.sessionId}`)}
          >
            <Text size="sm">{notice.message}</Text>
            <Group mt="xs" gap="xs">
              <Button component="a" href={WALLET_KEY_DRILL_HREF} color="red" size="xs">
                My wallet key leaked: run the drill
              </Button>
              <Button component="a" href="#/sessions" variant="default" size="xs">
                Review it on the Sessions page
              </Button>
            </Group>
          </Alert>
        );
      })}
    </Stack>
  );
}
