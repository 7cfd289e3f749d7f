// An account's stop-loss and take-profit triggers: the active ones with edit and remove, a form to add one
// for an open position, and what became of the finished ones. Main checks and signs; this collects intent.
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMarketFormat, useMarkets, useTokens } from '../markets';
import { useTriggers } from './queries';
import { readAmount } from '../../components/amount-input';
import { ErrorNote } from '../../components/ErrorNote';
import { onFormSubmit } from '../../components/form-submit';
import { usePreparedAction, type PreparedAction } from '../actions';
import { formatAmount } from '../../../../shared/money';
import type { ResultOf } from '../../../../shared/ipc/contract';
import { formatDateTime, fromSeconds } from '../../../../shared/time';

type Position = ResultOf<'portfolio.account'>['positions'][number];
type Trigger = ResultOf<'triggers.get'>['active'][number];
type Kind = Trigger['kind'];
const KIND_LABEL: Record<Kind, string> = { STOP_LOSS: 'Stop-loss', TAKE_PROFIT: 'Take-profit' };

export function TriggersPanel({
  accountId,
  walletId,
  positions,
}: {
  accountId: number;
  walletId: string | null;
  positions: Position[];
}) {
  const triggers = useTriggers(accountId);
  const f = useMarketFormat();
  const { quoteSymbol } = useTokens();
  const [editing, setEditing] = useState<{ trigger?: Trigger } | null>(null);
  const action = usePreparedAction({ onDone: () => void triggers.refetch() });
  const active = triggers.data?.active ?? [];
  const finished = (triggers.data?.finished ?? []).slice(0, 10);

  const startRemove = (t: Trigger) =>
    action.prepare({
      kind: 'removeTrigger',
      walletId: walletId!,
      accountId,
      marketId: t.marketId,
      triggerId: t.triggerId,
    });

  return (
    <Paper withBorder p="md" data-testid="triggers-section">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>Triggers</Title>
          {walletId ? (
            <Button size="xs" disabled={positions.length === 0} onClick={() => setEditing({})}>
              Add stop-loss or take-profit
            </Button>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          A stop-loss or take-profit closes (part of) a position with a reduce-only order once the mark price
          reaches its trigger price.
          {positions.length === 0 ? ' Open a position to add one.' : ''}
        </Text>
        {triggers.isError ? <ErrorNote error={triggers.error} title="Triggers could not be read" /> : null}
        {active.length === 0 ? (
          <Text c="dimmed" size="sm">
            No active triggers.
          </Text>
        ) : (
          <Table aria-label="Active triggers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Market</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th ta="right">Trigger price ({quoteSymbol})</Table.Th>
                <Table.Th>Exit</Table.Th>
                <Table.Th ta="right">Size</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {active.map((t) => (
                <Table.Tr key={t.triggerId.toString()}>
                  <Table.Td>{f.symbol(t.marketId)}</Table.Td>
                  <Table.Td>
                    <Badge color={t.kind === 'STOP_LOSS' ? 'red' : 'teal'} variant="light">
                      {KIND_LABEL[t.kind]}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{f.price(t.marketId, t.triggerPrice)}</Table.Td>
                  <Table.Td>
                    {t.side === 'ASK' ? 'sell' : 'buy'}{' '}
                    {t.limitPrice === null
                      ? 'at market'
                      : `limit ${f.price(t.marketId, t.limitPrice, { unit: true })}`}
                  </Table.Td>
                  <Table.Td ta="right">
                    {t.size === null ? 'whole position' : f.size(t.marketId, t.size)}
                  </Table.Td>
                  <Table.Td>
                    {walletId ? (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditing({ trigger: t })}>
                          Edit
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={() => void startRemove(t)}>
                          Remove
                        </Button>
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {editing === null ? <ErrorNote error={action.error} title="Not removed" /> : null}
        {action.outcome}
        {finished.length > 0 ? (
          <>
            <Text size="sm" fw={600} mt="xs">
              Finished
            </Text>
            <Table aria-label="Finished triggers">
              <Table.Tbody>
                {finished.map((t) => (
                  <Table.Tr key={`${t.triggerId}-${t.status}`}>
                    <Table.Td>{formatDateTime(fromSeconds(t.time))}</Table.Td>
                    <Table.Td>
                      {KIND_LABEL[t.kind]} {f.symbol(t.marketId)} at{' '}
                      {f.price(t.marketId, t.triggerPrice, { unit: true })}
                    </Table.Td>
                    <Table.Td>
                      {t.status === 'Success'
                        ? `fired: order ${t.orderId?.toString() ?? ''}`
                        : t.status === 'removed'
                          ? 'removed'
                          : `cancelled${t.reason ? ` (${t.reason})` : ''}`}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ) : null}
      </Stack>
      {editing && walletId ? (
        <TriggerDialog
          accountId={accountId}
          walletId={walletId}
          positions={positions}
          {...(editing.trigger ? { trigger: editing.trigger } : {})}
          action={action}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {action.review}
    </Paper>
  );
}

function TriggerDialog({
  accountId,
  walletId,
  positions,
  trigger,
  action,
  onClose,
}: {
  accountId: number;
  walletId: string;
  positions: Position[];
  trigger?: Trigger;
  /** the panel's: the review opens there once this dialog has closed */
  action: PreparedAction;
  onClose: () => void;
}) {
  const markets = useMarkets();
  const f = useMarketFormat();
  const [marketText, setMarketText] = useState<string | null>(
    String(trigger?.marketId ?? positions[0]?.marketId ?? ''),
  );
  const market = markets.data?.markets.find((m) => String(m.marketId) === marketText);
  const position = positions.find((p) => p.marketId === market?.marketId);
  const text = (v: bigint | null | undefined, decimals: number | undefined) =>
    v === null || v === undefined || decimals === undefined ? '' : formatAmount(v, decimals);
  const [kind, setKind] = useState<Kind>(trigger?.kind ?? 'STOP_LOSS');
  const [priceText, setPriceText] = useState(text(trigger?.triggerPrice, market?.priceDecimals));
  const [limitText, setLimitText] = useState(text(trigger?.limitPrice, market?.priceDecimals));
  const [sizeText, setSizeText] = useState(text(trigger?.size, market?.sizeDecimals));
  const { busy, error } = action;

  const price = readAmount(priceText, market?.priceDecimals);
  const limit = readAmount(limitText, market?.priceDecimals);
  const size = readAmount(sizeText, market?.sizeDecimals);
  const long = (position?.size ?? 0n) > 0n;
  const held = position ? (long ? position.size : -position.size) : 0n;
  // the same rule main applies, shown while typing: a stop-loss sits on the losing side of the mark
  const wrongSide =
    position && price.value !== null
      ? (kind === 'STOP_LOSS') !==
        (long ? price.value < position.markPrice : price.value > position.markPrice)
      : false;
  const sizeTooBig = size.value !== null && size.value > held;
  // main warns of this in the review too: a stop beyond the liquidation price would never get to fire
  const beyondLiquidation =
    kind === 'STOP_LOSS' &&
    position?.liquidationPrice != null &&
    price.value !== null &&
    !wrongSide &&
    (long ? price.value <= position.liquidationPrice : price.value >= position.liquidationPrice);
  const ready =
    market !== undefined &&
    position !== undefined &&
    price.value !== null &&
    !wrongSide &&
    !sizeTooBig &&
    limit.error === null &&
    size.error === null;
  const review = () => {
    if (!ready) return;
    const fields = {
      walletId,
      accountId,
      marketId: market.marketId,
      triggerKind: kind,
      triggerPrice: price.value!,
      ...(limit.value !== null ? { limitPrice: limit.value } : {}),
      ...(size.value !== null ? { size: size.value } : {}),
    };
    void action.prepare(
      trigger
        ? { kind: 'editTrigger', triggerId: trigger.triggerId, ...fields }
        : { kind: 'addTrigger', ...fields },
      onClose,
    );
  };

  return (
    <Modal opened onClose={onClose} title={trigger ? 'Change trigger' : 'Add a stop-loss or take-profit'}>
      <Stack component="form" onSubmit={onFormSubmit(review)}>
        <Select
          label="Position"
          data={positions.map((p) => ({
            value: String(p.marketId),
            label: `${f.symbol(p.marketId)} · ${p.size > 0n ? 'long' : 'short'} ${f.size(p.marketId, p.size > 0n ? p.size : -p.size)}`,
          }))}
          value={marketText}
          onChange={setMarketText}
          disabled={trigger !== undefined}
          allowDeselect={false}
        />
        {position && market ? (
          <Text size="sm" c="dimmed">
            Mark {f.price(market.marketId, position.markPrice, { unit: true })} · entry{' '}
            {f.price(market.marketId, position.entryPrice, { unit: true })}
            {position.liquidationPrice !== null
              ? ` · liquidation ${f.price(market.marketId, position.liquidationPrice, { unit: true })}`
              : ''}
          </Text>
        ) : null}
        <Radio.Group label="Kind" value={kind} onChange={(v) => setKind(v as Kind)}>
          <Group mt="xs">
            <Radio value="STOP_LOSS" label="Stop-loss" />
            <Radio value="TAKE_PROFIT" label="Take-profit" />
          </Group>
        </Radio.Group>
        <TextInput
          label="Trigger price"
          description={
            position
              ? `${kind === 'STOP_LOSS' ? 'Stop-loss' : 'Take-profit'} for a ${long ? 'long' : 'short'}: ${(kind === 'STOP_LOSS') === long ? 'below' : 'above'} the mark`
              : undefined
          }
          value={priceText}
          onChange={(e) => setPriceText(e.currentTarget.value)}
          data-autofocus
          error={
            price.error ??
            (wrongSide
              ? `A ${kind === 'STOP_LOSS' ? 'stop-loss' : 'take-profit'} for a ${long ? 'long' : 'short'} goes ${(kind === 'STOP_LOSS') === long ? 'below' : 'above'} the mark.`
              : null)
          }
          inputMode="decimal"
        />
        {beyondLiquidation && market && position?.liquidationPrice != null ? (
          <Alert color="orange" title="Check this">
            The position would be liquidated (at{' '}
            {f.price(market.marketId, position.liquidationPrice, { unit: true })}) before this stop-loss
            fires.
          </Alert>
        ) : null}
        <TextInput
          label="Limit price (optional)"
          description="Empty: the exit is a market order"
          value={limitText}
          onChange={(e) => setLimitText(e.currentTarget.value)}
          error={limit.error}
          inputMode="decimal"
        />
        <TextInput
          label="Size (optional)"
          description={market ? `Empty: the whole position (${f.size(market.marketId, held)})` : undefined}
          value={sizeText}
          onChange={(e) => setSizeText(e.currentTarget.value)}
          error={size.error ?? (sizeTooBig ? 'More than the position.' : null)}
          inputMode="decimal"
        />
        <ErrorNote error={error} title="Not prepared" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!ready}>
            Review
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
