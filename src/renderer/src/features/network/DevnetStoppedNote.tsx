import { Alert, Code, Stack, Text } from '@mantine/core';
import { useDevnetStatus } from './queries';

/**
 * Shown above every page once Perpetua gave up restarting the local exchange: what it last printed and where
 * its data is are what a person (or whoever helps them) needs to find out why it will not start.
 */
export function DevnetStoppedNote() {
  const status = useDevnetStatus().data;
  if (status?.state !== 'stopped') return null;
  return (
    <Alert color="red" title="The local exchange is not running" role="alert" mb="md">
      <Stack gap="xs">
        <Text size="sm">{status.message}</Text>
        <Text size="sm">
          {status.dataDir ? (
            <>
              Its data folder: <Code>{status.dataDir}</Code>
            </>
          ) : (
            'It kept its data in memory only.'
          )}
        </Text>
        {status.recentLog.length > 0 && (
          <>
            <Text size="sm">What it printed last:</Text>
            <Code block aria-label="The local exchange's last output">
              {status.recentLog.join('\n')}
            </Code>
          </>
        )}
      </Stack>
    </Alert>
  );
}
