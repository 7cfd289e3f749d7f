// Export a wallet for the person's own backup: its secret key (base58, for other tools) or, for a wallet made
// from a recovery phrase, the phrase. Main hands either over only after the passphrase is entered again. What
// is shown lives in this modal's state alone (never a query or mutation cache) and is gone when the modal
// closes or the app locks (the whole window is replaced by the lock screen).
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { unwrap, wallet } from '../../bridge/wallet';
import { ErrorNote } from '../../components/ErrorNote';
import { useAction } from '../../hooks/useAction';
import type { WalletRef } from './wallet-ref';
import type { PhraseView } from './phrases';
import { copySecret } from './clipboard';
import { PhraseWords } from './PhraseWords';
import { SecretGroups } from './SecretGroups';
import { PATH_SCHEME_INFO } from '../../../../shared/derivation-paths';
import type { ResultOf } from '../../../../shared/ipc/contract';

type Revealed =
  { kind: 'key'; value: ResultOf<'wallets.export'> } | { kind: 'phrase'; value: ResultOf<'phrases.export'> };

export function ExportWalletModal({
  target,
  phrase,
  onClose,
}: {
  target: WalletRef;
  /** the recovery phrase the wallet was derived from, if any: then it can be exported too */
  phrase?: PhraseView | undefined;
  onClose: () => void;
}) {
  const [what, setWhat] = useState<'key' | 'phrase'>(phrase ? 'phrase' : 'key');
  const [passphrase, setPassphrase] = useState('');
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const secretRef = useRef<HTMLDivElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const { run, busy, error } = useAction();
  // the passphrase form is gone once the secret shows: keep the keyboard focus inside the window
  useEffect(() => {
    if (revealed) copyRef.current?.focus();
  }, [revealed]);

  const reveal = () =>
    run(async () => {
      const shown: Revealed =
        what === 'phrase' && phrase
          ? {
              kind: 'phrase',
              value: await unwrap(wallet.phrases.export({ phraseId: phrase.phraseId, passphrase })),
            }
          : {
              kind: 'key',
              value: await unwrap(wallet.wallets.export({ walletId: target.walletId, passphrase })),
            };
      setPassphrase('');
      setRevealed(shown);
    });
  const close = () => {
    setRevealed(null);
    setPassphrase('');
    onClose();
  };
  const copy = async () => {
    if (!revealed) return;
    const text = revealed.kind === 'key' ? revealed.value.secretKey : revealed.value.mnemonic.join(' ');
    setCopied(await copySecret(text, secretRef.current));
  };
  const noun = what === 'phrase' ? 'recovery phrase' : 'secret key';

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
          {phrase ? (
            <SegmentedControl
              aria-label="What to export"
              value={what}
              onChange={(v) => setWhat(v === 'key' ? 'key' : 'phrase')}
              data={[
                { value: 'phrase', label: 'Recovery phrase' },
                { value: 'key', label: 'Secret key of this wallet' },
              ]}
            />
          ) : null}
          <Text size="sm">
            {what === 'phrase'
              ? `Exporting shows the ${phrase?.wordCount ?? ''}-word recovery phrase this wallet was made from. It restores this wallet and every other wallet made from it, in any Solana wallet app.`
              : 'Exporting shows this wallet’s secret key so you can back it up or use it in another wallet app.'}{' '}
            Anyone who sees it can take everything it controls.
          </Text>
          <PasswordInput
            label="Your passphrase"
            description={`Enter it again to show the ${noun}`}
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
              {what === 'phrase' ? 'Show recovery phrase' : 'Show secret key'}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Alert
            color="red"
            title={`Keep this ${revealed.kind === 'key' ? 'secret key' : 'recovery phrase'} to yourself`}
          >
            Anyone who has it controls {revealed.kind === 'key' ? 'this wallet' : 'every wallet made from it'}{' '}
            and its funds, and Perpetua cannot take it back. Store it offline; never paste it into a website
            or a message. It is shown only while this window is open.
          </Alert>
          {revealed.kind === 'key' ? (
            <>
              <Text size="sm">
                Public key:{' '}
                <Text span ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {revealed.value.publicKey}
                </Text>
              </Text>
              <Text size="sm">
                Secret key (base58, {revealed.value.secretKey.length} characters in groups of four)
              </Text>
              <div ref={secretRef}>
                <SecretGroups value={revealed.value.secretKey} label="Secret key" testId="exported-secret" />
              </div>
            </>
          ) : (
            <>
              <div ref={secretRef}>
                <PhraseWords words={revealed.value.mnemonic} testId="exported-phrase" />
              </div>
              <Text size="sm" c="dimmed">
                {PATH_SCHEME_INFO[revealed.value.scheme].derived ? 'Derivation path' : 'Key'}:{' '}
                <Code>{PATH_SCHEME_INFO[revealed.value.scheme].template}</Code> (
                {PATH_SCHEME_INFO[revealed.value.scheme].usedBy})
              </Text>
              {revealed.value.bip39PassphraseUsed ? (
                <Alert color="orange" title="This phrase was imported with a BIP39 passphrase">
                  The words alone restore other wallets: you need that BIP39 passphrase too. Perpetua does not
                  show it.
                </Alert>
              ) : null}
            </>
          )}
          {copied === true ? (
            <Text size="sm" c="teal" role="status">
              Copied. The clipboard is cleared in a minute; paste it only into your own backup.
            </Text>
          ) : copied === false ? (
            <Text size="sm" c="orange" role="status">
              Copying was not allowed here: select it and copy it yourself.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" ref={copyRef} onClick={() => void copy()}>
              {revealed.kind === 'key' ? 'Copy secret key' : 'Copy recovery phrase'}
            </Button>
            <Button onClick={close}>Done: forget it</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
