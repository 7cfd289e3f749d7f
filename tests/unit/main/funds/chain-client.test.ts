// What the app tells a person when the chain refuses a deposit in preflight: kit turns the RPC's error into
// its own error whose cause is the transaction error; each cause a deposit can meet reads in plain words.
import { describe, expect, it } from 'vitest';
import { getSolanaErrorFromTransactionError } from '@solana/kit';
import { refusalInWords } from '../../../../src/main/funds/chain-client';

const cause = (err: unknown) => getSolanaErrorFromTransactionError(err as never);

describe('chain refusals in plain words', () => {
  it('names insufficient tokens, a missing token account, no SOL for the fee and an expired blockhash', () => {
    expect(refusalInWords(cause({ InstructionError: [0, { Custom: 1 }] }))).toBe(
      'Your wallet holds fewer of these tokens on the chain than that amount. Nothing was sent.',
    );
    expect(refusalInWords(cause({ InstructionError: [0, 'InvalidAccountData'] }))).toMatch(
      /no token account for this token on the chain/,
    );
    expect(refusalInWords(cause({ InstructionError: [0, 'UninitializedAccount'] }))).toMatch(
      /no token account/,
    );
    expect(refusalInWords(cause('InsufficientFundsForFee'))).toBe(
      'Your wallet has no SOL to pay the network fee. Nothing was sent.',
    );
    expect(refusalInWords(cause('AccountNotFound'))).toMatch(/no SOL to pay the network fee/);
    expect(refusalInWords(cause('BlockhashNotFound'))).toMatch(/expired before it reached the chain/);
  });

  it('anything else still says that nothing was sent, with the chain’s own reason', () => {
    expect(refusalInWords(cause({ InstructionError: [0, { Custom: 17 }] }))).toMatch(
      /^The chain refused the transaction \(.+\)\. Nothing was sent\.$/,
    );
    expect(refusalInWords(undefined)).toBe(
      'The chain refused the transaction (no reason given). Nothing was sent.',
    );
  });
});
