import { Center, Paper, Stack, Text } from '@mantine/core';
import { NetworkForm } from './NetworkForm';
import { PageHeading } from '../../components/PageHeading';

/** First run, after the passphrase: which exchange to use. Settings can change it later. */
export function NetworkScreen() {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" w={560}>
        <Stack>
          <PageHeading>Choose a network</PageHeading>
          <Text c="dimmed">
            Where Perpetua trades. You can change this any time under Settings; your wallets stay the same.
          </Text>
          <NetworkForm current={null} submitLabel="Continue" />
        </Stack>
      </Paper>
    </Center>
  );
}
