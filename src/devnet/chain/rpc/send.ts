// sendTransaction and simulateTransaction: the wire decoded and bounded, preflight as a validator runs it
// (simulation at the preflight commitment, its failure as -32002 with the logs), and a resend of a
// transaction that already ran answered with its signature.
import { getBase58Encoder, getBase64Encoder, type Address } from '@solana/kit';
import type { ChainRuntime } from '../runtime';
import { accountJson } from './accounts';
import type { MethodContext } from './context';
import { RPC_ERRORS, RpcError, big, describeErr, invalid } from './wire';

/** The largest transaction Solana's packets carry. */
const MAX_WIRE_BYTES = 1232;
const codecs = { base64: getBase64Encoder(), base58: getBase58Encoder() };

export type WireEncoding = 'base58' | 'base64';

/** The transaction's bytes, or -32602 when the text is not the encoding or the size. */
export function wireBytes(text: string, encoding: WireEncoding = 'base58'): Uint8Array {
  try {
    const bytes =
      encoding === 'base64'
        ? /^[A-Za-z0-9+/]*={0,2}$/.test(text)
          ? new Uint8Array(codecs.base64.encode(text))
          : null
        : new Uint8Array(codecs.base58.encode(text));
    if (bytes && bytes.length > 0 && bytes.length <= MAX_WIRE_BYTES) return bytes;
  } catch {
    // answered below
  }
  throw invalid(`the transaction is not valid ${encoding} of at most ${MAX_WIRE_BYTES} bytes`);
}

const signatureFailure = () =>
  new RpcError(RPC_ERRORS.SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');

const preflightData = (err: unknown, logs: string[], units: string | number) => ({
  err,
  logs,
  accounts: null,
  unitsConsumed: big(units),
  returnData: null,
});

function refusal(reason: 'decode' | 'signatures' | 'blockhash', message: string): RpcError {
  if (reason === 'decode')
    return message.includes('version')
      ? new RpcError(RPC_ERRORS.UNSUPPORTED_TRANSACTION_VERSION, message)
      : invalid(`failed to deserialize the transaction: ${message}`);
  if (reason === 'signatures') return signatureFailure();
  return new RpcError(
    RPC_ERRORS.SEND_PREFLIGHT_FAILURE,
    'Transaction simulation failed: Blockhash not found',
    preflightData('BlockhashNotFound', [], 0),
  );
}

export function sendTransaction(
  ctx: MethodContext,
  text: string,
  config: { encoding?: WireEncoding | undefined; skipPreflight?: boolean | undefined },
): string {
  const { chain } = ctx;
  const wire = wireBytes(text, config.encoding);
  // The same signed transaction sent again (an answer was lost, the app restarted) is answered with its
  // signature: it ran once, and its blockhash may have expired since.
  const signature = chain.signatureOf(wire);
  if (signature !== null && chain.transaction(signature)) return signature;
  if (!config.skipPreflight) {
    const sim = chain.simulate(wire, true);
    if (!sim.ok) throw refusal(sim.reason, sim.message);
    if (sim.err === 'SignatureFailure') throw signatureFailure();
    if (sim.err !== null)
      throw new RpcError(
        RPC_ERRORS.SEND_PREFLIGHT_FAILURE,
        `Transaction simulation failed: ${describeErr(sim.err)}`,
        preflightData(sim.err, sim.logs, sim.computeUnits),
      );
  }
  const outcome = chain.send(wire);
  if (outcome.ok) {
    if (!outcome.duplicate) ctx.changed();
    return outcome.record.signature;
  }
  if (outcome.reason === 'failed') {
    // It landed and failed (fee charged), as with skipPreflight on Solana: the signature is the answer.
    if (chain.transaction(outcome.record.signature)) {
      ctx.changed();
      return outcome.record.signature;
    }
    if (outcome.record.err === 'SignatureFailure') throw signatureFailure();
    throw new RpcError(
      RPC_ERRORS.SEND_PREFLIGHT_FAILURE,
      `Transaction failed: ${describeErr(outcome.record.err)}`,
      preflightData(outcome.record.err, outcome.record.logs, outcome.record.computeUnits),
    );
  }
  throw refusal(outcome.reason, outcome.message);
}

export interface SimulateConfig {
  encoding?: WireEncoding | undefined;
  sigVerify?: boolean | undefined;
  replaceRecentBlockhash?: boolean | undefined;
  accounts?: { addresses: string[]; encoding?: string | undefined } | undefined;
}

export function simulateTransaction(ctx: MethodContext, text: string, config: SimulateConfig): unknown {
  const chain: ChainRuntime = ctx.chain;
  if (config.sigVerify && config.replaceRecentBlockhash)
    throw invalid('sigVerify may not be used with replaceRecentBlockhash');
  const wire = wireBytes(text, config.encoding);
  const addresses = (config.accounts?.addresses ?? []) as Address[];
  const sim = chain.simulate(wire, !config.replaceRecentBlockhash, addresses, config.sigVerify ?? false);
  if (!sim.ok) {
    if (sim.reason === 'blockhash')
      return { context: ctx.context(), value: preflightData('BlockhashNotFound', [], 0) };
    throw refusal(sim.reason, sim.message);
  }
  const encoding = config.accounts?.encoding ?? 'base64';
  const latest = chain.latestBlockhash();
  return {
    context: ctx.context(),
    value: {
      err: sim.err,
      logs: sim.logs,
      accounts: config.accounts
        ? sim.accounts.map((a) =>
            a ? accountJson({ ...a, programAddress: a.owner }, encoding, ctx.decimalsOf) : null,
          )
        : null,
      unitsConsumed: big(sim.computeUnits),
      returnData: null,
      ...(config.replaceRecentBlockhash
        ? {
            replacementBlockhash: {
              blockhash: latest.blockhash,
              lastValidBlockHeight: big(latest.lastValidBlockHeight),
            },
          }
        : {}),
    },
  };
}
