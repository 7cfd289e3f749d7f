// Create a wallet from a new recovery phrase: main makes the phrase and hands its words over once; the person
// writes them down, then types three of them, chosen by main at random, by their position. Only then does
// main store the phrase and the wallet. The words live in this modal's state alone and go when it closes.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Code, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { ErrorNote } from '../../components/ErrorNote';
import { useAction } from '../../hooks/useAction';
import { useFreshUnlock } from '../../hooks/useFreshUnlock';
import { refreshWalletQueries } from './refresh';
import { MAX_LABEL } from './RenameWalletModal';
import { PhraseWords } from './PhraseWords';
import { copySecret } from './clipboard';
import type { ResultOf } from '../../../../shared/ipc/contract';

type Pending = ResultOf<'phrases.create'>;
type WalletInfo = ResultOf<'phrases.confirmBackup'>;

export function CreateWalletModal({
  onClose,
  onCreated,
  defaultLabel = 'Main',
}: {
  onClose: () => void;
  /** after the wallet is stored, before the modal closes */
  onCreated?: (created: WalletInfo) => void;
  defaultLabel?: string;
}) {
  const client = useQueryClient();
  const [label, setLabel] = useState(defaultLabel);
  const [wordCount, setWordCount] = useState<'24' | '12'>('24');
  const [pending, setPending] = useState<Pending | null>(null);
  const [checking, setChecking] = useState(false);
  const [answers, setAnswers] = useState(['', '', '']);
  const [copied, setCopied] = useState<boolean | null>(null);
  const wordsRef = useRef<HTMLDivElement>(null);
  const firstAnswer = useRef<HTMLInputElement>(null);
  const wroteIt = useRef<HTMLButtonElement>(null);
  const { run, busy, error, setError } = useAction();
  // whoever sees the words holds wallets that count as the person's own: main asks for the passphrase
  const reveal = useFreshUnlock({
    asked: true,
    carried: true,
    description: 'The words are shown once; whoever sees them holds a wallet that counts as yours.',
    focus: 'none',
  });
  // each step's form replaces the last: the keyboard focus moves to where the next step starts
  useEffect(() => {
    if (checking) firstAnswer.current?.focus();
    else if (pending) wroteIt.current?.focus();
  }, [checking, pending]);

  const create = () =>
    run(async () =>
      setPending(
        await reveal.guard((passphrase) =>
          unwrap(
            wallet.phrases.create({
              label: label.trim(),
              wordCount: wordCount === '12' ? 12 : 24,
              passphrase: passphrase ?? '',
            }),
          ),
        ),
      ),
    );
  const confirm = () =>
    run(async () => {
      const created = await unwrap(wallet.phrases.confirmBackup({ pendingId: pending!.pendingId, answers }));
      // The words leave memory with the modal; only an export after the passphrase shows them again.
      setPending(null);
      refreshWalletQueries(client);
      onCreated?.(created);
      onClose();
    });
  const copy = async () => {
    if (pending) setCopied(await copySecret(pending.mnemonic.join(' '), wordsRef.current));
  };

  if (pending === null)
    return (
      <Modal opened onClose={onClose} title="Create a wallet" size="lg">
        <Stack
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (label.trim().length > 0 && reveal.ready) void create();
          }}
        >
          <TextInput
            label="Wallet name"
            description="A label on this computer only; the exchange does not see it"
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            maxLength={MAX_LABEL}
            data-autofocus
            onFocus={(e) => e.currentTarget.select()}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="phrase-length">
              Recovery phrase length
            </Text>
            <SegmentedControl
              aria-labelledby="phrase-length"
              value={wordCount}
              onChange={(v) => setWordCount(v === '12' ? '12' : '24')}
              data={[
                { value: '24', label: '24 words (recommended)' },
                { value: '12', label: '12 words' },
              ]}
            />
            <Text size="xs" c="dimmed">
              Any Solana wallet app (Phantom, Solflare, Backpack) can restore this wallet from its phrase.
            </Text>
          </Stack>
          {reveal.field}
          <ErrorNote error={error} />
          <Button type="submit" loading={busy} disabled={label.trim().length === 0 || !reveal.ready}>
            Create wallet
          </Button>
        </Stack>
      </Modal>
    );

  return (
    <Modal opened onClose={onClose} title="Create a wallet" size="lg">
      {!checking ? (
        <Stack>
          <Alert color="orange" title="Write these words down, in order, on paper">
            This recovery phrase is shown only once. Anyone who has it controls this wallet and every wallet
            made from it; Perpetua cannot recover it for you.
          </Alert>
          <div ref={wordsRef}>
            <PhraseWords words={pending.mnemonic} testId="new-phrase" />
          </div>
          <Text size="sm">
            First wallet: <Code>{pending.publicKey}</Code>{' '}
            <Text span size="xs" c="dimmed">
              ({pending.path})
            </Text>
          </Text>
          {copied === true ? (
            <Text size="sm" c="teal" role="status">
              Copied. The clipboard is cleared in a minute; paste it only into your own backup.
            </Text>
          ) : copied === false ? (
            <Text size="sm" c="orange" role="status">
              Copying was not allowed here: write the words down from the screen.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void copy()}>
              Copy phrase
            </Button>
            <Button ref={wroteIt} onClick={() => setChecking(true)}>
              I wrote it down
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (answers.every((a) => a.trim().length > 0)) void confirm();
          }}
        >
          <Text size="sm">
            To check your backup, type these words of your recovery phrase from what you wrote down.
          </Text>
          <Group grow align="flex-start">
            {pending.checkPositions.map((position, i) => (
              <TextInput
                key={position}
                ref={i === 0 ? firstAnswer : undefined}
                label={`Word ${position}`}
                value={answers[i]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setAnswers((a) => a.map((x, j) => (j === i ? value : x)));
                }}
                maxLength={32}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
              />
            ))}
          </Group>
          <ErrorNote error={error} title="Not confirmed" />
          <Group justify="space-between">
            <Button
              variant="subtle"
              onClick={() => {
                setError(null);
                setChecking(false);
              }}
            >
              Show the words again
            </Button>
            <Button type="submit" loading={busy} disabled={!answers.every((a) => a.trim().length > 0)}>
              Check and store the wallet
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
