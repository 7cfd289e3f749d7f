// The settlement chain's PubSub WebSocket as the app follows it (@solana/kit's subscriptions, at the
// RPC's port + 1 by Solana's convention): a deposit's signature until it lands, and a wallet's accounts
// until they change. An RPC without a PubSub answers nothing there; the caller then polls instead, and
// the Settings page says which of the two it does.
import {
  createSolanaRpcSubscriptions,
  type Address,
  type RpcSubscriptions,
  type Signature,
  type SolanaRpcSubscriptionsApi,
} from '@solana/kit';
import { pubsubUrlOf } from '../../shared/solana-pubsub-url';

/** How long a first subscription may take before the PubSub counts as absent. */
const SUBSCRIBE_TIMEOUT_MS = 3_000;
/** An absent PubSub is asked again after this long (it may have been down a moment). */
const ABSENT_FOR_MS = 60_000;

export type Unwatch = () => void;

export interface ChainWatch {
  /** where the PubSub is looked for */
  url: string;
  /** whether a subscription there is answered (asked once, then remembered until one fails) */
  live(): Promise<boolean>;
  /**
   * Tells onLanded (with the transaction's error, null when it succeeded) once the signature is confirmed;
   * onLost when the socket ends first. null when the PubSub did not answer: the caller polls.
   */
  signature(signature: string, onLanded: (err: unknown) => void, onLost: () => void): Promise<Unwatch | null>;
  /** Tells onChange whenever one of the accounts changes; null when the PubSub did not answer. */
  accounts(addresses: readonly string[], onChange: () => void, onLost: () => void): Promise<Unwatch | null>;
}

export function createChainWatch(rpcUrl: string): ChainWatch {
  let url: string;
  try {
    url = pubsubUrlOf(rpcUrl);
  } catch {
    url = '';
  }
  let subscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi> | null = null;
  let known: boolean | null = null;
  let absentSince = 0;
  const absent = () => known === false && Date.now() - absentSince < ABSENT_FOR_MS;
  const client = () => (subscriptions ??= createSolanaRpcSubscriptions(url));

  /** Starts one subscription and hands each notification on; null when it is not answered in time. */
  async function follow<T>(
    start: (abortSignal: AbortSignal) => Promise<AsyncIterable<T>>,
    each: (n: T) => boolean | void,
    onLost: () => void,
  ): Promise<Unwatch | null> {
    if (url === '' || absent()) return null;
    const abort = new AbortController();
    let iterable: AsyncIterable<T>;
    try {
      iterable = await Promise.race([
        start(abort.signal),
        new Promise<never>((_r, reject) =>
          setTimeout(() => reject(new Error('no answer')), SUBSCRIBE_TIMEOUT_MS).unref(),
        ),
      ]);
      known = true;
    } catch {
      abort.abort();
      known = false;
      absentSince = Date.now();
      return null;
    }
    void (async () => {
      try {
        for await (const n of iterable) if (each(n) === true) return abort.abort();
      } catch {
        // the socket ended (or was aborted below)
      }
      if (!abort.signal.aborted) {
        // asked again next time: the PubSub may be back
        known = null;
        onLost();
      }
    })();
    return () => abort.abort();
  }

  return {
    url,
    live: async () => {
      if (known === true || absent()) return known === true;
      const probe = await follow(
        (abortSignal) => client().slotNotifications().subscribe({ abortSignal }),
        () => true,
        () => {},
      );
      probe?.();
      return probe !== null;
    },
    signature: (signature, onLanded, onLost) =>
      follow(
        (abortSignal) =>
          client()
            .signatureNotifications(signature as Signature, { commitment: 'confirmed' })
            .subscribe({ abortSignal }),
        (n) => {
          onLanded(n.value.err);
          return true;
        },
        onLost,
      ),
    accounts: async (addresses, onChange, onLost) => {
      const stops: Unwatch[] = [];
      for (const address of addresses) {
        const stop = await follow(
          (abortSignal) =>
            client()
              .accountNotifications(address as Address, { commitment: 'confirmed', encoding: 'base64' })
              .subscribe({ abortSignal }),
          () => onChange(),
          onLost,
        );
        if (!stop) {
          stops.forEach((s) => s());
          return null;
        }
        stops.push(stop);
      }
      return () => stops.forEach((s) => s());
    },
  };
}
