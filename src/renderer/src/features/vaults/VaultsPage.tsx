// Vaults: every vault with its share value, TVL, PnL and epoch countdown; every holding of every account;
// deposit, request a withdrawal (in USDC or in shares) and claim once the epoch has converted it. Each
// action is prepared by main, shown for confirmation and signed there.
import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { usePortfolio } from '../accounts';
import { useMarketFormat, useTokens } from '../markets';
import { useVaults } from './queries';
import { MEASURED, NARROW_PX, useWidth } from '../../hooks/useWidth';
import { amountText, readAmount } from '../../components/amount-input';
import { ErrorNote } from '../../components/ErrorNote';
import { AccountPicker } from '../accounts';
import { onFormSubmit } from '../../components/form-submit';
import { freeToMove } from '../../components/free-to-move';
import { usePreparedAction, type PreparedAction } from '../actions';
import {
  directionOf,
  formatFigure,
  formatPpm,
  formatShares,
  formatPpmChange,
  type Direction,
} from '../../../../shared/figures';
import type { ResultOf } from '../../../../shared/ipc/contract';
import { PageHeading } from '../../components/PageHeading';
import { formatDateTime, fromSeconds } from '../../../../shared/time';

type Vaults = ResultOf<'vaults.get'>;
type Vault = Vaults['vaults'][number];
type Holding = Vaults['holdings'][number];
type Dialog = { kind: 'deposit'; vault: Vault } | { kind: 'withdraw'; vault: Vault; holding: Holding } | null;

/** Engine seconds now, ticking locally from the last server reading so countdowns move every second. */
function useEngineNow(serverNow: number | undefined, readAtMs: number): number {
  const offset = serverNow === undefined ? 0 : serverNow - Math.floor(readAtMs / 1000);
  const [clock, setClock] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const id = setInterval(() => setClock(Math.floor(Date.now() / 1000)), 1000);
    return () => clearInterval(id);
  }, []);
  return clock + offset;
}

const countdown = (seconds: number): string => {
  if (seconds <= 0) return 'ending now';
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return d > 0 ? `${d}d ${h}h ${m}m` : h > 0 ? `${h}h ${m}m ${s}s` : `${m}m ${s}s`;
};
const at = (seconds: number) => formatDateTime(fromSeconds(seconds));
/** gains teal, losses red; the sign is always written too */
const COLOR: Record<Direction, string | undefined> = { gain: 'teal', loss: 'red', flat: undefined };
const toned = (value: bigint) => COLOR[directionOf(value)];
const FIGURE = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

