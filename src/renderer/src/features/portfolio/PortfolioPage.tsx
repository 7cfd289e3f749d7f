// The home screen: what the person has (equity on the exchange including vault shares, and what their
// wallets hold on chain), the ways to move it, every account's risk, the markets, and everything that
// happened, newest first.
import { CompromisedBadge } from '../accounts';
import { memo, useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { usePortfolioProgress } from './usePortfolioProgress';
import { ChainBalances, chainBalancesQuery, useChainUpdates } from '../chain';
import { formatBps, formatFigure, formatSol } from '../../../../shared/figures';
import { formatDateTimeToMinute, fromSeconds } from '../../../../shared/time';
import { useAccountNames, usePortfolio } from '../accounts';
import { useMarketFormat, useMarkets, useTokens } from '../markets';
import { useVaults } from '../vaults';
import { MEASURED, NARROW_PX, useWidth } from '../../hooks/useWidth';
import { totalEquity } from './home-totals';
import { useSteadyColumns } from '../../hooks/useSteadyColumns';
import { useAfterPaint } from '../../hooks/useAfterPaint';
import { ErrorNote } from '../../components/ErrorNote';
import { HealthBadge } from './RiskBadges';
import { PositionsTable } from './PositionsTable';
import { EquityChart } from './EquityChart';
import { ActivityFeed } from '../history';
import { accountHref, transfersHref } from '../../routes';
import { PageHeading } from '../../components/PageHeading';
import { NewcomersNotice } from './NewcomersNotice';
import { homeRows, type AccountRow, type HomeRows } from './home-rows';

/** figures: right-aligned, tabular, never wrapped */
const FIGURE = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** the funding rate's scale (main's FUNDING_RATE_DECIMALS) less the two places a percentage takes */
const FUNDING_PERCENT_DECIMALS = 8;

/**
 * A headline figure that never wraps or overflows its card: longer totals take a smaller size, chosen by
 * length so that nothing needs measuring.
 */
function Headline({ label, value, color }: { label: string; value: string; color?: string }) {
  const size = value.length <= 15 ? '1.375rem' : value.length <= 20 ? '1.125rem' : '0.9rem';
  return (
    <Text
      fw={700}
      fz={size}
      c={color}
      aria-label={label}
      data-figure
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', overflow: 'hidden' }}
    >
      {value}
    </Text>
  );
}

