// Export a wallet's secret key for the person's own backup: main hands it over only after the passphrase is
// entered again. The secret lives in this modal's state alone (never a query or mutation cache) and is gone
// when the modal closes or the app locks (the whole window is replaced by the lock screen).
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Code, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { unwrap, wallet } from '../../bridge/wallet';
import { ErrorNote } from '../ErrorNote';
import { useAction } from '../../hooks/useAction';
import type { WalletRef } from './WalletActions';

/** The clipboard API first; where it is refused (a denied permission), a copy of the selected text. */
async function copyText(text: string, node: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!node) return false;
    const selection = window.getSelection();
    const range = document.createRange();
    range.selectNodeContents(node);
    selection?.removeAllRanges();
    selection?.addRange(range);
    const copied = document.execCommand('copy');
    selection?.removeAllRanges();
    return copied;
  }
}

export function ExportWalletModal({ target, onClose }: { target: WalletRef; onClose: () => void }) {
  const [passphrase, setPassphrase] = useState('');
  const [revealed, setRevealed] = useState<{ publicKey: string; secretKey: string } | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const secretRef = useRef<HTMLElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const { run, busy, error } = useAction();
  // the passphrase form is gone once the key shows: keep the keyboard focus inside the window
  useEffect(() => {
    if (revealed) copyRef.current?.focus();
  }, [revealed]);

  const reveal = () =>
    run(async () => {
      const result = await unwrap(wallet.exportWallet({ walletId: target.walletId, passphrase }));
      setPassphrase('');
      setRevealed(result);
    });
  const close = () => {
    setRevealed(null);
    setPassphrase('');
    onClose();
  };
  const copy = async () => {
    if (revealed) setCopied(await copyText(revealed.secretKey, secretRef.current));
  };

  return (
    <Modal opened onClose={close} title={`Export ${target.label}`} size="lg">
      {revealed === null ? (
        <Stack
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (passphrase.length > 0) void reveal();
          }}
        >
          <Text size="sm">
            Exporting shows this wallet’s secret key so you can back it up or use it in another wallet app.
            Anyone who sees it can take everything the wallet holds.
          </Text>
          <PasswordInput
            label="Your passphrase"
            description="Enter it again to show the secret key"
            value={passphrase}
            onChange={(e) => setPassphrase(e.currentTarget.value)}
            maxLength={1024}
            autoComplete="current-password"
            data-autofocus
          />
          <ErrorNote error={error} title="Not exported" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="orange" loading={busy} disabled={passphrase.length === 0}>
              Show secret key
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Alert color="red" title="Keep this secret key to yourself">
            Anyone who has it controls this wallet and its funds, and Perpetua cannot take it back. Store it
            offline; never paste it into a website or a message. It is shown only while this window is open.
          </Alert>
          <Text size="sm">Public key</Text>
          <Code block aria-label="Public key" style={{ wordBreak: 'break-all' }}>
            {revealed.publicKey}
          </Code>
          <Text size="sm">Secret key (base58)</Text>
          <Code
            block
            ref={secretRef}
            aria-label="Secret key"
            data-testid="exported-secret"
            style={{ wordBreak: 'break-all' }}
          >
            {revealed.secretKey}
          </Code>
          {copied === true ? (
            <Text size="sm" c="teal" role="status">
              Copied. Clear your clipboard once you have stored it.
            </Text>
          ) : copied === false ? (
            <Text size="sm" c="orange" role="status">
              Copying was not allowed here: select the key and copy it yourself.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" ref={copyRef} onClick={() => void copy()}>
              Copy secret key
            </Button>
            <Button onClick={close}>Done: forget it</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
