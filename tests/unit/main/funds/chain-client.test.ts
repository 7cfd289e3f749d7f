// What the app tells a person when the chain refuses a deposit in preflight: kit turns the RPC's error into
// its own error whose cause is the transaction error; each cause a deposit can meet reads in plain words.
// A wallet's token balance is one read of its associated token account, decoded by the app. What the RPC
// answers is checked: only a token-program account of this wallet and this mint counts, and anything else is
// a clear refusal, not a balance. Against a JSON-RPC server on loopback that answers what each case says.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { address, getSolanaErrorFromTransactionError } from '@solana/kit';
import { AccountState, TOKEN_PROGRAM_ADDRESS, getTokenEncoder } from '@solana-program/token';
import bs58 from 'bs58';
import { createChainClient, refusalInWords } from '../../../../src/main/funds/chain-client';
import { associatedTokenAddress } from '../../../../src/protocol/solana-tx';
import { generateKeypair } from '../../../../src/protocol/keys';

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

const someAddress = () => bs58.encode(generateKeypair().publicKey);
const OWNER = someAddress();
const MINT = someAddress();
const SYSTEM_PROGRAM = '11111111111111111111111111111111';

interface Answer {
  owner: string;
  data: Uint8Array;
}
const tokenAccount = (fields: { mint?: string; owner?: string; amount?: bigint } = {}) =>
  new Uint8Array(
    getTokenEncoder().encode({
      mint: address(fields.mint ?? MINT),
      owner: address(fields.owner ?? OWNER),
      amount: fields.amount ?? 0n,
      delegate: null,
      state: AccountState.Initialized,
      isNative: null,
      delegatedAmount: 0n,
      closeAuthority: null,
    }),
  );

let server: Server | undefined;
const asked: string[] = [];
afterEach(() => {
  server?.close();
  asked.length = 0;
});

/** an RPC answering getAccountInfo with `answer` (null: no such account) for every address */
async function rpcAnswering(answer: Answer | null): Promise<string> {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { id, method, params } = JSON.parse(body) as { id: unknown; method: string; params: [string] };
      asked.push(`${method} ${params[0]}`);
      const value = answer && {
        data: [Buffer.from(answer.data).toString('base64'), 'base64'],
        executable: false,
        lamports: 2_039_280,
        owner: answer.owner,
        rentEpoch: 0,
        space: answer.data.length,
      };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { context: { slot: 1 }, value } }));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe('a wallet token balance read from the chain', () => {
  it('is the amount of its associated token account, in one request', async () => {
    const chain = createChainClient(
      await rpcAnswering({ owner: TOKEN_PROGRAM_ADDRESS, data: tokenAccount({ amount: 49_000_000n }) }),
    );
    expect(await chain.tokenBalance(OWNER, MINT)).toBe(49_000_000n);
    expect(asked).toEqual([`getAccountInfo ${associatedTokenAddress(OWNER, MINT)}`]);
  });

  it('is null when the wallet has no token account for the mint', async () => {
    const chain = createChainClient(await rpcAnswering(null));
    expect(await chain.tokenBalance(OWNER, MINT)).toBeNull();
  });

  it.each([
    [
      'another mint’s token account',
      { owner: TOKEN_PROGRAM_ADDRESS, data: tokenAccount({ mint: someAddress() }) },
    ],
    [
      'another wallet’s token account',
      { owner: TOKEN_PROGRAM_ADDRESS, data: tokenAccount({ owner: someAddress() }) },
    ],
    ['an account of another program', { owner: SYSTEM_PROGRAM, data: tokenAccount({ amount: 5n }) }],
    ['bytes that are not a token account', { owner: TOKEN_PROGRAM_ADDRESS, data: new Uint8Array(64) }],
  ])('refuses %s as the balance, saying so', async (_, answer) => {
    const chain = createChainClient(await rpcAnswering(answer));
    await expect(chain.tokenBalance(OWNER, MINT)).rejects.toMatchObject({
      code: 'CHAIN_REFUSED',
      message: expect.stringContaining('with an account that is not it'),
    });
  });
});
