// The demo scenario's file (resources/demo/scenario.json) and its wallets: the devnet plays the scenario in
// (src/devnet/demo.ts) and the app imports the same wallets when the person asks for demo data, so
// both read the file and derive the keys here. Keys derive from public labels: demo only.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import bs58 from 'bs58';
import { z } from 'zod';
import { SigningKey } from '../protocol/keys';

const Decimal = z.string().regex(/^\d+(\.\d+)?$/);
const Step = z.discriminatedUnion('do', [
  z.object({ do: z.literal('deposit'), token: z.string(), amount: Decimal }),
  z.object({
    do: z.literal('transfer'),
    from: z.number().int().min(0),
    to: z.union([z.literal('new'), z.number().int().min(0)]),
    token: z.string(),
    amount: Decimal,
  }),
  z.object({
    do: z.literal('transferTo'),
    wallet: z.string(),
    account: z.number().int().min(0),
    from: z.number().int().min(0),
    token: z.string(),
    amount: Decimal,
  }),
  z.object({
    do: z.literal('order'),
    account: z.number().int().min(0),
    market: z.string(),
    side: z.enum(['BID', 'ASK']),
    size: Decimal,
    /** a resting limit order at this price; absent: a market order */
    limit: Decimal.optional(),
    reduceOnly: z.boolean().optional(),
  }),
  z.object({
    do: z.literal('withdraw'),
    account: z.number().int().min(0),
    token: z.string(),
    amount: Decimal,
  }),
  z.object({
    do: z.literal('vaultDeposit'),
    account: z.number().int().min(0),
    vault: z.number().int(),
    amount: Decimal,
  }),
  z.object({
    do: z.literal('vaultWithdraw'),
    account: z.number().int().min(0),
    vault: z.number().int(),
    kind: z.enum(['QUOTE_NOTIONAL', 'SHARES']),
    amount: Decimal,
  }),
]);
export const DemoScenarioSchema = z.object({
  note: z.string(),
  wallets: z.array(
    z.object({
      label: z.string().min(1).max(40),
      faucet: z.array(z.object({ token: z.string(), amount: Decimal })),
      steps: z.array(Step),
    }),
  ),
});
export type DemoScenario = z.infer<typeof DemoScenarioSchema>;

/** Finds resources/demo/scenario.json walking up from this module (src under tsx, out/ when built). */
export function loadDemoScenario(start = dirname(fileURLToPath(import.meta.url))): DemoScenario {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'resources', 'demo', 'scenario.json');
    if (existsSync(candidate)) return DemoScenarioSchema.parse(JSON.parse(readFileSync(candidate, 'utf8')));
    if (dirname(dir) === dir) throw new Error('resources/demo/scenario.json was not found');
  }
}

/** The demo wallet's 32-byte seed, derived from its label; base58 of it imports into the app. */
export function demoWalletSeed(label: string): Buffer {
  return createHash('sha256').update(`perpetua-demo-wallet:${label}`).digest();
}

/** The seed of the session key the demo makes for a wallet as it plays the scenario in. */
export function demoSessionSeed(label: string): Buffer {
  return createHash('sha256').update(`perpetua-demo-session:${label}`).digest();
}

/**
 * Each demo wallet's public key and the public key of the session the demo made for it: the app knows those
 * sessions as the demo's, not as a stranger's.
 */
export function demoSessions(scenario: DemoScenario): Map<string, string> {
  return new Map(
    scenario.wallets.map((w) => [
      bs58.encode(new SigningKey(demoWalletSeed(w.label)).publicKey),
      bs58.encode(new SigningKey(demoSessionSeed(w.label)).publicKey),
    ]),
  );
}

export function demoWallets(scenario: DemoScenario): { label: string; secret: string; publicKey: string }[] {
  return scenario.wallets.map((w) => {
    const seed = demoWalletSeed(w.label);
    return {
      label: w.label,
      secret: bs58.encode(seed),
      publicKey: bs58.encode(new SigningKey(seed).publicKey),
    };
  });
}