export function VaultsPage() {
  const vaults = useVaults();
  const { format, quoteTokenId, quoteSymbol, tokens } = useTokens();
  const { symbol } = useMarketFormat();
  const now = useEngineNow(vaults.data?.now, vaults.dataUpdatedAt);
  const [dialog, setDialog] = useState<Dialog>(null);
  const action = usePreparedAction({ onDone: () => void vaults.refetch() });
  const decimals = tokens.get(quoteTokenId)?.decimals ?? 6;
  const shares = (v: bigint) => formatShares(v, decimals);
  // in a narrow window (1024 px) each table folds its second figures under the first, as the home screen's
  // do, rather than scroll sideways and hide the Deposit, Request withdrawal and Claim buttons
  const { ref: vaultsBox, width: vaultsWidth } = useWidth();
  const { ref: sharesBox, width: sharesWidth } = useWidth();
  const narrowVaults = vaultsWidth > 0 && vaultsWidth < NARROW_PX;
  const narrowShares = sharesWidth > 0 && sharesWidth < NARROW_PX + 250;

  if (vaults.isPending) return <Text>Loading vaults…</Text>;
  if (vaults.isError) return <ErrorNote error={vaults.error} title="Vaults could not be read" />;
  const { holdings } = vaults.data;
  const byId = new Map(vaults.data.vaults.map((v) => [v.vaultId, v]));

  const deposit = (v: Vault) => (
    <Button size="xs" mt={narrowVaults ? 4 : 0} onClick={() => setDialog({ kind: 'deposit', vault: v })}>
      Deposit
    </Button>
  );
  const startClaim = (h: Holding) =>
    action.prepare({ kind: 'vaultClaim', walletId: h.walletId, accountId: h.accountId, vaultId: h.vaultId });

  return (
    <Stack>
      <PageHeading>Vaults</PageHeading>
      <Text c="dimmed" size="sm">
        A vault trades its own account with a fixed strategy; your shares rise and fall with it. Withdrawals
        are requested at any time and converted at the end of the vault’s epoch, then you claim them. “This
        epoch” is the vault’s profit or loss since its current epoch began, with the change of its share
        value; on your shares, what that change is worth.
      </Text>
      <Paper withBorder p="md">
        <div ref={vaultsBox} data-layout={narrowVaults ? 'narrow' : 'wide'} style={MEASURED}>
          <Table aria-label="Vaults" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vault</Table.Th>
                <Table.Th ta="right">Share value</Table.Th>
                {narrowVaults ? null : <Table.Th ta="right">TVL</Table.Th>}
                <Table.Th ta="right">This epoch</Table.Th>
                {narrowVaults ? null : <Table.Th ta="right">PnL since start</Table.Th>}
                <Table.Th>Epoch ends in</Table.Th>
                {narrowVaults ? null : <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {vaults.data.vaults.map((v) => (
                <Table.Tr key={v.vaultId}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {v.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={FIGURE}>
                      trades {symbol(v.marketId)}
                    </Text>
                    {narrowVaults ? deposit(v) : null}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {/* a share value is in the quote token, per share: said, not left to guess */}
                    {formatFigure(v.navPerShare, v.navDecimals, { digits: 4, unit: quoteSymbol })} per share
                    {narrowVaults ? (
                      <Text size="xs" c="dimmed" style={FIGURE}>
                        TVL {format(v.equity, quoteTokenId)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  {narrowVaults ? null : (
                    <Table.Td ta="right" style={FIGURE}>
                      {format(v.equity, quoteTokenId)}
                    </Table.Td>
                  )}
                  <Table.Td ta="right">
                    {v.thisEpoch ? (
                      <>
                        <Text size="sm" c={toned(v.thisEpoch.pnl)} style={FIGURE}>
                          {format(v.thisEpoch.pnl, quoteTokenId, { signed: true })}
                          {v.thisEpoch.changePpm === null
                            ? ''
                            : ` (${formatPpmChange(v.thisEpoch.changePpm)})`}
                        </Text>
                        <Text size="xs" c="dimmed" style={FIGURE}>
                          {v.thisEpoch.sinceVaultStart
                            ? 'since the vault began'
                            : `since ${at(v.thisEpoch.since)}`}
                        </Text>
                      </>
                    ) : (
                      <Text size="sm" c="dimmed">
                        not shown by the exchange
                      </Text>
                    )}
                    {narrowVaults ? (
                      <Text size="xs" c={toned(v.pnl) ?? 'dimmed'} style={FIGURE}>
                        {format(v.pnl, quoteTokenId, { signed: true })} since start
                      </Text>
                    ) : null}
                  </Table.Td>
                  {narrowVaults ? null : (
                    <Table.Td ta="right" c={toned(v.pnl)} style={FIGURE}>
                      {format(v.pnl, quoteTokenId, { signed: true })}
                    </Table.Td>
                  )}
                  <Table.Td aria-label={`Epoch ${v.epoch} ends`}>
                    <Text size="sm">{countdown(v.epochEnd - now)}</Text>
                    <Text size="xs" c="dimmed">
                      epoch {v.epoch}, every{' '}
                      {v.epochSeconds % 3600 === 0
                        ? `${v.epochSeconds / 3600} h`
                        : `${v.epochSeconds}\u00a0s`}
                    </Text>
                  </Table.Td>
                  {narrowVaults ? null : <Table.Td>{deposit(v)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>My vault shares</Title>
          {holdings.length === 0 ? (
            <Text c="dimmed" size="sm">
              None of your accounts holds vault shares yet.
            </Text>
          ) : (
            <div ref={sharesBox} data-layout={narrowShares ? 'narrow' : 'wide'} style={MEASURED}>
              <Table aria-label="My vault shares">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{narrowShares ? 'Holding' : 'Account'}</Table.Th>
                    {narrowShares ? null : <Table.Th>Vault</Table.Th>}
                    <Table.Th ta="right">Shares</Table.Th>
                    {narrowShares ? null : <Table.Th ta="right">Share of vault</Table.Th>}
                    <Table.Th ta="right">Value</Table.Th>
                    {narrowShares ? null : <Table.Th ta="right">This epoch</Table.Th>}
                    <Table.Th>Withdrawal</Table.Th>
                    {narrowShares ? null : <Table.Th />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {holdings.map((h) => {
                    const v = byId.get(h.vaultId);
                    const vaultName = v?.name ?? `vault ${h.vaultId}`;
                    const epochChange =
                      h.epochChange === null ? '—' : format(h.epochChange, quoteTokenId, { signed: true });
                    const epochColor = h.epochChange === null ? 'dimmed' : toned(h.epochChange);
                    const buttons = (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          disabled={!v || h.shares - h.currentWithdrawal <= 0n}
                          onClick={() => v && setDialog({ kind: 'withdraw', vault: v, holding: h })}
                        >
                          Request withdrawal
                        </Button>
                        <Button
                          size="xs"
                          color="teal"
                          disabled={h.claimable === 0n}
                          title={
                            h.claimable === 0n && h.claimableAt
                              ? `Claimable at ${at(h.claimableAt)}`
                              : undefined
                          }
                          loading={dialog === null && action.busy}
                          onClick={() => void startClaim(h)}
                        >
                          Claim
                        </Button>
                      </Group>
                    );
                    return (
                      <Table.Tr key={`${h.accountId}:${h.vaultId}`}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {h.walletLabel} #{h.accountId}
                          {narrowShares ? (
                            <Text size="xs" c="dimmed">
                              {vaultName}
                            </Text>
                          ) : null}
                        </Table.Td>
                        {narrowShares ? null : <Table.Td>{vaultName}</Table.Td>}
                        <Table.Td ta="right" style={FIGURE}>
                          {shares(h.shares)}
                          {narrowShares ? (
                            <Text size="xs" c="dimmed" style={FIGURE}>
                              {formatPpm(h.ownerSharePpm)} of the vault
                            </Text>
                          ) : null}
                        </Table.Td>
                        {narrowShares ? null : (
                          <Table.Td ta="right" style={FIGURE}>
                            {formatPpm(h.ownerSharePpm)}
                          </Table.Td>
                        )}
                        <Table.Td ta="right" style={FIGURE}>
                          {format(h.value, quoteTokenId)}
                          {narrowShares ? (
                            <Text size="xs" c={epochColor} style={FIGURE}>
                              {epochChange} this epoch
                            </Text>
                          ) : null}
                        </Table.Td>
                        {narrowShares ? null : (
                          <Table.Td ta="right" c={epochColor} style={FIGURE}>
                            {epochChange}
                          </Table.Td>
                        )}
                        <Table.Td>
                          <Stack gap={2}>
                            {h.currentWithdrawal > 0n ? (
                              <Text size="sm">
                                {shares(h.currentWithdrawal)} shares requested; claimable{' '}
                                {h.claimableAt
                                  ? `at ${at(h.claimableAt)} (in ${countdown(h.claimableAt - now)})`
                                  : 'after this epoch'}
                              </Text>
                            ) : null}
                            {h.claimable > 0n ? (
                              <Badge color="teal" variant="light">
                                {format(h.claimable, quoteTokenId)} claimable now
                              </Badge>
                            ) : null}
                            {h.currentWithdrawal === 0n && h.claimable === 0n ? (
                              <Text size="sm" c="dimmed">
                                none
                              </Text>
                            ) : null}
                            {narrowShares ? buttons : null}
                          </Stack>
                        </Table.Td>
                        {narrowShares ? null : <Table.Td>{buttons}</Table.Td>}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </div>
          )}
          {dialog === null ? <ErrorNote error={action.error} title="Not claimed" /> : null}
        </Stack>
      </Paper>
      {action.outcome}

      {dialog?.kind === 'deposit' ? (
        <DepositDialog vault={dialog.vault} action={action} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'withdraw' ? (
        <WithdrawDialog
          vault={dialog.vault}
          holding={dialog.holding}
          action={action}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {action.review}
    </Stack>
  );
}

function DepositDialog({
  vault,
  action,
  onClose,
}: {
  vault: Vault;
  /** the page's: the review opens there once this dialog has closed */
  action: PreparedAction;
  onClose: () => void;
}) {
  const portfolio = usePortfolio();
  const { quoteTokenId, tokens } = useTokens();
  const choices = (portfolio.data?.wallets ?? []).flatMap((w) =>
    w.accounts.map((a) => {
      return {
        walletId: w.wallet.walletId,
        accountId: a.accountId,
        max: freeToMove(a, quoteTokenId, quoteTokenId).max,
      };
    }),
  );
  const [choice, setChoice] = useState<string | null>(null);
  const [text, setText] = useState('');
  const { busy, error } = action;
  const from = choices.find((c) => String(c.accountId) === (choice ?? String(choices[0]?.accountId)));
  const decimals = tokens.get(quoteTokenId)?.decimals;
  const amount = readAmount(text, decimals);
  const over = from !== undefined && amount.value !== null && amount.value > from.max;
  const ready = from !== undefined && amount.value !== null && !over;
  const review = () => {
    if (!ready) return;
    void action.prepare(
      {
        kind: 'vaultDeposit',
        walletId: from.walletId,
        accountId: from.accountId,
        vaultId: vault.vaultId,
        amount: amount.value!,
      },
      onClose,
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Deposit into ${vault.name}`}>
      <Stack component="form" onSubmit={onFormSubmit(review)}>
        <AccountPicker
          label="From account"
          value={from ? String(from.accountId) : null}
          onChange={setChoice}
        />
        <TextInput
          label={`Amount (${tokens.get(quoteTokenId)?.symbol ?? ''})`}
          description={
            from
              ? `At most ${amountText(from.max, decimals ?? 6)} ${tokens.get(quoteTokenId)?.symbol ?? ''} (what the account’s margin leaves free)`
              : undefined
          }
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={amount.error ?? (over ? 'More than the account can put in.' : null)}
          inputMode="decimal"
          data-autofocus
          rightSection={
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => from && decimals !== undefined && setText(amountText(from.max, decimals))}
            >
              Max
            </Button>
          }
          rightSectionWidth={56}
        />
        <ErrorNote error={error} title="Not prepared" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!ready}>
            Review deposit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function WithdrawDialog({
  vault,
  holding,
  action,
  onClose,
}: {
  vault: Vault;
  holding: Holding;
  action: PreparedAction;
  onClose: () => void;
}) {
  const { format, quoteTokenId, tokens } = useTokens();
  const [by, setBy] = useState<'QUOTE_NOTIONAL' | 'SHARES'>('QUOTE_NOTIONAL');
  const [text, setText] = useState('');
  const { busy, error } = action;
  const decimals = tokens.get(quoteTokenId)?.decimals;
  const freeShares = holding.shares - holding.currentWithdrawal;
  const freeValue = holding.shares > 0n ? (holding.value * freeShares) / holding.shares : 0n;
  const max = by === 'SHARES' ? freeShares : freeValue;
  // shares count in the quote token's units, so the same parser reads both
  const amount = readAmount(text, decimals);
  const over = amount.value !== null && amount.value > max;
  const ready = amount.value !== null && !over;
  const review = () => {
    if (!ready) return;
    void action.prepare(
      {
        kind: 'vaultWithdraw',
        walletId: holding.walletId,
        accountId: holding.accountId,
        vaultId: vault.vaultId,
        by,
        amount: amount.value!,
      },
      onClose,
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Withdraw from ${vault.name}`}>
      <Stack component="form" onSubmit={onFormSubmit(review)}>
        <Text size="sm">
          Account #{holding.accountId} holds {formatShares(freeShares, decimals ?? 6)} shares not already
          being withdrawn, worth about {format(freeValue, quoteTokenId)}.
        </Text>
        <Radio.Group label="Withdraw" value={by} onChange={(v) => setBy(v as 'QUOTE_NOTIONAL' | 'SHARES')}>
          <Group mt="xs">
            <Radio value="QUOTE_NOTIONAL" label={`An amount of ${tokens.get(quoteTokenId)?.symbol ?? ''}`} />
            <Radio value="SHARES" label="A number of shares" />
          </Group>
        </Radio.Group>
        <TextInput
          label={by === 'SHARES' ? 'Shares' : `Amount (${tokens.get(quoteTokenId)?.symbol ?? ''})`}
          // the very text Max fills in
          description={`At most ${amountText(max, decimals ?? 6)}`}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={
            amount.error ??
            (over
              ? by === 'SHARES'
                ? 'More shares than you hold.'
                : 'More than your shares are worth.'
              : null)
          }
          inputMode="decimal"
          data-autofocus
          rightSection={
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => decimals !== undefined && setText(amountText(max, decimals))}
            >
              Max
            </Button>
          }
          rightSectionWidth={56}
        />
        <Text size="xs" c="dimmed">
          The request converts at the end of the current epoch, at that moment’s share value; then it can be
          claimed.
        </Text>
        <ErrorNote error={error} title="Not prepared" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!ready}>
            Review request
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
