// Open positions with what matters for risk first: the liquidation price and how far away it is, the
// unrealized PnL, the mark; then entry and funding. In a narrow window (1024 px) every second figure folds
// under the first of its column: the side, size and account under the market, the distance under the
// liquidation price, funding under the PnL and entry under the mark, so nothing is cut off or scrolled. Each position
// can be closed from its row: a reduce-only order that fills at once, reviewed like every action.
import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PositionViewSchema } from '../../../../shared/ipc/portfolio';
import { accountKeys } from '../accounts';
import { useMarketFormat, useTokens } from '../markets';
import { MEASURED, NARROW_PX, useWidth } from '../../hooks/useWidth';
import { useSteadyColumns } from '../../hooks/useSteadyColumns';
import { DistanceBadge } from './RiskBadges';
import { accountHref } from '../../routes';
import { unwrap, wallet } from '../../bridge/wallet';
import { usePreparedAction } from '../actions';
import { ErrorNote } from '../../components/ErrorNote';
import type { Portfolio } from '../../../../shared/portfolio-merge';

type Position = z.output<typeof PositionViewSchema>;
export interface PositionRow extends Position {
  accountId: number;
  /** how the page names the account (its wallet, local name and number); "#4" without one */
  accountTitle?: string;
}

/** figures: right-aligned, tabular, never wrapped */
const FIGURE = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** A figure with a second, smaller one under it (the folded column), both named for screen readers. */
function Folded({ main, under, underLabel }: { main: React.ReactNode; under: string; underLabel: string }) {
  return (
    <>
      {main}
      <Text size="xs" c="dimmed" style={FIGURE}>
        {underLabel} {under}
      </Text>
    </>
  );
}

