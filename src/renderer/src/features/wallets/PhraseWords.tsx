// A recovery phrase shown as numbered words in columns, the way a person copies it onto paper.
import { SimpleGrid, Text } from '@mantine/core';

export function PhraseWords({ words, testId }: { words: string[]; testId: string }) {
  return (
    <SimpleGrid
      cols={words.length > 12 ? 4 : 3}
      spacing="xs"
      verticalSpacing={4}
      component="ol"
      data-testid={testId}
      aria-label="Recovery phrase"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {words.map((word, i) => (
        <Text component="li" key={i} size="sm" ff="monospace">
          <Text span c="dimmed" ff="monospace" aria-hidden>
            {String(i + 1).padStart(2, ' ')}.{' '}
          </Text>
          {word}
        </Text>
      ))}
    </SimpleGrid>
  );
}
