// The signing pipeline's own cost per action, without the network: build the canonical action, frame and
// sign it, and (the real path) reserve its nonce and journal the signed body durably before sending.
// `npx tsx bench/pipeline.ts`
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bs58 from 'bs58';
import { SigningKey, generateKeypair } from '../src/protocol/keys';
import { signAction } from '../src/protocol/signing';
import { buildActionBody } from '../src/protocol/framing';
import { encodeActionRaw } from '../src/protocol/codec';
import { loadSchema, readBundledProto } from '../src/protocol/schema';
import { NonceJournal } from '../src/main/nonces/nonce-journal';
import { measure, reportGoals } from './report';

const schema = loadSchema(readBundledProto());
const key = new SigningKey(generateKeypair().secretSeed);
const signer = bs58.encode(key.publicKey);
const message = Buffer.alloc(64, 7);
const dir = mkdtempSync(join(tmpdir(), 'perpetua-bench-'));
const journal = new NonceJournal(join(dir, 'nonces.json'));
let nonce = 0;

const buildAndSign = (n: number): Buffer => {
  const raw = encodeActionRaw(schema, {
    currentTimestamp: 1_795_000_000n,
    nonce: n,
    kind: {
      type: 'withdraw',
      sessionId: 42n,
      tokenId: 0,
      amount: 25_000_000n,
      accountId: 3,
      destPubkey: key.publicKey,
    },
  });
  return buildActionBody(raw, signAction(raw, key, 'session'));
};

const rows = [
  measure('raw node:crypto Ed25519 sign (cached KeyObject)', () => key.sign(message)),
  measure('pipeline build + frame + sign (withdraw, session key)', () =>
    buildAndSign((nonce = (nonce % 1_000_000) + 1)),
  ),
  measure(
    'the same + nonce reserved and body journalled with fsync',
    () => {
      const pending = journal.reserve(
        signer,
        (n) => ({ body: buildAndSign(n), kind: 'withdraw' }),
        Date.now(),
      );
      journal.settle(signer, pending.nonce);
    },
    2,
    10,
  ),
];
const RATIO_GOAL = 0.7;
// the same run, one after the other, so machine load moves both figures alike
const ratio = rows[1]!.perSecond / rows[0]!.perSecond;
reportGoals(
  'pipeline',
  [
    {
      measure: rows[0]!.name,
      value: Math.round(rows[0]!.perSecond),
      unit: 'ops/s',
      goal: '(limit)',
      met: true,
    },
    { measure: rows[1]!.name, value: Math.round(rows[1]!.perSecond), unit: 'ops/s', goal: '-', met: true },
    {
      measure: 'pipeline rate / raw sign rate',
      value: Number(ratio.toFixed(2)),
      unit: 'x',
      goal: `>= ${RATIO_GOAL}`,
      met: ratio >= RATIO_GOAL,
    },
    { measure: rows[2]!.name, value: Math.round(rows[2]!.perSecond), unit: 'ops/s', goal: '-', met: true },
  ],
  { rows },
);
rmSync(dir, { recursive: true, force: true });
