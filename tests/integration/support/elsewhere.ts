// Another device holding a wallet's key makes a session this app never saw, by signing CreateSession with the
// wallet key and posting it to the exchange directly, as an attacker with a leaked key would.
import bs58 from 'bs58';
import { SigningKey, generateKeypair } from '../../../src/protocol/keys';
import { encodeActionRaw } from '../../../src/protocol/codec';
import { signAction } from '../../../src/protocol/signing';
import { buildActionBody } from '../../../src/protocol/framing';
import type { ProtocolSchema } from '../../../src/protocol/schema';

/** Returns the new session's id (the exchange's highest for the wallet). */
export async function sessionFromElsewhere(options: {
  baseUrl: string;
  schema: ProtocolSchema;
  wallet: SigningKey;
  /** the exchange's time, in seconds */
  nowSeconds: bigint;
  /** the session's key (default: a fresh one) */
  session?: SigningKey;
}): Promise<string> {
  const { baseUrl, wallet, nowSeconds } = options;
  const signer = bs58.encode(wallet.publicKey);
  const last = await fetch(`${baseUrl}/event/last-acked-nonce?signer=${signer}`).then((r) => r.json());
  const raw = encodeActionRaw(options.schema, {
    currentTimestamp: nowSeconds,
    // the other device's own count, well ahead of this one's
    nonce: Number(last) + 1_000_000,
    kind: {
      type: 'createSession',
      userPubkey: wallet.publicKey,
      sessionPubkey: (options.session ?? new SigningKey(generateKeypair().secretSeed)).publicKey,
      expiryTimestamp: nowSeconds + 7200n,
    },
  });
  const answer = await fetch(`${baseUrl}/action`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: buildActionBody(raw, signAction(raw, wallet, 'hex')),
  });
  if (!answer.ok)
    throw new Error(`the exchange refused the session: ${answer.status} ${await answer.text()}`);
  const user = (await fetch(`${baseUrl}/user/${signer}`).then((r) => r.json())) as {
    sessions: Record<string, { sessionId: string }>;
  };
  return Object.values(user.sessions)
    .map((s) => BigInt(s.sessionId))
    .reduce((a, b) => (a > b ? a : b))
    .toString();
}
