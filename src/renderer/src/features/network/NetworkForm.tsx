// Choosing the exchange: the embedded devnet, the same with demo data, or an exchange at an address. Main
// checks the choice works before it switches (a custom address must answer with its markets), so an error
// here means nothing changed. Switching needs a recent unlock; when main says the last one is too old, the
// passphrase is asked for here.
import { useState } from 'react';
import { Button, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NetworkChoiceSchema } from '../../../../shared/ipc/settings';
import { unwrap, wallet } from '../../bridge/wallet';
import { afterNetworkChange, networkKeys } from './queries';
import { useAction } from '../../hooks/useAction';
import { ErrorNote } from '../../components/ErrorNote';
import { useFreshUnlock } from '../../hooks/useFreshUnlock';

type Choice = z.infer<typeof NetworkChoiceSchema>;
type Kind = Choice['kind'];

const OPTIONS: { kind: Kind; label: string; description: string }[] = [
  {
    kind: 'embedded-devnet',
    label: 'Embedded devnet',
    description:
      'A local test exchange that runs with the app. Accounts start empty; the faucet gives test funds.',
  },
  {
    kind: 'embedded-devnet-demo',
    label: 'Embedded devnet with demo data',
    description:
      'The same, filled with demo wallets, accounts, positions and history to explore. The demo wallets are added to Perpetua; their keys are public, so they are for trying things out only.',
  },
  {
    kind: 'custom',
    label: 'Custom exchange',
    description: 'An exchange at a web address you give. Perpetua checks that it answers before switching.',
  },
];

export function NetworkForm({
  current,
  submitLabel,
  onDone,
}: {
  current: Choice | null;
  submitLabel: string;
  onDone?: () => void;
}) {
  const client = useQueryClient();
  const [kind, setKind] = useState<Kind>(current?.kind ?? 'embedded-devnet');
  const [url, setUrl] = useState(current?.kind === 'custom' ? current.url : '');
  const fresh = useFreshUnlock();
  const { run, busy, error } = useAction();
  const submit = () =>
    run(async () => {
      const choice: Choice = kind === 'custom' ? { kind, url } : { kind };
      try {
        const view = await fresh.guard(() => unwrap(wallet.settings.setNetwork(choice)));
        client.setQueryData(networkKeys.settings, view);
        await afterNetworkChange(client);
        onDone?.();
      } finally {
        // whatever happened, show the network the app is really on
        void client.invalidateQueries({ queryKey: networkKeys.settings });
      }
    });
  return (
    <Stack
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Radio.Group value={kind} onChange={(v) => setKind(v as Kind)} label="Network" name="network">
        <Stack gap="sm" mt="xs">
          {OPTIONS.map((o) => (
            <Radio key={o.kind} value={o.kind} label={o.label} description={o.description} />
          ))}
        </Stack>
      </Radio.Group>
      {kind === 'custom' ? (
        <TextInput
          label="Exchange address"
          placeholder="https://exchange.example.com"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          autoComplete="url"
        />
      ) : null}
      {busy && kind !== 'custom' ? (
        <Text size="sm" c="dimmed">
          Starting the embedded devnet…
        </Text>
      ) : null}
      {fresh.field}
      <ErrorNote error={error} title="Could not use this network" />
      <Button
        type="submit"
        loading={busy}
        disabled={(kind === 'custom' && url.trim().length === 0) || !fresh.ready}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
