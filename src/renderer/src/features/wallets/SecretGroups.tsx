// A long secret (a base58 secret key) shown the way a person copies it by hand: monospace groups of four
// that wrap with the window, every character visible at the smallest supported size (no hidden scrollbar).
// The groups are spans without spaces between them, so the text a selection or the copy button takes is the
// secret exactly.
import { Box } from '@mantine/core';

const GROUP = 4;

export function SecretGroups({ value, label, testId }: { value: string; label: string; testId: string }) {
  const groups: string[] = [];
  for (let i = 0; i < value.length; i += GROUP) groups.push(value.slice(i, i + GROUP));
  return (
    <Box
      role="group"
      aria-label={label}
      data-testid={testId}
      ff="monospace"
      fz="md"
      p="sm"
      bg="var(--mantine-color-default-hover)"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: '0.9ch',
        rowGap: 4,
        borderRadius: 'var(--mantine-radius-md)',
        letterSpacing: '0.04em',
      }}
    >
      {groups.map((group, i) => (
        <span key={i}>{group}</span>
      ))}
    </Box>
  );
}
