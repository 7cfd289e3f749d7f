import { CompromisedBadge } from '../accounts';
import { useId, useState } from 'react';
import { Anchor, Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useAccountNames, usePortfolio, useWallets } from '../accounts';
import { useTokens } from '../markets';
import { NameAccountModal } from '../accounts';
import { ErrorNote } from '../../components/ErrorNote';
import { accountHref, transfersHref } from '../../routes';
import { ImportWalletModal } from './ImportWalletModal';
import { CreateWalletModal } from './CreateWalletModal';
import { WalletActions } from './WalletActions';
import { AddressActions } from './AddressActions';
import { phraseOf, usePhrases, type PhraseView } from './phrases';
import { AddNextWalletModal } from './AddNextWalletModal';
import { ForgetPhraseModal } from './ForgetPhraseModal';
import { schemeName } from '../../../../shared/derivation-paths';
import { ChainBalances } from '../chain';
import type { ResultOf } from '../../../../shared/ipc/contract';
import { PageHeading } from '../../components/PageHeading';

type WalletInfo = ResultOf<'wallets.list'>[number];
type PortfolioWallet = ResultOf<'portfolio.get'>['wallets'][number];

/** One wallet: its name, public key, actions and, once the portfolio has loaded, its exchange accounts. */
function WalletCard({
  wallet: w,
  held,
  phrase,
}: {
  wallet: WalletInfo;
  held: PortfolioWallet | undefined;
  phrase?: PhraseView | undefined;
}) {
  const { format, quoteTokenId } = useTokens();
  const names = useAccountNames();
  const [naming, setNaming] = useState<number | null>(null);
  const headingId = useId();
  const accounts = held?.accounts ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4} id={headingId}>
            {w.label}
          </Title>
          <Group gap="sm">
            {held === undefined ? null : held.registered ? (
              <Badge color="teal">On the exchange</Badge>
            ) : (
              // the way on, right where the state is said: the first deposit opens the first account
              <>
                <Badge color="gray" variant="light">
                  Not on the exchange yet
                </Badge>
                <Button component="a" href={transfersHref('deposit')} size="xs">
                  Deposit to open an account
                </Button>
              </>
            )}
            <WalletActions target={w} accounts={held ? accounts.length : null} phrase={phrase} />
          </Group>
        </Group>
        <Group gap="xs">
          <Code>{w.publicKey}</Code>
          <AddressActions address={w.publicKey} label={w.label} />
          <CompromisedBadge walletId={w.walletId} />
          {phrase ? (
            <Text size="xs" c="dimmed">
              {phrase.wallets.find((p) => p.walletId === w.walletId)?.path}
            </Text>
          ) : null}
        </Group>
        <ChainBalances walletId={w.walletId} label={w.label} />
        {accounts.length > 0 ? (
          <Table aria-label={`Accounts of ${w.label}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account</Table.Th>
                <Table.Th ta="right">Balances</Table.Th>
                <Table.Th ta="right">Equity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.map((a) => (
                <Table.Tr key={a.accountId}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor href={accountHref(a.accountId)}>{names.label(a.accountId)}</Anchor>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        aria-label={`Name account #${a.accountId}`}
                        onClick={() => setNaming(a.accountId)}
                      >
                        {names.nameOf(a.accountId) ? 'Rename' : 'Name'}
                      </Button>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" data-figure style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {a.balances.map((b) => format(b.amount, b.tokenId)).join(' · ') || '—'}
                  </Table.Td>
                  <Table.Td ta="right" data-figure style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {format(a.equity, quoteTokenId)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
      {naming !== null ? (
        <NameAccountModal accountId={naming} current={names.nameOf(naming)} onClose={() => setNaming(null)} />
      ) : null}
    </Paper>
  );
}

/** The wallets made from one recovery phrase, under it, with "Add next wallet". */
function PhraseGroup({
  phrase,
  number,
  wallets,
  held,
}: {
  phrase: PhraseView;
  number: number;
  wallets: WalletInfo[];
  held: (walletId: string) => PortfolioWallet | undefined;
}) {
  const headingId = useId();
  const [dialog, setDialog] = useState<'next' | 'forget' | null>(null);
  return (
    <Paper
      withBorder
      p="md"
      bg="var(--mantine-color-default-hover)"
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Title order={3} size="h4" id={headingId}>
              Recovery phrase {number}
            </Title>
            <Text size="sm" c="dimmed">
              {phrase.wordCount} words · {schemeName(phrase.scheme)}
            </Text>
          </div>
          <Group gap="xs">
            {phrase.nextIndex !== null ? (
              <Button size="xs" onClick={() => setDialog('next')}>
                Add next wallet
              </Button>
            ) : null}
            {wallets.length === 0 ? (
              <Button size="xs" variant="light" color="red" onClick={() => setDialog('forget')}>
                Forget phrase
              </Button>
            ) : null}
          </Group>
        </Group>
        {wallets.length === 0 ? (
          <Text size="sm" c="dimmed">
            No wallet from this phrase is here any more.
          </Text>
        ) : null}
        {wallets.map((w) => (
          <WalletCard key={w.walletId} wallet={w} held={held(w.walletId)} phrase={phrase} />
        ))}
      </Stack>
      {dialog === 'next' ? <AddNextWalletModal phrase={phrase} onClose={() => setDialog(null)} /> : null}
      {dialog === 'forget' ? <ForgetPhraseModal phrase={phrase} onClose={() => setDialog(null)} /> : null}
    </Paper>
  );
}

export function AccountsPage() {
  const wallets = useWallets();
  const portfolio = usePortfolio();
  const phrases = usePhrases();
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  const held = (walletId: string) => portfolio.data?.wallets.find((p) => p.wallet.walletId === walletId);
  const byId = new Map((wallets.data ?? []).map((w) => [w.walletId, w]));
  const single = (wallets.data ?? []).filter((w) => phraseOf(phrases.data, w.walletId) === undefined);
  return (
    <Stack>
      <Group justify="space-between">
        <PageHeading>Wallets and accounts</PageHeading>
        <Group>
          <Button onClick={() => setDialog('create')}>Create wallet</Button>
          <Button variant="default" onClick={() => setDialog('import')}>
            Import wallet
          </Button>
        </Group>
      </Group>
      <ErrorNote error={wallets.error ?? phrases.error ?? portfolio.error} />
      {wallets.data?.length === 0 ? (
        <Text c="dimmed">No wallet yet. Create one or import one you already have.</Text>
      ) : null}
      {(phrases.data ?? []).map((p, i) => (
        <PhraseGroup
          key={p.phraseId}
          phrase={p}
          number={i + 1}
          wallets={p.wallets.map((pw) => byId.get(pw.walletId)).filter((w): w is WalletInfo => !!w)}
          held={held}
        />
      ))}
      {single.length > 0 && (phrases.data ?? []).length > 0 ? (
        <Title order={3} size="h4">
          Wallets imported by their secret key
        </Title>
      ) : null}
      {single.map((w) => (
        <WalletCard key={w.walletId} wallet={w} held={held(w.walletId)} />
      ))}
      {dialog === 'create' ? <CreateWalletModal onClose={() => setDialog(null)} /> : null}
      {dialog === 'import' ? <ImportWalletModal onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}
