// Money in, out and between accounts, one panel each (components/transfers). Every amount is parsed with the
// token's decimals into bigint; every action is prepared by main and shown back for confirmation before
// anything is signed.
import { Button, Group, Paper, Stack, Tabs } from '@mantine/core';
import { DepositPanel } from '../components/transfers/DepositPanel';
import { WithdrawPanel } from '../components/transfers/WithdrawPanel';
import { TransferPanel } from '../components/transfers/TransferPanel';
import { PageHeading } from '../components/PageHeading';

export function TransfersPage() {
  return (
    <Stack>
      <PageHeading>Move funds</PageHeading>
      <Group>
        <Button component="a" href="#/sweep" variant="default">
          Sweep several accounts into one
        </Button>
      </Group>
      <Tabs defaultValue="deposit" keepMounted={false}>
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
