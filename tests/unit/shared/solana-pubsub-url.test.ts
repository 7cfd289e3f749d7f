// A Solana RPC's PubSub WebSocket, by Solana's convention: the next port over ws(s), or the same address
// where the RPC has no port.
import { describe, expect, it } from 'vitest';
import { pubsubUrlOf } from '../../../src/shared/solana-pubsub-url';

describe("a Solana RPC's PubSub address", () => {
  it('is the next port, over ws for http and wss for https', () => {
    expect(pubsubUrlOf('http://127.0.0.1:8899')).toBe('ws://127.0.0.1:8900');
    expect(pubsubUrlOf('https://rpc.example:8443/')).toBe('wss://rpc.example:8444');
  });

  it('is the same address over ws(s) when the RPC has no port', () => {
    expect(pubsubUrlOf('https://api.devnet.solana.com')).toBe('wss://api.devnet.solana.com');
    expect(pubsubUrlOf('https://rpc.example/key/abc')).toBe('wss://rpc.example/key/abc');
  });
});
