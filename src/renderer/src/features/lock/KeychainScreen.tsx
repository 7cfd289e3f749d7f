import { Alert, Button, Center, Paper, Stack, Text } from '@mantine/core';
import { PageHeading } from '../../components/PageHeading';

/**
 * The first step needs the OS keychain (the passphrase check lives there) and there is none, or it is locked:
 * say so, and what to install, in main's words (main knows the platform); nothing is stored anywhere else.
 */
export function KeychainScreen({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Center h="100vh" p="xl">
      <Paper withBorder p="xl" w={560}>
        <Stack>
          <PageHeading>Perpetua needs the OS keychain</PageHeading>
          <Text>
            Your wallet keys, session keys and the check for your passphrase are kept only in the operating
            system’s keychain, so nothing can be set up until one is available. Nothing has been stored
            anywhere else.
          </Text>
          <Alert color="orange" title="What to do" role="alert">
            {message}
          </Alert>
          <Button onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
