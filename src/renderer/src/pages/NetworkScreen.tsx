import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { NetworkForm } from '../components/NetworkForm';

/** First run, after the passphrase: which exchange to use. Settings can change it later. */
export function NetworkScreen() {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" w={560}>
        <Stack>
          <Title order={2}>Choose a network</Title>
          <Text c="dimmed">
            Where Perpetua trades. You can change this any time under Settings; your wallets stay the same.
          </Text>
          <NetworkForm current={null} submitLabel="Continue" />
        </Stack>
      </Paper>
    </Center>
  );
}
