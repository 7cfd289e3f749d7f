// The amount of a withdrawal or transfer, with what may leave the account now and why no more can.
import { useState } from 'react';
import { Button, Text, TextInput } from '@mantine/core';
import { useTokens } from '../../hooks/queries';
import { readAmount } from '../amount-input';
import { freeToMove, type FreeToMove } from '../free-to-move';
import { formatAmount } from '../../../../shared/money';
import { useTokenChoice } from './choices';
import { MarginPreview } from './margin-preview';

type Verb = 'withdrawn' | 'transferred';
type Holder = Parameters<typeof freeToMove>[0] & Parameters<typeof useTokenChoice>[0];

/**
 * The token and amount leaving an account: the token picker, the amount field with its Max, and the note on
 * what open positions keep. `amount` is null until it parses and may leave.
 */
export function useOutgoingAmount(account: Holder, verb: Verb) {
  const { tokens, format, quoteTokenId } = useTokens();
  const { tokenId, select: tokenSelect } = useTokenChoice(account);
  const [typed, setTyped] = useState('');
  // Max follows the account's free collateral as prices move, until the person types an amount themselves
  const [atMax, setAtMax] = useState(false);
  const decimals = tokens.get(tokenId)?.decimals;
  const move = freeToMove(account, tokenId, quoteTokenId);
  const text = atMax && decimals !== undefined ? formatAmount(move.safeMax, decimals) : typed;
  const parsed = readAmount(text, decimals);
  const tooMuch = amountProblem(parsed.value, move, verb, (v) => format(v, tokenId));
  return {
    tokenId,
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
        <MarginNote move={move} verb={verb} />
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
  text,
  onText,
  onMax,
  atMax,
  error,
}: {
  verb: 'withdrawn' | 'transferred';
  tokenId: number;
  move: FreeToMove;
  text: string;
  onText: (text: string) => void;
  onMax: () => void;
  atMax: boolean;
  error: string | null;
}) {
  const { tokens, format } = useTokens();
  const token = tokens.get(tokenId);
  return (
    <TextInput
      label={`Amount (${token?.symbol ?? ''})`}
      description={
        atMax && move.limitedByMargin
          ? 'Max: follows your free collateral, less 1% for price moves'
          : move.limitedByMargin
            ? `Up to ${format(move.max, tokenId)} now`
            : `Available: ${format(move.max, tokenId)}`
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

/** Why the amount cannot go, in the words of what limits it. */
function amountProblem(
  amount: bigint | null,
  move: FreeToMove,
  verb: 'withdrawn' | 'transferred',
  format: (v: bigint) => string,
): string | null {
  if (amount === null || amount <= move.max) return null;
  if (amount > move.balance) return 'More than the account holds.';
  return `More than your open positions leave free: up to ${format(move.max)} can be ${verb} now.`;
}

function MarginNote({ move, verb }: { move: FreeToMove; verb: 'withdrawn' | 'transferred' }) {
  const { format, quoteTokenId } = useTokens();
  if (!move.limitedByMargin) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="margin-limit">
      Up to {format(move.max, quoteTokenId)} can be {verb} while your positions and orders are open: they keep
      the rest of the {format(move.balance, quoteTokenId)} balance as margin.
    </Text>
  );
}