export function PositionsTable({
  rows,
  withAccount,
}: {
  rows: readonly PositionRow[];
  withAccount: boolean;
}) {
  const markets = useMarketFormat();
  const { format, quoteTokenId, quoteSymbol } = useTokens();
  const { ref: box, width } = useWidth();
  // the eight columns need about 1,050 px and with the account column nine about 1,150: more than a 1280 px
  // window leaves
  const narrow = width > 0 && width < (withAccount ? NARROW_PX + 250 : NARROW_PX + 150);
  const steady = useSteadyColumns();
  const client = useQueryClient();
  const closing = usePreparedAction({
    onDone: () => void client.invalidateQueries({ queryKey: accountKeys.portfolio }),
  });
  // the wallet owning the account, read when Close is pressed (the table does not follow the portfolio)
  const close = (accountId: number, marketId: number) =>
    closing.prepare(async () => {
      const portfolio =
        client.getQueryData<Portfolio>(accountKeys.portfolio) ?? (await unwrap(wallet.portfolio.get()));
      const owner = portfolio.wallets.find((w) => w.accounts.some((a) => a.accountId === accountId));
      return { kind: 'closePosition', walletId: owner?.wallet.walletId ?? '', accountId, marketId };
    });
  // one function for every row and render, calling the latest `close`: the rows are memoised on it
  const latestClose = useRef(close);
  useLayoutEffect(() => {
    latestClose.current = close;
  });
  const onClose = useCallback(
    (accountId: number, marketId: number) => void latestClose.current(accountId, marketId),
    [],
  );
  const outcome = (
    <>
      <ErrorNote error={closing.error} title="Closing the position" />
      {closing.outcome}
      {closing.review}
    </>
  );
  if (rows.length === 0)
    return (
      <Stack gap="xs">
        {outcome}
        <Text c="dimmed">No open positions.</Text>
      </Stack>
    );
  const unit = quoteSymbol ? ` (${quoteSymbol})` : '';
  return (
    <div ref={box} data-layout={narrow ? 'narrow' : 'wide'} style={MEASURED}>
      {outcome}
      <Table ref={steady} aria-label="Positions" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {withAccount && !narrow ? <Table.Th>Account</Table.Th> : null}
            <Table.Th>{narrow ? 'Position' : 'Market'}</Table.Th>
            {narrow ? null : <Table.Th ta="right">Size</Table.Th>}
            <Table.Th ta="right">Liquidation price{unit}</Table.Th>
            {narrow ? null : <Table.Th>To liquidation</Table.Th>}
            <Table.Th ta="right">Unrealized PnL</Table.Th>
            {narrow ? null : <Table.Th ta="right">Funding</Table.Th>}
            <Table.Th ta="right">Mark{unit}</Table.Th>
            {narrow ? null : <Table.Th ta="right">Entry{unit}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <PositionLine
              key={`${p.accountId}:${p.marketId}`}
              p={p}
              narrow={narrow}
              withAccount={withAccount}
              busy={closing.busy}
              onClose={onClose}
              markets={markets}
              format={format}
              quoteTokenId={quoteTokenId}
            />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** One position's line: drawn again only when its own figures changed, not with another position's. */
const PositionLine = memo(function PositionLine({
  p,
  narrow,
  withAccount,
  busy,
  onClose,
  markets,
  format,
  quoteTokenId,
}: {
  p: PositionRow;
  narrow: boolean;
  withAccount: boolean;
  busy: boolean;
  onClose: (accountId: number, marketId: number) => void;
  markets: ReturnType<typeof useMarketFormat>;
  format: ReturnType<typeof useTokens>['format'];
  quoteTokenId: number;
}) {
  const side = (
    <Text size="sm" c={p.size > 0n ? 'teal' : 'red'} style={{ whiteSpace: 'nowrap' }}>
      {p.size > 0n ? 'Long' : 'Short'} {markets.size(p.marketId, p.size > 0n ? p.size : -p.size)}
    </Text>
  );
  const pnl = (
    <Text size="sm" c={p.unrealizedPnl < 0n ? 'red' : 'teal'} style={FIGURE}>
      {format(p.unrealizedPnl, quoteTokenId, { signed: true })}
    </Text>
  );
  const funding = format(p.fundingPnl, quoteTokenId, { signed: true });
  const entry = markets.price(p.marketId, p.entryPrice);
  const account = withAccount ? (
    <Anchor href={accountHref(p.accountId)} size={narrow ? 'xs' : 'sm'}>
      {p.accountTitle ?? `#${p.accountId}`}
    </Anchor>
  ) : null;
  const distance = (
    <DistanceBadge long={p.size > 0n} distanceBps={p.liquidationDistanceBps} level={p.liquidationLevel} />
  );
  const liquidation = p.liquidationPrice === null ? '—' : markets.price(p.marketId, p.liquidationPrice);
  return (
    <Table.Tr key={`${p.accountId}:${p.marketId}`}>
      {account && !narrow ? <Table.Td style={{ whiteSpace: 'nowrap' }}>{account}</Table.Td> : null}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm">
            {markets.symbol(p.marketId)}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={`Close the ${markets.symbol(p.marketId)} position of account ${p.accountId}`}
            disabled={busy}
            onClick={() => onClose(p.accountId, p.marketId)}
          >
            Close
          </Button>
        </Group>
        {narrow ? side : null}
        {narrow && account ? <div>{account}</div> : null}
      </Table.Td>
      {narrow ? null : <Table.Td style={FIGURE}>{side}</Table.Td>}
      <Table.Td style={FIGURE} data-figure>
        {narrow ? (
          <>
            {liquidation}
            <div>{distance}</div>
          </>
        ) : (
          liquidation
        )}
      </Table.Td>
      {narrow ? null : <Table.Td style={{ whiteSpace: 'nowrap' }}>{distance}</Table.Td>}
      <Table.Td style={FIGURE} data-figure>
        {narrow ? <Folded main={pnl} under={funding} underLabel="funding" /> : pnl}
      </Table.Td>
      {narrow ? null : (
        <Table.Td style={FIGURE} data-figure>
          {funding}
        </Table.Td>
      )}
      <Table.Td style={FIGURE} data-figure>
        {narrow ? (
          <Folded main={markets.price(p.marketId, p.markPrice)} under={entry} underLabel="entry" />
        ) : (
          markets.price(p.marketId, p.markPrice)
        )}
      </Table.Td>
      {narrow ? null : (
        <Table.Td style={FIGURE} data-figure>
          {entry}
        </Table.Td>
      )}
    </Table.Tr>
  );
});
