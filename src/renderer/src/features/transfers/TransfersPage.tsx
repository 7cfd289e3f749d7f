// Money in, out and between accounts, one panel each (components/transfers). Every amount is parsed with the
// token's decimals into bigint; every action is prepared by main and shown back for confirmation before
// anything is signed.
import { Button, Group, Paper, Stack, Tabs } from '@mantine/core';
import { DepositPanel } from './DepositPanel';
import { WithdrawPanel } from './WithdrawPanel';
import { TransferPanel } from './TransferPanel';
import { PageHeading } from '../../components/PageHeading';
import type { TransferTab } from '../../routes';

/** `tab` is the one the address names (#/transfers/withdraw), so the home screen's buttons open it */
export function TransfersPage({ tab }: { tab: TransferTab }) {
  return (
    <Stack>
      <PageHeading>Move funds</PageHeading>
      <Group>
        <Button component="a" href="#/sweep" variant="default">
          Sweep several accounts into one
        </Button>
      </Group>
      <Tabs key={tab} defaultValue={tab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="deposit">Deposit</Tabs.Tab>
          <Tabs.Tab value="withdraw">Withdraw</Tabs.Tab>
          <Tabs.Tab value="transfer">Transfer</Tabs.Tab>
        </Tabs.List>
        <Paper withBorder p="md" mt="sm">
          <Tabs.Panel value="deposit">
            <DepositPanel />
          </Tabs.Panel>
          <Tabs.Panel value="withdraw">
            <WithdrawPanel />
          </Tabs.Panel>
          <Tabs.Panel value="transfer">
            <TransferPanel />
          </Tabs.Panel>
        </Paper>
      </Tabs>
    </Stack>
  );
}
