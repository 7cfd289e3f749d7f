import { Alert } from '@mantine/core';

/** A failure in plain words, as main phrased it. */
export function ErrorNote({ error, title = 'That did not work' }: { error: unknown; title?: string }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Alert color="red" title={title} role="alert">
      {message}
    </Alert>
  );
}
