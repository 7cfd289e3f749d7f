// The amount of a withdrawal or transfer, with what may leave the account now and why no more can; for a
// withdrawal, the fee it is charged (read from main while typing), which the amount must be more than.
import { useState } from 'react';
import { Button, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { useTokens } from '../markets';
import { amountText, readAmount } from '../../components/amount-input';
import { freeToMove, type FreeToMove } from '../../components/free-to-move';
import { useTokenChoice } from './choices';
import { MarginPreview } from './margin-preview';
import { amountProblem, type Verb } from './amount-check';

type Holder = Parameters<typeof freeToMove>[0] & Parameters<typeof useTokenChoice>[0];

/**
 * The token and amount leaving an account: the token picker, the amount field with its Max, and the note on
 * what open positions keep. `amount` is null until it parses and may leave.
 */
export function useOutgoingAmount(account: Holder, verb: Verb) {
  const { tokens, quoteTokenId } = useTokens();
  const { tokenId, select: tokenSelect } = useTokenChoice(account);
  const fee = useQuery({
    queryKey: ['fee', account?.accountId, tokenId],
    queryFn: () => unwrap(wallet.funds.withdrawalFee({ accountId: account!.accountId, tokenId })),
    enabled: verb === 'withdrawn' && account !== undefined,
    refetchInterval: 15_000,
  });
  // a transfer has no fee: the Withdraw tab's, still in the query cache, is not its
  const feeNow = verb === 'withdrawn' && fee.data?.tokenId === tokenId ? fee.data.fee : undefined;
  const [typed, setTyped] = useState('');
  // Max follows the account's free collateral as prices move, until the person types an amount themselves
  const [atMax, setAtMax] = useState(false);
  const decimals = tokens.get(tokenId)?.decimals;
  const move = freeToMove(account, tokenId, quoteTokenId);
  const text = atMax && decimals !== undefined ? amountText(move.safeMax, decimals) : typed;
  const parsed = readAmount(text, decimals);
  const show = (v: bigint) =>
    decimals === undefined ? '' : `${amountText(v, decimals)} ${tokens.get(tokenId)?.symbol ?? ''}`;
  const tooMuch = amountProblem(parsed.value, move, verb, show, feeNow);
  return {
    tokenId,
    /** the withdrawal fee of this account and token, as main reads it (withdrawals only) */
    fee,
    tokenSelect,
    amount: tooMuch ? null : parsed.value,
    clear: () => {
      setTyped('');
      setAtMax(false);
    },
    field: (
      <AmountField
        verb={verb}
        tokenId={tokenId}
        move={move}
        show={show}
        text={text}
        onText={(next) => {
          setTyped(next);
          setAtMax(false);
        }}
        onMax={() => setAtMax(true)}
        atMax={atMax}
        error={parsed.error ?? tooMuch}
      />
    ),
    marginNote: (
      <>
        <MarginNote move={move} verb={verb} show={show} />
        <MarginPreview
          account={account}
          tokenId={tokenId}
          amount={tooMuch ? null : parsed.value}
          verb={verb === 'withdrawn' ? 'withdrawal' : 'transfer'}
        />
      </>
    ),
  };
}

/**
 * The amount field of a withdrawal or transfer: its Max is what may leave the account now (see freeToMove),
 * and when open positions hold part of the balance as margin, the form says how much may go.
 */
function AmountField({
  verb,
  tokenId,
  move,
  show,
  text,
  onText,
  onMax,
  atMax,
  error,
}: {
  verb: Verb;
  tokenId: number;
  move: FreeToMove;
  /** a figure with its unit, in the same text as Max fills in */
  show: (value: bigint) => string;
  text: string;
  onText: (text: string) => void;
  onMax: () => void;
  atMax: boolean;
  error: string | null;
}) {
  const { tokens } = useTokens();
  const token = tokens.get(tokenId);
  return (
    <TextInput
      label={`Amount (${token?.symbol ?? ''})`}
      description={
        atMax && move.limitedByMargin
          ? 'Max: follows your free collateral, less 1% for price moves'
          : move.limitedByMargin
            ? `Up to ${show(move.max)} now`
            : `Available: ${show(move.max)}`
      }
      value={text}
      onChange={(e) => onText(e.currentTarget.value)}
      error={error}
      rightSection={
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`Max: fill in all that can be ${verb}`}
          onClick={() => token && onMax()}
        >
          Max
        </Button>
      }
      rightSectionWidth={56}
      inputMode="decimal"
    />
  );
}

function MarginNote({ move, verb, show }: { move: FreeToMove; verb: Verb; show: (v: bigint) => string }) {
  if (!move.limitedByMargin) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="margin-limit">
      Up to {show(move.max)} can be {verb} while your positions and orders are open: they keep the rest of the{' '}
      {show(move.balance)} balance as margin.
    </Text>
  );
}
