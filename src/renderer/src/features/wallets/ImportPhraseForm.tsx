// Import by recovery phrase: main checks the words (naming any that is not in the list, or a failed
// checksum), then lists the first wallets each common derivation path (and solana-keygen's default, which
// has none) gives, with the SOL and tokens each holds on the chain and the exchange accounts and balances
// each already has, so the person can tell which ones they use. Nothing is stored until they pick.
import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  Collapse,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { ErrorNote } from '../../components/ErrorNote';
import { useAction } from '../../hooks/useAction';
import { useFreshUnlock } from '../../hooks/useFreshUnlock';
import { useTokens } from '../markets';
import { refreshWalletQueries } from './refresh';
import { MAX_LABEL } from './RenameWalletModal';
import { PATH_SCHEME_INFO, type PathScheme } from '../../../../shared/derivation-paths';
import type { ResultOf } from '../../../../shared/ipc/contract';
import { formatSol } from '../../../../shared/figures';

type Discovery = ResultOf<'phrases.discover'>;
type Found = Discovery['paths'][number]['addresses'][number];
interface Choice {
  scheme: PathScheme;
  indices: number[];
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-6)}`;

/** a wallet with an exchange account, or with SOL or tokens on the chain, is one the person uses */
const isUsed = (a: Found): boolean =>
  (a.lookup?.registered ?? false) ||
  (a.chain !== null && (a.chain.sol > 0n || a.chain.tokens.some((t) => t.amount > 0n)));

/** What to tick first: the used wallets on the path that has the most of them, else the first Phantom one. */
function firstChoice(found: Discovery): Choice {
  const used = (a: Found) => isUsed(a) && a.walletId === null;
  const best = [...found.paths].sort(
    (a, b) => b.addresses.filter(used).length - a.addresses.filter(used).length,
  )[0];
  if (best && best.addresses.some(used))
    return { scheme: best.scheme, indices: best.addresses.filter(used).map((a) => a.index) };
  const first = found.paths[0]?.addresses[0];
  return { scheme: 'bip44-change', indices: first && first.walletId === null ? [0] : [] };
}

/** why adding a wallet asks for the passphrase, the same words on both import tabs */
export const ADDING_NEEDS_PASSPHRASE =
  'A wallet added here counts as yours: money then moves to its accounts without asking.';

export function ImportPhraseForm({ onClose, onImported }: { onClose: () => void; onImported?: () => void }) {
  const client = useQueryClient();
  const { format } = useTokens();
  const [phrase, setPhrase] = useState('');
  const [advanced, setAdvanced] = useState(false);
  const [bip39Passphrase, setBip39Passphrase] = useState('');
  const [found, setFound] = useState<Discovery | null>(null);
  const [choice, setChoice] = useState<Choice>({ scheme: 'bip44-change', indices: [] });
  const [label, setLabel] = useState('Imported');
  const { run, busy, error, setError } = useAction();
  const confirm = useFreshUnlock({
    asked: true,
    carried: true,
    description: ADDING_NEEDS_PASSPHRASE,
    focus: 'none',
  });

  const discover = () =>
    run(async () => {
      const result = await unwrap(
        wallet.phrases.discover({
          phrase,
          ...(bip39Passphrase.length > 0 ? { bip39Passphrase } : {}),
        }),
      );
      // the words are with main now; the form keeps none of them
      setPhrase('');
      setBip39Passphrase('');
      setFound(result);
      setChoice(firstChoice(result));
    });
  const add = () =>
    run(async () => {
      if (!found) return;
      await confirm.guard((passphrase) =>
        unwrap(
          wallet.phrases.importWallets({
            discoveryId: found.discoveryId,
            scheme: choice.scheme,
            indices: choice.indices,
            label: label.trim(),
            passphrase: passphrase ?? '',
          }),
        ),
      );
      refreshWalletQueries(client);
      onImported?.();
      onClose();
    });
  const toggle = (scheme: PathScheme, index: number, on: boolean) => {
    setError(null);
    setChoice((c) => {
      // wallets come from one path at a time: a tick on another path starts a new choice
      const base = c.scheme === scheme ? c.indices : [];
      const indices = on ? [...base, index] : base.filter((i) => i !== index);
      return { scheme, indices: [...new Set(indices)].sort((a, b) => a - b) };
    });
  };

  if (found === null)
    return (
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (phrase.trim().length > 0) void discover();
        }}
      >
        <Textarea
          label="Recovery phrase"
          description="The 12, 15, 18, 21 or 24 words from Phantom, Solflare, Backpack, a Ledger or the Solana CLI, separated by spaces"
          value={phrase}
          onChange={(e) => setPhrase(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={1024}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          data-autofocus
        />
        <Anchor component="button" type="button" size="sm" onClick={() => setAdvanced((a) => !a)}>
          {advanced ? 'Hide the BIP39 passphrase' : 'My phrase has a BIP39 passphrase (advanced)'}
        </Anchor>
        <Collapse expanded={advanced}>
          <PasswordInput
            label="BIP39 passphrase"
            description="Only if you set one when the phrase was made (sometimes called the 25th word). It is not your Perpetua passphrase."
            value={bip39Passphrase}
            onChange={(e) => setBip39Passphrase(e.currentTarget.value)}
            maxLength={1024}
            autoComplete="off"
          />
        </Collapse>
        <ErrorNote error={error} title="Not a usable recovery phrase" />
        <Button type="submit" loading={busy} disabled={phrase.trim().length === 0}>
          Find my wallets
        </Button>
      </Stack>
    );

  return (
    <Stack
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (choice.indices.length > 0 && label.trim().length > 0) void add();
      }}
    >
      <Text size="sm">
        Your {found.wordCount}-word phrase is valid. Wallet apps derive wallets from it along different paths:
        tick the ones you use. Wallets that hold something on the chain or already have an exchange account
        are ticked for you. Nothing is stored until you add them.
      </Text>
      {found.paths.map((path) => {
        const info = PATH_SCHEME_INFO[path.scheme];
        return (
          <Paper key={path.scheme} withBorder p="sm" component="section" aria-label={`Path ${info.template}`}>
            <Group gap="xs" mb={4}>
              <Title order={5}>{info.usedBy}</Title>
              <Code>{info.template}</Code>
            </Group>
            {info.derived ? null : (
              <Text size="xs" c="dimmed">
                No derivation path: the key is the start of the phrase’s seed, as{' '}
                <Code>solana-keygen new</Code> makes it. One wallet only.
              </Text>
            )}
            {/* the same columns on every path, so the tables line up */}
            <Table aria-label={`Wallets on ${info.template}`} verticalSpacing={4} layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th w={140}>{info.derived ? 'Path' : 'Key'}</Table.Th>
                  <Table.Th w={140}>Address</Table.Th>
                  <Table.Th>On chain</Table.Th>
                  <Table.Th w={165}>On the exchange</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {path.addresses.map((a) => {
                  const checked = choice.scheme === path.scheme && choice.indices.includes(a.index);
                  return (
                    <Table.Tr key={a.index}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Add ${a.path}`}
                          checked={a.walletId !== null || checked}
                          disabled={a.walletId !== null}
                          onChange={(e) => toggle(path.scheme, a.index, e.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Code>{info.derived ? a.path : 'seed[0..32]'}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Code title={a.publicKey}>{short(a.publicKey)}</Code>
                      </Table.Td>
                      <Table.Td>
                        {a.chain === null ? (
                          <Text size="sm" c="dimmed">
                            Balance unavailable
                          </Text>
                        ) : (
                          <Text size="sm" aria-label={`On-chain balances of ${short(a.publicKey)}`}>
                            {[
                              formatSol(a.chain.sol),
                              ...a.chain.tokens
                                .filter((t) => t.amount > 0n)
                                .map((t) => format(t.amount, t.tokenId)),
                            ].join(' · ')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {a.walletId !== null ? (
                          <Badge color="gray">Already in Perpetua</Badge>
                        ) : a.lookup === null ? (
                          <Text size="sm" c="dimmed">
                            Could not ask the exchange
                          </Text>
                        ) : !a.lookup.registered ? (
                          <Text size="sm" c="dimmed">
                            No account
                          </Text>
                        ) : (
                          <Text size="sm">
                            {a.lookup.accounts
                              .map(
                                (acc) =>
                                  `#${acc.accountId}: ${acc.balances.map((b) => format(b.amount, b.tokenId)).join(', ') || 'empty'}`,
                              )
                              .join('; ')}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Paper>
        );
      })}
      <TextInput
        label="Wallet name"
        description={
          choice.indices.length > 1
            ? 'Each wallet gets this name and its number'
            : 'A label on this computer only'
        }
        value={label}
        onChange={(e) => setLabel(e.currentTarget.value)}
        maxLength={MAX_LABEL}
      />
      {confirm.field}
      <ErrorNote error={error} title="Not imported" />
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => setFound(null)}>
          Enter another phrase
        </Button>
        <Button
          type="submit"
          loading={busy}
          disabled={choice.indices.length === 0 || label.trim().length === 0 || !confirm.ready}
        >
          {choice.indices.length <= 1 ? 'Add wallet' : `Add ${choice.indices.length} wallets`}
        </Button>
      </Group>
    </Stack>
  );
}
