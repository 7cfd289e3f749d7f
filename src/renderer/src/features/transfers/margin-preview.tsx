// What taking quote token out of an account does to its margin, shown while the person types: the health
// and each position's liquidation price after, next to what they are now, and a warning as soon as the
// amount leaves the account close to liquidation. Main computes the same figures again for the review.
import { Alert, Group, Paper, Text } from '@mantine/core';
import { useMarketFormat, useTokens } from '../markets';
import { healthAfterBps, liquidationPrice } from '../../../../shared/liquidation-price';
import { formatBps } from '../../../../shared/figures';
import { closeToLiquidation } from '../../../../shared/risk-levels';
import type { ResultOf } from '../../../../shared/ipc/contract';

type AccountView = ResultOf<'portfolio.get'>['wallets'][number]['accounts'][number];

export function MarginPreview({
  account,
  tokenId,
  amount,
  verb,
}: {
  account: AccountView | undefined;
  tokenId: number;
  amount: bigint | null;
  verb: 'withdrawal' | 'transfer';
}) {
  const { tokens, quoteTokenId } = useTokens();
  const { markets, symbol, price } = useMarketFormat();
  const quote = tokens.get(quoteTokenId);
  if (!account || !quote || amount === null || tokenId !== quoteTokenId) return null;
  if (account.maintenanceRequirement <= 0n) return null;
  const health = healthAfterBps(account.equity, account.maintenanceRequirement, amount);
  const positions = account.positions.flatMap((p) => {
    const market = markets.find((m) => m.marketId === p.marketId);
    if (!market) return [];
    const after = liquidationPrice({
      size: p.size,
      markPrice: p.markPrice,
      equity: account.equity - amount,
      maintenance: account.maintenanceRequirement,
      market,
      quoteDecimals: quote.decimals,
    });
    return [{ marketId: p.marketId, before: p.liquidationPrice, after }];
  });
  const close = health !== null && closeToLiquidation(health);
  return (
    <>
      <Paper withBorder p="sm" component="section" aria-label={`After this ${verb}`}>
        <Group gap="xl">
          <Text size="sm">
            Margin health after: <strong>{health === null ? '—' : formatBps(health)}</strong>
            {account.healthBps !== null ? ` (now ${formatBps(account.healthBps)})` : ''}
          </Text>
          {positions.map((p) => (
            <Text size="sm" key={p.marketId}>
              {symbol(p.marketId)} liquidation price after:{' '}
              <strong>{p.after === null ? 'none' : price(p.marketId, p.after, { unit: true })}</strong>
              {p.before !== null ? ` (now ${price(p.marketId, p.before, { unit: true })})` : ''}
            </Text>
          ))}
        </Group>
      </Paper>
      {close ? (
        <Alert color="orange" title="Close to liquidation">
          This {verb} leaves account {account.accountId} at {formatBps(health)} margin health: a small price
          move would liquidate its positions.
        </Alert>
      ) : null}
    </>
  );
}