/** A titled part of the page, a landmark named by its title. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" miw={0}>
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

export const MarketsTable = memo(function MarketsTable() {
  const markets = useMarkets();
  const stats = useQuery({
    queryKey: ['marketStats'],
    queryFn: () => unwrap(wallet.portfolio.marketStats()),
    refetchInterval: 10_000,
  });
  const format = useMarketFormat();
  const { quoteSymbol } = useTokens();
  const { ref: box, width } = useWidth();
  const narrow = width < NARROW_PX;
  const steady = useSteadyColumns();
  if (markets.isPending) return <Loader aria-label="Loading markets" />;
  if (markets.isError) {
    return (
      <Alert color="red" title="Markets could not be loaded">
        {markets.error.message}
      </Alert>
    );
  }
  const byId = new Map((stats.data ?? []).map((s) => [s.marketId, s]));
  const unit = quoteSymbol ? ` (${quoteSymbol})` : '';
  // drawn once its box is measured (before the first paint), in the layout for that width
  if (width === 0) return <div ref={box} style={MEASURED} />;
  return (
    <div ref={box} data-layout={narrow ? 'narrow' : 'wide'} style={MEASURED}>
      <ErrorNote error={stats.error} title="Prices could not be loaded" />
      <Table ref={steady} striped highlightOnHover aria-label="Markets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Market</Table.Th>
            <Table.Th ta="right">Mark price{unit}</Table.Th>
            <Table.Th ta="right">24h change</Table.Th>
            <Table.Th ta="right">Funding rate</Table.Th>
            {narrow ? null : <Table.Th>Next funding</Table.Th>}
            {narrow ? null : <Table.Th ta="right">Initial / maintenance margin</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {markets.data.markets.map((m) => {
            const s = byId.get(m.marketId);
            const change = s?.change ?? null;
            return (
              <Table.Tr key={m.marketId}>
                <Table.Td>
                  <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {m.symbol}
                  </Text>
                </Table.Td>
                <Table.Td style={FIGURE} data-figure>
                  {s?.markPrice == null ? '—' : format.price(m.marketId, s.markPrice)}
                </Table.Td>
                <Table.Td style={FIGURE} data-figure>
                  {change === null ? (
                    <Text size="sm" c="dimmed" span>
                      —
                    </Text>
                  ) : (
                    <Text
                      size="sm"
                      span
                      c={change.bps < 0n ? 'red' : change.bps > 0n ? 'teal' : undefined}
                      title={
                        change.hours < 24
                          ? `The exchange has ${change.hours} hours of prices so far: the change over those`
                          : undefined
                      }
                    >
                      {formatBps(change.bps, { signed: true })}
                      {change.hours < 24 ? ` (${change.hours} h)` : ''}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={FIGURE} data-figure>
                  {s?.fundingRate == null
                    ? '—'
                    : formatFigure(s.fundingRate, FUNDING_PERCENT_DECIMALS, {
                        digits: 4,
                        unit: '%',
                        signed: true,
                      })}
                </Table.Td>
                {narrow ? null : (
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {s?.nextFundingTime == null
                      ? '—'
                      : formatDateTimeToMinute(fromSeconds(s.nextFundingTime))}
                  </Table.Td>
                )}
                {narrow ? null : (
                  <Table.Td style={FIGURE}>
                    <Badge variant="light">{formatBps(m.imfBps)}</Badge> /{' '}
                    <Badge variant="light" color="orange">
                      {formatBps(m.mmfBps)}
                    </Badge>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
});

type Portfolio = NonNullable<ReturnType<typeof usePortfolio>['data']>;

/**
 * A row and a cell of the striped accounts table as Mantine's Table.Tr and Table.Td draw them (their
 * classes and data attributes), without a component each: the table draws every account at unlock, and
 * those seven Boxes a row were a tenth of drawing the portfolio at 160 accounts.
 */
const LINE = {
  className: `${Table.classes.tr} mantine-Table-tr`,
  'data-striped': 'odd',
  'data-with-row-border': true,
} as const;
const CELL = `${Table.classes.td} mantine-Table-td`;

/** One account's line: drawn again only when its own figures or name changed, not with another account's. */
const AccountLine = memo(function AccountLine({
  a,
  narrow,
  format,
  quoteTokenId,
}: {
  a: AccountRow;
  narrow: boolean;
  format: ReturnType<typeof useTokens>['format'];
  quoteTokenId: number;
}) {
  return (
    <tr {...LINE}>
      <td className={CELL} style={{ whiteSpace: 'nowrap' }}>
        <Anchor href={accountHref(a.accountId)} aria-label={`Open account ${a.title}`} size="sm">
          {a.title}
        </Anchor>
      </td>
      <td className={CELL} style={{ whiteSpace: 'nowrap' }}>
        <HealthBadge healthBps={a.healthBps} level={a.healthLevel} />
      </td>
      <td className={CELL} style={FIGURE} data-figure>
        {format(a.equity, quoteTokenId)}
      </td>
      <td className={CELL} style={FIGURE} data-figure>
        {format(a.freeCollateral, quoteTokenId)}
      </td>
      <td className={CELL} style={FIGURE} data-figure>
        {a.positions.length}
      </td>
      {narrow ? null : (
        <td className={CELL} style={FIGURE} data-figure>
          {a.balances.map((b) => (
            <div key={b.tokenId}>{format(b.amount, b.tokenId)}</div>
          ))}
          {a.balances.length === 0 ? '—' : null}
        </td>
      )}
    </tr>
  );
});

