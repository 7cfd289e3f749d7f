// Every account's history in one place: pick the account, then the kind.
import { useState } from 'react';
import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { usePortfolio } from '../accounts';
import { ErrorNote } from '../../components/ErrorNote';
import { HistoryTabs } from './HistoryTabs';
import { accountHref } from '../../routes';
import { PageHeading } from '../../components/PageHeading';

export function HistoryPage() {
  const portfolio = usePortfolio();
  const accounts = (portfolio.data?.wallets ?? []).flatMap((w) =>
    w.accounts.map((a) => ({ value: String(a.accountId), label: `${w.wallet.label} #${a.accountId}` })),
  );
  const [accountId, setAccountId] = useState<string | null>(null);
  const chosen = accountId ?? accounts[0]?.value ?? null;
  return (
    <Stack>
      <PageHeading>History</PageHeading>
      <ErrorNote error={portfolio.error} />
      {portfolio.isSuccess && accounts.length === 0 ? (
        <Text c="dimmed">No account yet: a deposit opens one.</Text>
      ) : null}
      {chosen !== null ? (
        <>
          <Group align="flex-end">
            <Select
              label="Account"
              data={accounts}
              value={chosen}
              onChange={setAccountId}
              allowDeselect={false}
            />
            <Anchor href={accountHref(Number(chosen))} pb={6}>
              Open the account page
            </Anchor>
          </Group>
          <HistoryTabs key={chosen} accountId={Number(chosen)} />
        </>
      ) : null}
    </Stack>
  );
}
