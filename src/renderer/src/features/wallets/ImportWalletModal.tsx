// Import a wallet: by its recovery phrase (the usual way, see ImportPhraseForm), or by its secret: pasted
// (base58), or read from a settlement-chain CLI keypair file (a JSON array of 64 numbers). The file is read
// here and its text handed to main as is; main parses and checks it. Either way the passphrase goes with the
// import: a wallet added here counts as the person's own, and money moves to it without asking.
import { useRef, useState } from 'react';
import { Button, FileInput, Modal, Stack, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { ErrorNote } from '../../components/ErrorNote';
import { useAction } from '../../hooks/useAction';
import { useFreshUnlock } from '../../hooks/useFreshUnlock';
import { refreshWalletQueries } from './refresh';
import { ADDING_NEEDS_PASSPHRASE, ImportPhraseForm } from './ImportPhraseForm';

/** the contract's limit on the secret's text; a keypair file is far smaller */
const MAX_SECRET_CHARS = 2048;

interface ImportProps {
  onClose: () => void;
  /** after the wallet is stored, before the modal closes */
  onImported?: () => void;
}

export function ImportWalletModal({ onClose, onImported }: ImportProps) {
  return (
    <Modal opened onClose={onClose} title="Import a wallet" size="xl">
      <Tabs defaultValue="phrase" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="phrase">Recovery phrase</Tabs.Tab>
          <Tabs.Tab value="secret">Secret key or keypair file</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="phrase">
          <ImportPhraseForm onClose={onClose} {...(onImported ? { onImported } : {})} />
        </Tabs.Panel>
        <Tabs.Panel value="secret">
          <ImportSecretForm onClose={onClose} {...(onImported ? { onImported } : {})} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}

function ImportSecretForm({ onClose, onImported }: ImportProps) {
  const client = useQueryClient();
  const [label, setLabel] = useState('Imported');
  const [secret, setSecret] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileText, setFileText] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { run, busy, error, setError } = useAction();
  const confirm = useFreshUnlock({
    asked: true,
    carried: true,
    description: ADDING_NEEDS_PASSPHRASE,
    focus: 'none',
  });
  /** the latest choice: a slower read of an earlier file must not replace it */
  const latest = useRef<File | null>(null);

  const chooseFile = (chosen: File | null) => {
    latest.current = chosen;
    setFile(chosen);
    setFileText(null);
    setSecret('');
    setFileError(null);
    setError(null);
    if (chosen === null) return;
    if (chosen.size > MAX_SECRET_CHARS) {
      setFileError('This file is too large to be a keypair file.');
      return;
    }
    chosen.text().then(
      (text) => {
        if (latest.current !== chosen) return;
        if (text.trim().length === 0) setFileError('This file is empty.');
        else setFileText(text);
      },
      () => {
        if (latest.current === chosen) setFileError('This file could not be read.');
      },
    );
  };

  const fromFile = file !== null;
  const toSend = fromFile ? fileText : secret;
  const ready = label.trim().length > 0 && !!toSend && toSend.trim().length > 0 && confirm.ready;
  const submit = () =>
    run(async () => {
      if (!toSend) return;
      await confirm.guard((passphrase) =>
        unwrap(wallet.wallets.import({ label, secret: toSend, passphrase: passphrase ?? '' })),
      );
      setSecret('');
      setFileText(null);
      refreshWalletQueries(client);
      onImported?.();
      onClose();
    });

  return (
    <Stack
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) void submit();
      }}
    >
      <TextInput
        label="Wallet name"
        value={label}
        onChange={(e) => setLabel(e.currentTarget.value)}
        maxLength={40}
        data-autofocus
      />
      <Textarea
        label="Secret key"
        description={
          fromFile
            ? 'Using the keypair file below. Clear the file to paste a key instead.'
            : 'Base58 secret key, or the contents of a settlement-chain CLI keypair file'
        }
        value={secret}
        onChange={(e) => setSecret(e.currentTarget.value)}
        disabled={fromFile}
        autosize
        minRows={2}
        maxLength={MAX_SECRET_CHARS}
        autoComplete="off"
        spellCheck={false}
      />
      <Text size="sm" c="dimmed">
        or
      </Text>
      <FileInput
        label="Keypair file"
        description="A settlement-chain CLI keypair file (a JSON array of 64 numbers), read on this computer"
        placeholder="Choose a keypair file"
        accept=".json,application/json"
        value={file}
        onChange={chooseFile}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the keypair file' }}
        error={fileError}
      />
      {confirm.field}
      <ErrorNote error={error} title="Not imported" />
      <Button type="submit" loading={busy} disabled={!ready}>
        Import
      </Button>
    </Stack>
  );
}
