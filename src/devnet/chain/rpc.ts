// A standard Solana JSON-RPC over the devnet's chain, on its own loopback port, answering what
// @solana/kit's createSolanaRpc needs for the app's flows, plus one devnet-only method (the token faucet).
// Every request is parsed; bad JSON, bad requests, unknown methods and bad params get the standard JSON-RPC
// error objects, never an exception. Numbers go out as JSON integers of any size (kit reads them as bigint).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isAddress,
  type Address,
} from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS, getMintDecoder, getTokenDecoder } from '@solana-program/token';
import type { ChainRuntime } from './runtime';
import { MINT_SIZE, TOKEN_ACCOUNT_SIZE, uiAmount } from './runtime';
import { FaucetError, type Bridge } from './bridge';
import { BASE58_SIGNATURE } from '../../shared/base58';
import type { TxRecord } from './state';

export const RPC_ERRORS = {
  PARSE: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
  /** Solana: sendTransaction's preflight simulation failed */
  SEND_PREFLIGHT_FAILURE: -32002,
  SIGNATURE_VERIFICATION_FAILURE: -32003,
  UNSUPPORTED_TRANSACTION_VERSION: -32015,
} as const;

/** The Solana release whose RPC this one follows (getVersion). */
const SOLANA_CORE_VERSION = '2.2.0';
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_BATCH = 100;
const MAX_SIGNATURES = 256;
const U64_MAX = 2n ** 64n - 1n;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new RpcError(RPC_ERRORS.INVALID_PARAMS, `Invalid params: ${message}`);

/** Big integers survive as JSON numbers: kit parses every integer as bigint. */
class Big {
  constructor(readonly value: bigint) {}
}
const big = (v: bigint | number | string) => new Big(BigInt(v));

function stringify(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Big) return `__big__${v.value}`;
    if (typeof v === 'bigint') return `__big__${v}`;
    return v;
  }).replace(/"__big__(-?\d+)"/g, '$1');
}

// ---- parameter schemas ---------------------------------------------------------------------------------

const Addr = z.string().refine(isAddress, 'not a base58 32-byte address');
const Signature = z.string().regex(BASE58_SIGNATURE, 'not a base58 signature');
const Commitment = z.enum(['processed', 'confirmed', 'finalized']).optional();
const Binary = z.enum(['base58', 'base64']);
const AccountEncoding = z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed']);
const u64 = z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.bigint()]);
const Config = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ commitment: Commitment, minContextSlot: u64.optional(), ...shape }).optional();
const DataSlice = z.object({ offset: u64, length: u64 }).optional();

const tuple = <T extends [z.ZodType, ...z.ZodType[]]>(...items: T) => z.tuple(items);
const opt = <T extends z.ZodType>(t: T) => t.optional();

const PARAMS = {
  getLatestBlockhash: tuple(opt(Config({}))),
  sendTransaction: tuple(
    z.string().max(4096),
    opt(
      Config({
        encoding: Binary.optional(),
        skipPreflight: z.boolean().optional(),
        preflightCommitment: Commitment,
        maxRetries: u64.optional(),
      }),
    ),
  ),
  simulateTransaction: tuple(
    z.string().max(4096),
    opt(
      Config({
        encoding: Binary.optional(),
        sigVerify: z.boolean().optional(),
        replaceRecentBlockhash: z.boolean().optional(),
        innerInstructions: z.boolean().optional(),
        accounts: z
          .object({ addresses: z.array(Addr).max(64), encoding: AccountEncoding.optional() })
          .optional(),
      }),
    ),
  ),
  getSignatureStatuses: tuple(
    z.array(Signature).max(MAX_SIGNATURES),
    opt(z.object({ searchTransactionHistory: z.boolean().optional() }).optional()),
  ),
  getTransaction: tuple(
    Signature,
    opt(
      Config({
        encoding: z.enum(['json', 'jsonParsed', 'base58', 'base64']).optional(),
        maxSupportedTransactionVersion: z.number().int().min(0).max(0).optional(),
      }),
    ),
  ),
  getBalance: tuple(Addr, opt(Config({}))),
  getAccountInfo: tuple(Addr, opt(Config({ encoding: AccountEncoding.optional(), dataSlice: DataSlice }))),
  getTokenAccountsByOwner: tuple(
    Addr,
    z.union([z.object({ mint: Addr }).strict(), z.object({ programId: Addr }).strict()]),
    opt(Config({ encoding: AccountEncoding.optional(), dataSlice: DataSlice })),
  ),
  getTokenAccountBalance: tuple(Addr, opt(Config({}))),
  getMinimumBalanceForRentExemption: tuple(
    z
      .number()
      .int()
      .min(0)
      .max(10 * 1024 * 1024),
    opt(Config({})),
  ),
  requestAirdrop: tuple(Addr, u64, opt(Config({}))),
  getVersion: z.tuple([]),
  getHealth: z.tuple([]),
  getSlot: tuple(opt(Config({}))),
  getBlockHeight: tuple(opt(Config({}))),
  devnet_requestTokens: tuple(
    Addr,
    z.number().int().min(0).max(0xffffffff),
    z.string().regex(/^[1-9]\d{0,30}$/),
  ),
} satisfies Record<string, z.ZodType>;