/** Every account's risk first (health, equity, free collateral); balances only where there is room. */
const AccountsTable = memo(function AccountsTable({ accounts }: { accounts: readonly AccountRow[] }) {
  const { format, quoteTokenId } = useTokens();
  const { ref: box, width } = useWidth();
  const narrow = width < NARROW_PX;
  const steady = useSteadyColumns();
  // drawn once its box is measured (before the first paint), in the layout for that width
  if (width === 0) return <div ref={box} style={MEASURED} />;
  return (
    <div ref={box} data-layout={narrow ? 'narrow' : 'wide'} style={MEASURED}>
      <Table ref={steady} aria-label="Accounts" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Account</Table.Th>
            <Table.Th>Margin health</Table.Th>
            <Table.Th ta="right">Equity</Table.Th>
            <Table.Th ta="right">Free collateral</Table.Th>
            <Table.Th ta="right">Positions</Table.Th>
            {narrow ? null : <Table.Th ta="right">Balances</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((a) => (
            <AccountLine
              key={a.accountId}
              a={a}
              narrow={narrow}
              format={format}
              quoteTokenId={quoteTokenId}
            />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
});

/** What the person's wallets hold on chain, summed per token (SOL for fees apart). */
function useChainTotals(walletIds: string[]) {
  // read again at once when main hears of a change through the RPC's PubSub; the timer is then a backstop
  const live = useChainUpdates().data?.mode === 'live';
  return useQueries({
    queries: walletIds.map((id) => chainBalancesQuery(id, live)),
    combine: (results) => {
      const tokens = new Map<number, bigint>();
      let sol = 0n;
      for (const r of results) {
        if (!r.data) continue;
        sol += r.data.sol;
        for (const t of r.data.tokens) tokens.set(t.tokenId, (tokens.get(t.tokenId) ?? 0n) + t.amount);
      }
      return { ready: results.length > 0 && results.every((r) => r.isSuccess), tokens, sol };
    },
  });
}

const Positions = memo(PositionsTable);
const Feed = memo(ActivityFeed);
const Chart = memo(EquityChart);

const WalletsOnChain = memo(function WalletsOnChain({ wallets }: { wallets: HomeRows['wallets'] }) {
  return (
    <Section title="Wallets on chain">
      {wallets.map((w) => (
        <Group key={w.walletId} gap="sm" wrap="nowrap">
          <Text size="sm" fw={500} miw={120}>
            {w.label}
          </Text>
          <CompromisedBadge walletId={w.walletId} />
          <ChainBalances walletId={w.walletId} label={w.label} />
        </Group>
      ))}
    </Section>
  );
});

/**
 * The page's rows of the portfolio, worked out again only when the portfolio or the names changed, each
 * kept from the last time where it came out the same (home-rows.ts).
 */
function useHomeRows(wallets: Portfolio['wallets']): HomeRows {
  const names = useAccountNames();
  const [drawn, setDrawn] = useState<{
    wallets: Portfolio['wallets'];
    names: typeof names;
    rows: HomeRows;
  } | null>(null);
  if (drawn?.wallets === wallets && drawn.names === names) return drawn.rows;
  const rows = homeRows(
    wallets,
    (walletLabel, id) => (names.nameOf(id) ? `${walletLabel} · ${names.label(id)}` : `${walletLabel} #${id}`),
    drawn?.rows ?? null,
  );
  // kept for the next portfolio (React's way of remembering what a render worked out from its props)
  setDrawn({ wallets, names, rows });
  return rows;
}

function MoveButtons() {
  return (
    <Group gap="xs">
      <Button component="a" href={transfersHref('deposit')} size="sm">
        Deposit
      </Button>
      <Button component="a" href={transfersHref('withdraw')} size="sm" variant="default">
        Withdraw
      </Button>
      <Button component="a" href={transfersHref('transfer')} size="sm" variant="default">
        Transfer
      </Button>
    </Group>
  );
}

function Holdings({ portfolio }: { portfolio: Portfolio }) {
  const { format, quoteTokenId } = useTokens();
  const vaults = useVaults();
  const { wallets, equity } = portfolio;
  const { accounts, positions, accountIds, titles, wallets: walletList } = useHomeRows(wallets);
  const walletIds = useMemo(() => walletList.map((w) => w.walletId), [walletList]);
  const chain = useChainTotals(walletIds);
  const accountLabel = useCallback((id: number) => titles.get(id) ?? `#${id}`, [titles]);
  // the accounts first; positions, activity, wallets and the chart once those are on screen
  const rest = useAfterPaint();
  const unrealized = positions.reduce((sum, p) => sum + p.unrealizedPnl, 0n);
  // vault shares are the person's money too, valued at the vault's current share value
  const total = totalEquity(equity, vaults.data?.holdings, vaults.isError);
  const newcomers = wallets.filter((w) => w.accounts.length === 0);
  const onChainQuote = chain.tokens.get(quoteTokenId) ?? 0n;
  const otherOnChain = [...chain.tokens].filter(([id, v]) => id !== quoteTokenId && v > 0n);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card title="Total equity">
          {total.state === 'read' ? (
            <Headline label="Total equity" value={format(total.total, quoteTokenId)} />
          ) : (
            <Text fw={500} role="status" aria-label="Total equity" aria-busy={total.state === 'reading'}>
              {total.state === 'reading' ? 'Reading vault shares…' : 'Vault shares could not be read'}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            <span style={{ whiteSpace: 'nowrap' }}>accounts {format(equity, quoteTokenId)}</span> ·{' '}
            <span style={{ whiteSpace: 'nowrap' }}>
              vaults {total.state === 'read' ? format(total.vaults, quoteTokenId) : '…'}
            </span>
          </Text>
        </Card>
        <Card title="In your wallets on chain">
          {wallets.length === 0 ? (
            <Headline label="On chain" value="—" />
          ) : !chain.ready ? (
            <Loader size="sm" aria-label="Loading on-chain balances" />
          ) : (
            <>
              <Headline label="On chain" value={format(onChainQuote, quoteTokenId)} />
              <Text size="xs" c="dimmed">
                {[...otherOnChain.map(([id, v]) => format(v, id)), formatSol(chain.sol)].map((t, i) => (
                  <span key={t} style={{ whiteSpace: 'nowrap' }}>
                    {i > 0 ? ' · ' : ''}
                    {t}
                  </span>
                ))}
              </Text>
            </>
          )}
        </Card>
        <Card title="Unrealized PnL">
          <Headline
            label="Unrealized PnL"
            value={format(unrealized, quoteTokenId, { signed: true })}
            {...(unrealized < 0n ? { color: 'red' } : {})}
          />
          <Text size="xs" c="dimmed">
            {accounts.length} {accounts.length === 1 ? 'account' : 'accounts'} · {positions.length} open{' '}
            {positions.length === 1 ? 'position' : 'positions'}
          </Text>
        </Card>
      </SimpleGrid>
      {wallets.length === 0 ? (
        <Text c="dimmed">
          No wallet yet. <Anchor href="#/accounts">Add a wallet</Anchor>: create a new one or import one you
          already have.
        </Text>
      ) : null}
      <NewcomersNotice wallets={newcomers.map((w) => w.wallet)} />
      {accounts.length > 0 ? <AccountsTable accounts={accounts} /> : null}
      {rest && accounts.length > 0 ? (
        <Section title="Open positions">
          <Positions rows={positions} withAccount />
        </Section>
      ) : null}
      {rest && accounts.length > 0 ? (
        <Section title="All activity">
          <Feed
            accountIds={accountIds}
            accountLabel={accountLabel}
            fileName="perpetua-all-accounts-all-kinds"
            height={320}
          />
        </Section>
      ) : null}
      {rest && wallets.length > 0 ? <WalletsOnChain wallets={walletList} /> : null}
      {rest ? <Chart title="Equity and realized PnL, all accounts" /> : null}
    </Stack>
  );
}

export function PortfolioPage() {
  const portfolio = usePortfolio();
  const progress = usePortfolioProgress(portfolio.isPending);
  // the markets, below the accounts, once the page's first frame is painted
  const painted = useAfterPaint();
  return (
    <Stack>
      <Group justify="space-between" align="center">
        <PageHeading>Portfolio</PageHeading>
        <MoveButtons />
      </Group>
      {portfolio.isPending ? (
        <Group gap="sm">
          <Loader aria-label="Loading portfolio" />
          {progress ? (
            <Text role="status">
              Reading accounts {progress.read} of {progress.total}
            </Text>
          ) : null}
        </Group>
      ) : null}
      {portfolio.isError ? (
        <ErrorNote error={portfolio.error} title="The portfolio could not be loaded" />
      ) : null}
      {portfolio.data ? <Holdings portfolio={portfolio.data} /> : null}
      {painted ? (
        <Section title="Markets">
          <MarketsTable />
        </Section>
      ) : null}
    </Stack>
  );
}
