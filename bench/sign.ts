// Raw Ed25519 rates (node:crypto with a cached KeyObject against tweetnacl) and the full encode+frame+sign
// path for each framing. `npx tsx bench/sign.ts`
import nacl from 'tweetnacl';
import { SigningKey, generateKeypair, verifyEd25519 } from '../src/protocol/keys';
import { signAction } from '../src/protocol/signing';
import { encodeActionRaw } from '../src/protocol/codec';
import { loadSchema, readBundledProto } from '../src/protocol/schema';
import { measure, report } from './report';

const { secretSeed } = generateKeypair();
const key = new SigningKey(secretSeed);
const naclKey = nacl.sign.keyPair.fromSeed(secretSeed);
const schema = loadSchema(readBundledProto());
const message = Buffer.alloc(64, 1);
const signature = key.sign(message);
let nonce = 0;
const nextRaw = (): Buffer =>
  encodeActionRaw(schema, {
    currentTimestamp: 1_767_225_600n,
    nonce: (nonce = (nonce + 1) % 0xffffffff),
    kind: { type: 'withdraw', tokenId: 0, sessionId: 42n, amount: 25_000_000n, accountId: 1 },
  });

report('sign', [
  measure('node:crypto sign (cached KeyObject)', () => key.sign(message)),
  measure('tweetnacl sign', () => nacl.sign.detached(message, naclKey.secretKey), undefined, 10),
  measure('node:crypto verify (cached KeyObject)', () => verifyEd25519(key.publicKey, message, signature)),
  measure('encode + frame withdraw', () => nextRaw()),
  measure('encode + frame + sign (session)', () => signAction(nextRaw(), key, 'session')),
  measure('encode + frame + sign (hex)', () => signAction(nextRaw(), key, 'hex')),
  measure('encode + frame + sign (chainTransaction)', () => signAction(nextRaw(), key, 'chainTransaction')),
]);