type Method = keyof typeof PARAMS;
/** The most lamports one airdrop may ask for (like the public test clusters' limits, but generous). */
const MAX_AIRDROP = 1_000_000_000_000n;

export interface RpcDeps {
  chain: ChainRuntime;
  bridge: Bridge;
  /** called after anything changed the chain, so the devnet saves it */
  changed: () => void;
  /** resolves once every change so far is on disk: an answer waits for it, so what it told survives a crash */
  durable?: () => Promise<void>;
}

export class SolanaRpc {
  constructor(private readonly deps: RpcDeps) {}

  private context() {
    return { slot: big(this.deps.chain.slot()), apiVersion: SOLANA_CORE_VERSION };
  }

  /** Answers one JSON-RPC body (a request or a batch); null when nothing is to be sent back. */
  handle(body: string): string | null {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return stringify(errorOf(null, new RpcError(RPC_ERRORS.PARSE, 'Parse error')));
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0 || parsed.length > MAX_BATCH)
        return stringify(
          errorOf(
            null,
            new RpcError(
              RPC_ERRORS.INVALID_REQUEST,
              parsed.length === 0
                ? 'Invalid request: empty batch'
                : `Invalid request: at most ${MAX_BATCH} calls in a batch`,
            ),
          ),
        );
      const answers = parsed.map((r) => this.one(r)).filter((a) => a !== null);
      return answers.length ? stringify(answers) : null;
    }
    const answer = this.one(parsed);
    return answer === null ? null : stringify(answer);
  }

  private one(request: unknown): object | null {
    if (!request || typeof request !== 'object' || Array.isArray(request))
      return errorOf(null, new RpcError(RPC_ERRORS.INVALID_REQUEST, 'Invalid request'));
    const r = request as Record<string, unknown>;
    const id = r.id;
    const validId = id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
    if (r.jsonrpc !== '2.0' || typeof r.method !== 'string' || (id !== undefined && !validId))
      return errorOf(
        validId ? (id as string | number | null) : null,
        new RpcError(RPC_ERRORS.INVALID_REQUEST, 'Invalid request'),
      );
    const notification = !('id' in r);
    try {
      const result = this.call(r.method, r.params);
      return notification ? null : { jsonrpc: '2.0', result, id };
    } catch (error) {
      if (notification) return null;
      if (error instanceof RpcError) return errorOf(id as string | number | null, error);
      console.error('solana rpc: unhandled error', error);
      return errorOf(id as string | number | null, new RpcError(RPC_ERRORS.INTERNAL, 'Internal error'));
    }
  }

  private call(method: string, rawParams: unknown): unknown {
    if (!Object.hasOwn(PARAMS, method))
      throw new RpcError(RPC_ERRORS.METHOD_NOT_FOUND, `Method not found: ${method.slice(0, 64)}`);
    if (rawParams !== undefined && !Array.isArray(rawParams)) throw invalid('params must be an array');
    const params = (rawParams as unknown[] | undefined) ?? [];
    const parsed = PARAMS[method as Method].safeParse(params);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalid(
        `${issue?.path.length ? `param ${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid'}`,
      );
    }
    return this.dispatch(method as Method, parsed.data as never);
  }

  private dispatch(method: Method, p: unknown[]): unknown {
    const { chain, bridge } = this.deps;
    switch (method) {
      case 'getVersion':
        return { 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 };
      case 'getHealth':
        return 'ok';
      case 'getSlot':
      case 'getBlockHeight':
        return big(chain.slot());
      case 'getLatestBlockhash': {
        const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
        return {
          context: this.context(),
          value: { blockhash, lastValidBlockHeight: big(lastValidBlockHeight) },
        };
      }
      case 'getBalance':
        return { context: this.context(), value: big(chain.lamports(p[0] as Address)) };
      case 'getMinimumBalanceForRentExemption':
        return big(chain.minimumBalanceForRentExemption(BigInt(p[0] as number)));
      case 'getAccountInfo': {
        const config = (p[1] ?? {}) as { encoding?: string; dataSlice?: { offset: number; length: number } };
        const a = chain.account(p[0] as Address);
        return {
          context: this.context(),
          value: a ? this.accountJson(a, config.encoding ?? 'base58', config.dataSlice) : null,
        };
      }
      case 'getTokenAccountsByOwner': {
        const filter = p[1] as { mint?: string; programId?: string };
        const config = (p[2] ?? {}) as { encoding?: string; dataSlice?: { offset: number; length: number } };
        if (filter.programId !== undefined && filter.programId !== TOKEN_PROGRAM_ADDRESS)
          throw invalid('unrecognized token program id');
        if (filter.mint !== undefined && !chain.tokenByMint(filter.mint))
          throw invalid('Token mint could not be unpacked');
        const accounts = chain.tokenAccountsOf(p[0] as string, filter.mint);
        return {
          context: this.context(),
          value: accounts.map((t) => ({
            pubkey: t.address,
            account: this.accountJson(
              chain.account(t.address as Address)!,
              config.encoding ?? 'base58',
              config.dataSlice,
            ),
          })),
        };
      }
      case 'getTokenAccountBalance': {
        const t = chain.tokenAccount(p[0] as Address);
        if (!t) throw invalid('could not find account, or it is not a Token account');
        return { context: this.context(), value: uiAmount(t.amount, t.decimals) };
      }
      case 'requestAirdrop': {
        const amount = BigInt(p[1] as number | bigint);
        if (amount <= 0n || amount > MAX_AIRDROP) throw invalid(`an airdrop is 1 to ${MAX_AIRDROP} lamports`);
        const record = chain.airdrop(p[0] as Address, amount);
        this.deps.changed();
        return record.signature;
      }
      case 'devnet_requestTokens': {
        try {
          const signature = bridge.faucet(p[0] as string, p[1] as number, BigInt(p[2] as string));
          this.deps.changed();
          return signature;
        } catch (error) {
          if (error instanceof FaucetError) throw invalid(error.message);
          throw error;
        }
      }
      case 'sendTransaction':
        return this.send(
          p[0] as string,
          (p[1] ?? {}) as { encoding?: 'base58' | 'base64'; skipPreflight?: boolean },
        );
      case 'simulateTransaction':
        return this.simulate(
          p[0] as string,
          (p[1] ?? {}) as {
            encoding?: 'base58' | 'base64';
            sigVerify?: boolean;
            replaceRecentBlockhash?: boolean;
            accounts?: { addresses: string[]; encoding?: string };
          },
        );
      case 'getSignatureStatuses': {
        const value = (p[0] as string[]).map((s) => {
          const tx = chain.transaction(s);
          return tx
            ? {
                slot: big(tx.slot),
                confirmations: null,
                err: tx.err,
                status: tx.err === null ? { Ok: null } : { Err: tx.err },
                confirmationStatus: 'finalized',
              }
            : null;
        });
        return { context: this.context(), value };
      }
      case 'getTransaction': {
        const config = (p[1] ?? {}) as { encoding?: string; maxSupportedTransactionVersion?: number };
        const tx = chain.transaction(p[0] as string);
        if (!tx) return null;
        return this.transactionJson(tx, config.encoding ?? 'json', config.maxSupportedTransactionVersion);
      }
    }
  }

  private wire(text: string, encoding: 'base58' | 'base64' = 'base58'): Uint8Array {
    try {
      const bytes =
        encoding === 'base64'
          ? /^[A-Za-z0-9+/]*={0,2}$/.test(text)
            ? new Uint8Array(codecs.base64.encode(text))
            : null
          : new Uint8Array(codecs.base58.encode(text));
      if (bytes && bytes.length > 0 && bytes.length <= 1232) return bytes;
    } catch {
      // answered below
    }
    throw invalid(`the transaction is not valid ${encoding} of at most 1232 bytes`);
  }

  private send(text: string, config: { encoding?: 'base58' | 'base64'; skipPreflight?: boolean }): string {
    const { chain } = this.deps;
    const wire = this.wire(text, config.encoding);
    // The same signed transaction sent again (an answer was lost, the app restarted) is answered with its
    // signature: it ran once, and its blockhash may have expired since.
    const signature = chain.signatureOf(wire);
    if (signature !== null && chain.transaction(signature)) return signature;
    if (!config.skipPreflight) {
      const sim = chain.simulate(wire, true);
      if (!sim.ok) throw this.refusal(sim.reason, sim.message);
      if (sim.err === 'SignatureFailure')
        throw new RpcError(
          RPC_ERRORS.SIGNATURE_VERIFICATION_FAILURE,
          'Transaction signature verification failure',
        );
      if (sim.err !== null)
        throw new RpcError(
          RPC_ERRORS.SEND_PREFLIGHT_FAILURE,
          `Transaction simulation failed: ${describeErr(sim.err)}`,
          {
            err: sim.err,
            logs: sim.logs,
            accounts: null,
            unitsConsumed: big(sim.computeUnits),
            returnData: null,
          },
        );
    }
    const outcome = chain.send(wire);
    if (outcome.ok) {
      if (!outcome.duplicate) this.deps.changed();
      return outcome.record.signature;
    }
    if (outcome.reason === 'failed') {
      // It landed and failed (fee charged), as with skipPreflight on Solana: the signature is the answer.
      if (chain.transaction(outcome.record.signature)) {
        this.deps.changed();
        return outcome.record.signature;
      }
      if (outcome.record.err === 'SignatureFailure')
        throw new RpcError(
          RPC_ERRORS.SIGNATURE_VERIFICATION_FAILURE,
          'Transaction signature verification failure',
        );
      throw new RpcError(
        RPC_ERRORS.SEND_PREFLIGHT_FAILURE,
        `Transaction failed: ${describeErr(outcome.record.err)}`,
        {
          err: outcome.record.err,
          logs: outcome.record.logs,
          accounts: null,
          unitsConsumed: big(outcome.record.computeUnits),
          returnData: null,
        },
      );
    }
    throw this.refusal(outcome.reason, outcome.message);
  }

  private refusal(reason: 'decode' | 'signatures' | 'blockhash', message: string): RpcError {
    if (reason === 'decode')
      return message.includes('version')
        ? new RpcError(RPC_ERRORS.UNSUPPORTED_TRANSACTION_VERSION, message)
        : invalid(`failed to deserialize the transaction: ${message}`);
    if (reason === 'signatures')
      return new RpcError(
        RPC_ERRORS.SIGNATURE_VERIFICATION_FAILURE,
        'Transaction signature verification failure',
      );
    return new RpcError(
      RPC_ERRORS.SEND_PREFLIGHT_FAILURE,
      'Transaction simulation failed: Blockhash not found',
      {
        err: 'BlockhashNotFound',
        logs: [],
        accounts: null,
        unitsConsumed: big(0),
        returnData: null,
      },
    );
  }

  private simulate(
    text: string,
    config: {
      encoding?: 'base58' | 'base64';
      sigVerify?: boolean;
      replaceRecentBlockhash?: boolean;
      accounts?: { addresses: string[]; encoding?: string };
    },
  ): unknown {
    if (config.sigVerify && config.replaceRecentBlockhash)
      throw invalid('sigVerify may not be used with replaceRecentBlockhash');
    const wire = this.wire(text, config.encoding);
    const addresses = (config.accounts?.addresses ?? []) as Address[];
    const sim = this.deps.chain.simulate(
      wire,
      !config.replaceRecentBlockhash,
      addresses,
      config.sigVerify ?? false,
    );
    if (!sim.ok) {
      if (sim.reason === 'blockhash')
        return {
          context: this.context(),
          value: {
            err: 'BlockhashNotFound',
            logs: [],
            accounts: null,
            unitsConsumed: big(0),
            returnData: null,
          },
        };
      throw this.refusal(sim.reason, sim.message);
    }
    const encoding = config.accounts?.encoding ?? 'base64';
    return {
      context: this.context(),
      value: {
        err: sim.err,
        logs: sim.logs,
        accounts: config.accounts
          ? sim.accounts.map((a, i) =>
              a
                ? this.accountJson(
                    {
                      address: addresses[i]!,
                      lamports: a.lamports,
                      data: a.data,
                      programAddress: a.owner,
                      executable: a.executable,
                    },
                    encoding,
                  )
                : null,
            )
          : null,
        unitsConsumed: big(sim.computeUnits),
        returnData: null,
        ...(config.replaceRecentBlockhash
          ? {
              replacementBlockhash: {
                blockhash: this.deps.chain.latestBlockhash().blockhash,
                lastValidBlockHeight: big(this.deps.chain.latestBlockhash().lastValidBlockHeight),
              },
            }
          : {}),
      },
    };
  }

  private accountJson(
    a: {
      address: string;
      lamports: bigint;
      data: Uint8Array | Readonly<Uint8Array>;
      programAddress: string;
      executable: boolean;
    },
    encoding: string,
    slice?: { offset: number; length: number },
  ) {
    const full = new Uint8Array(a.data);
    const data = slice
      ? full.subarray(Number(slice.offset), Number(slice.offset) + Number(slice.length))
      : full;
    const base = {
      lamports: big(a.lamports),
      owner: a.programAddress,
      executable: a.executable,
      rentEpoch: big(U64_MAX),
      space: big(full.length),
    };
    if (encoding === 'jsonParsed' && !slice) {
      const parsed = this.parsedToken(a.programAddress, full);
      if (parsed) return { ...base, data: parsed };
    }
    if (encoding === 'base58') {
      if (data.length > 128)
        throw invalid(
          'encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
        );
      return { ...base, data: [getBase58Decoder58(data), 'base58'] };
    }
    if (encoding === 'base64+zstd') throw invalid('base64+zstd encoding is not supported by this devnet');
    return { ...base, data: [Buffer.from(data).toString('base64'), 'base64'] };
  }

  /** SPL Token accounts and mints as jsonParsed: what wallets read balances from. */
  private parsedToken(owner: string, data: Uint8Array) {
    if (owner !== TOKEN_PROGRAM_ADDRESS) return null;
    if (BigInt(data.length) === TOKEN_ACCOUNT_SIZE) {
      const t = codecs.token.decode(data);
      const decimals = this.deps.chain.mintDecimals(t.mint) ?? 0;
      return {
        program: 'spl-token',
        parsed: {
          type: 'account',
          info: {
            isNative: false,
            mint: t.mint,
            owner: t.owner,
            state: t.state === 1 ? 'initialized' : t.state === 2 ? 'frozen' : 'uninitialized',
            tokenAmount: uiAmount(t.amount, decimals),
          },
        },
        space: big(data.length),
      };
    }
    if (BigInt(data.length) === MINT_SIZE) {
      const m = codecs.mint.decode(data);
      return {
        program: 'spl-token',
        parsed: {
          type: 'mint',
          info: {
            decimals: m.decimals,
            freezeAuthority: m.freezeAuthority.__option === 'Some' ? m.freezeAuthority.value : null,
            isInitialized: m.isInitialized,
            mintAuthority: m.mintAuthority.__option === 'Some' ? m.mintAuthority.value : null,
            supply: m.supply.toString(),
          },
        },
        space: big(data.length),
      };
    }
    return null;
  }

  private transactionJson(tx: TxRecord, encoding: string, maxVersion: number | undefined) {
    const wire = Buffer.from(tx.wire, 'base64');
    const decoded = decodeForJson(wire);
    if (decoded.version !== 'legacy' && maxVersion === undefined)
      throw new RpcError(
        RPC_ERRORS.UNSUPPORTED_TRANSACTION_VERSION,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      );
    const meta = {
      err: tx.err,
      status: tx.err === null ? { Ok: null } : { Err: tx.err },
      fee: big(tx.fee),
      preBalances: tx.preBalances.map(big),
      postBalances: tx.postBalances.map(big),
      innerInstructions: tx.innerInstructions ?? [],
      logMessages: tx.logs,
      preTokenBalances: tx.preTokenBalances,
      postTokenBalances: tx.postTokenBalances,
      rewards: [],
      loadedAddresses: { readonly: [], writable: [] },
      computeUnitsConsumed: big(tx.computeUnits),
    };
    const transaction =
      encoding === 'base64'
        ? [tx.wire, 'base64']
        : encoding === 'base58'
          ? [getBase58Decoder58(wire), 'base58']
          : decoded.json;
    return {
      slot: big(tx.slot),
      blockTime: big(tx.blockTime),
      transaction,
      meta,
      ...(maxVersion !== undefined ? { version: decoded.version } : {}),
    };
  }

  // ---- HTTP ----------------------------------------------------------------------------------------------

  async listen(host: string, port: number): Promise<RpcServer> {
    const server = createServer((req, res) => void this.serve(req, res));
    // A caller that connects and then trickles or says nothing is cut off rather than held forever.
    server.headersTimeout = 10_000;
    server.requestTimeout = 30_000;
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${address.port}`,
      port: address.port,
      close: async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const reply = (status: number, body: string | null) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(body ?? '');
    };
    try {
      // A page in a browser could otherwise reach this loopback port (DNS rebinding): only local callers
      // naming a loopback host, and no cross-site browser requests.
      const host = String(req.headers.host ?? '').replace(/:\d+$/, '');
      if (!['127.0.0.1', 'localhost', '[::1]'].includes(host) || req.headers.origin !== undefined) {
        req.resume();
        return reply(
          403,
          stringify(
            errorOf(null, new RpcError(RPC_ERRORS.INVALID_REQUEST, 'Forbidden: loopback callers only')),
          ),
        );
      }
      if (req.method !== 'POST') {
        req.resume();
        return reply(
          405,
          stringify(
            errorOf(
              null,
              new RpcError(RPC_ERRORS.INVALID_REQUEST, 'Used HTTP Method is not allowed. POST is required'),
            ),
          ),
        );
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_BODY_BYTES)
          return reply(
            413,
            stringify(errorOf(null, new RpcError(RPC_ERRORS.INVALID_REQUEST, 'Request too large'))),
          );
        chunks.push(chunk);
      }
      const answer = this.handle(Buffer.concat(chunks).toString('utf8'));
      await this.deps.durable?.();
      reply(200, answer);
    } catch (error) {
      console.error('solana rpc: unhandled error', error);
      if (!res.headersSent)
        reply(500, stringify(errorOf(null, new RpcError(RPC_ERRORS.INTERNAL, 'Internal error'))));
    }
  }
}

export interface RpcServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

function errorOf(id: string | number | null, error: RpcError) {
  return {
    jsonrpc: '2.0',
    error: {
      code: error.code,
      message: error.message,
      ...(error.data !== undefined ? { data: error.data } : {}),
    },
    id,
  };
}

function describeErr(err: unknown): string {
  if (typeof err === 'string') return err;
  const ie = (err as { InstructionError?: [number, unknown] }).InstructionError;
  if (ie) {
    const inner = ie[1] as { Custom?: number } | string;
    const what =
      typeof inner === 'string'
        ? inner
        : inner.Custom !== undefined
          ? `custom program error: 0x${inner.Custom.toString(16)}`
          : JSON.stringify(inner);
    return `Error processing Instruction ${ie[0]}: ${what}`;
  }
  return JSON.stringify(err);
}

const b58 = getBase58Decoder();
// Kit's codecs cost more to build than to use: built once.
const codecs = {
  base64: getBase64Encoder(),
  base58: getBase58Encoder(),
  token: getTokenDecoder(),
  mint: getMintDecoder(),
  transaction: getTransactionDecoder(),
  message: getCompiledTransactionMessageDecoder(),
};
const getBase58Decoder58 = (bytes: Uint8Array): string => b58.decode(bytes);

/** A wire transaction in getTransaction's "json" encoding. */
function decodeForJson(wire: Uint8Array) {
  const tx = codecs.transaction.decode(wire);
  const m = codecs.message.decode(tx.messageBytes) as {
    version: 'legacy' | 0;
    header: {
      numSignerAccounts: number;
      numReadonlySignerAccounts: number;
      numReadonlyNonSignerAccounts: number;
    };
    staticAccounts: string[];
    lifetimeToken: string;
    instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
  };
  const sigs = Object.values(tx.signatures).map((s) => (s ? getBase58Decoder58(s) : '1'.repeat(64)));
  return {
    version: m.version,
    json: {
      signatures: sigs,
      message: {
        accountKeys: m.staticAccounts,
        header: {
          numRequiredSignatures: m.header.numSignerAccounts,
          numReadonlySignedAccounts: m.header.numReadonlySignerAccounts,
          numReadonlyUnsignedAccounts: m.header.numReadonlyNonSignerAccounts,
        },
        recentBlockhash: m.lifetimeToken,
        instructions: m.instructions.map((ix) => ({
          programIdIndex: ix.programAddressIndex,
          accounts: ix.accountIndices ?? [],
          data: getBase58Decoder58(ix.data ?? new Uint8Array()),
          stackHeight: null,
        })),
        ...(m.version === 0 ? { addressTableLookups: [] } : {}),
      },
    },
  };
}
