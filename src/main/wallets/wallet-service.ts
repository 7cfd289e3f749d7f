// Wallets: Ed25519 keys whose secret lives only in the OS keychain. Metadata (label, public key, order, how
// and for which network each was added) is a plain JSON file because none of it is secret. Adding a key
// from outside and removing one are money decisions: each needs the passphrase, for that one call
// (ownership.ts says why). The secret reaches the renderer in exactly two
// places, both asked for by the person: the one-time reveal at creation, and an export after re-entering
// the passphrase (docs/custody.md).
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import bs58 from 'bs58';
import { z } from 'zod';
import { AppFailure } from '../../shared/result';
import { SigningKey, generateKeypair } from '../../protocol/keys';
import { ProtocolError } from '../../protocol/errors';
import type { SecretStore } from '../keychain/secret-store';
import type { KeyGate } from './key-gate';
import { writeFileAtomic } from '../../support/atomic-file';
import type { WalletInfoSchema } from '../../shared/ipc/wallets';
import { networkOf, ownOn, type NetworkKind, type WalletOrigin } from './ownership';

export type WalletInfo = z.output<typeof WalletInfoSchema>;

const WalletRecordSchema = z.object({
  walletId: z.string(),
  label: z.string(),
  publicKey: z.string(),
  createdAt: z.number(),
  origin: z.enum(['created', 'imported', 'demo']),
  /** the one network the wallet belongs to (a demo wallet's); null: every network */
  network: z.enum(['embedded-devnet', 'embedded-devnet-demo', 'custom']).nullable(),
});
type WalletRecord = z.output<typeof WalletRecordSchema>;

const WalletFileSchema = z.object({ version: z.literal(2), wallets: z.array(WalletRecordSchema) });

const info = ({ walletId, label, publicKey, createdAt }: WalletRecord): WalletInfo => ({
  walletId,
  label,
  publicKey,
  createdAt,
});

interface Pending {
  pendingId: string;
  label: string;
  secret: Buffer;
  publicKey: string;
  expiresAt: number;
}

export const CONFIRM_CHARACTERS = 6;
const PENDING_TTL_MS = 10 * 60_000;
/** The keychain name of a wallet's secret (sealed by the store the service is given). */
const secretItem = (publicKey: string): string => `wallet:${publicKey}`;

export interface WalletServiceDeps {
  store: SecretStore;
  lock: KeyGate;
  dataDir: string;
  /** the network connected now (null: none yet): a wallet that belongs to another one is not listed */
  network?: () => NetworkKind | null;
  now?: () => number;
  /** removes everything else kept for a wallet (its session keys) when it is removed */
  onRemoved?: (wallet: WalletInfo) => Promise<void>;
  /** a wallet was added (created, imported, adopted): its watch for sessions made elsewhere starts now */
  onAdded?: (wallet: WalletInfo) => Promise<void>;
}

function checkLabel(label: string): string {
  const trimmed = label.trim();
  if (trimmed.length === 0 || trimmed.length > 40)
    throw new AppFailure('INVALID_ARGUMENT', 'A wallet name has 1 to 40 characters.');
  return trimmed;
}

/**
 * base58 of a 64-byte or 32-byte secret key, or a settlement-chain CLI keypair file (a JSON array of 64
 * bytes). Returns the key and the normalised 64-byte secret (seed || public key); the caller wipes it.
 */
export function parseSecretKey(text: string): { key: SigningKey; secret: Buffer } {
  const trimmed = text.trim();
  let bytes: Uint8Array;
  if (trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new AppFailure('INVALID_ARGUMENT', 'This keypair file is not valid JSON.');
    }
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 64 ||
      !parsed.every((n) => Number.isInteger(n) && n >= 0 && n <= 255)
    ) {
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'A keypair file holds a JSON array of 64 numbers from 0 to 255.',
      );
    }
    bytes = Uint8Array.from(parsed as number[]);
  } else {
    try {
      bytes = bs58.decode(trimmed);
    } catch {
      throw new AppFailure('INVALID_ARGUMENT', 'That is not a base58 secret key.');
    }
  }
  try {
    const key = SigningKey.fromSecretKey(bytes);
    return { key, secret: Buffer.concat([bytes.subarray(0, 32), key.publicKey]) };
  } catch (error) {
    if (error instanceof ProtocolError)
      throw new AppFailure('INVALID_ARGUMENT', `That secret key is not usable: ${error.message}.`);
    throw error;
  } finally {
    bytes.fill(0);
  }
}

export class WalletService {
  private readonly pending = new Map<string, Pending>();
  /** public keys being stored and wallet ids being removed: taken before any await, so a second call waits its turn out */
  private readonly busy = new Set<string>();
  /** where the list is kept (a passphrase reset removes it) */
  readonly file: string;
  private readonly now: () => number;

  constructor(private readonly deps: WalletServiceDeps) {
    this.file = join(deps.dataDir, 'wallets.json');
    this.now = deps.now ?? Date.now;
    deps.lock.onLock(() => this.wipePending());
  }

  private records(): WalletRecord[] {
    if (!existsSync(this.file)) return [];
    const parsed = WalletFileSchema.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
    if (!parsed.success) throw new AppFailure('INTERNAL', `The wallet list at ${this.file} is damaged.`);
    return parsed.data.wallets;
  }

  /**
   * The person's wallets on the network connected now: every list, picker and "own" decision starts here
   * (ownership.ts). A demo wallet is not among them anywhere but on the demo devnet.
   */
  list(): WalletInfo[] {
    const network = this.deps.network?.() ?? null;
    return this.records()
      .filter((w) => ownOn(w, network))
      .map(info);
  }

  /** Every wallet kept here, whatever its network: for keeping the keychain, never for deciding ownership. */
  all(): WalletInfo[] {
    return this.records().map(info);
  }

  /** Every wallet kept here with how it came to be here: what a passphrase reset says it erases. */
  kept(): (WalletInfo & { origin: WalletOrigin; item: string })[] {
    return this.records().map((w) => ({ ...info(w), origin: w.origin, item: secretItem(w.publicKey) }));
  }

  get(walletId: string): WalletInfo {
    const wallet = this.list().find((w) => w.walletId === walletId);
    if (!wallet) throw new AppFailure('NOT_FOUND', 'There is no such wallet.');
    return wallet;
  }

  private save(wallets: WalletRecord[]): void {
    writeFileAtomic(this.file, JSON.stringify({ version: 2, wallets }, null, 2));
  }

  /**
   * Step one: a new key, shown once, with the passphrase for this one call. Nothing is stored until the
   * person confirms they saved it. Whoever sees the reveal holds a key that will count as the person's own
   * (money moves to it without asking), so the reveal is guarded like an export.
   */
  async create(
    label: string,
    passphrase: string,
  ): Promise<{
    pendingId: string;
    publicKey: string;
    secretKey: string;
    confirmCharacters: number;
  }> {
    this.deps.lock.requireUnlocked();
    checkLabel(label);
    await this.deps.lock.reauthenticate(passphrase);
    this.expirePending();
    const { secretSeed, publicKey } = generateKeypair();
    const secret = Buffer.concat([secretSeed, publicKey]);
    secretSeed.fill(0);
    const pendingId = randomUUID();
    const pk = bs58.encode(publicKey);
    this.pending.set(pendingId, {
      pendingId,
      label: checkLabel(label),
      secret,
      publicKey: pk,
      expiresAt: this.now() + PENDING_TTL_MS,
    });
    return {
      pendingId,
      publicKey: pk,
      secretKey: bs58.encode(secret),
      confirmCharacters: CONFIRM_CHARACTERS,
    };
  }

  /** Step two: the person retypes the last characters of the secret; only then is it stored. */
  async confirmBackup(pendingId: string, confirmation: string): Promise<WalletInfo> {
    this.deps.lock.requireUnlocked();
    this.expirePending();
    const pending = this.pending.get(pendingId);
    if (!pending)
      throw new AppFailure('NOT_FOUND', 'This new wallet expired before it was confirmed. Create it again.');
    const expected = bs58.encode(pending.secret).slice(-CONFIRM_CHARACTERS);
    if (confirmation.trim() !== expected) {
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `Those are not the last ${CONFIRM_CHARACTERS} characters of the secret key. Check your backup.`,
      );
    }
    const wallet = await this.store(
      pending.label,
      SigningKey.fromSecretKey(pending.secret),
      bs58.encode(pending.secret),
      'created',
    );
    pending.secret.fill(0);
    this.pending.delete(pendingId);
    return wallet;
  }

  /**
   * A key from outside, with the passphrase for this one call: once here, money moves to its accounts without
   * asking, so the person vouches for it. The key and the name are checked first, so a typo costs no attempt;
   * a wrong passphrase counts toward the unlock's back-off.
   */
  async import(label: string, secretText: string, passphrase: string): Promise<WalletInfo> {
    this.deps.lock.requireUnlocked();
    checkLabel(label);
    const { key, secret } = parseSecretKey(secretText);
    try {
      await this.deps.lock.reauthenticate(passphrase);
      return await this.store(label, key, bs58.encode(secret), 'imported');
    } finally {
      secret.fill(0);
    }
  }

  /**
   * Main-only, never an IPC method: stores a key the caller vouches for itself. A recovery phrase's wallets
   * (made here, or imported with the passphrase checked by the phrase service) and the demo devnet's wallets,
   * which belong to it alone.
   */
  async adopt(label: string, secretBase58: string, origin: WalletOrigin): Promise<WalletInfo> {
    this.deps.lock.requireUnlocked();
    const { key, secret } = parseSecretKey(secretBase58);
    try {
      return await this.store(label, key, bs58.encode(secret), origin);
    } finally {
      secret.fill(0);
    }
  }

  private async store(
    label: string,
    key: SigningKey,
    secretBase58: string,
    origin: WalletOrigin,
  ): Promise<WalletInfo> {
    const publicKey = bs58.encode(key.publicKey);
    const name = checkLabel(label);
    const known = this.records().find((w) => w.publicKey === publicKey);
    if (known?.origin === 'demo' && origin !== 'demo')
      throw new AppFailure(
        'CONFLICT',
        'This is the key of one of the demo wallets. It follows from a public name, so anyone has it: it stays a demo wallet, on the demo devnet only.',
      );
    if (known || this.busy.has(publicKey))
      throw new AppFailure('CONFLICT', 'This wallet is already in Perpetua.');
    this.busy.add(publicKey);
    try {
      // Keychain first: if it fails, no wallet appears without its key.
      await this.deps.store.set(secretItem(publicKey), secretBase58);
      const wallet: WalletRecord = {
        walletId: randomUUID(),
        label: name,
        publicKey,
        createdAt: this.now(),
        origin,
        network: networkOf(origin),
      };
      this.save([...this.records(), wallet]);
      // the wallet is added whatever its first watch read answers (an unreachable exchange is said elsewhere)
      await this.deps.onAdded?.(info(wallet)).catch(() => undefined);
      return info(wallet);
    } finally {
      this.busy.delete(publicKey);
    }
  }

  rename(walletId: string, label: string): WalletInfo {
    this.deps.lock.requireUnlocked();
    const name = checkLabel(label);
    this.get(walletId);
    const wallets = this.records();
    const wallet = wallets.find((w) => w.walletId === walletId)!;
    wallet.label = name;
    this.save(wallets);
    return info(wallet);
  }

  /**
   * The caller confirms by naming the wallet's public key, and with the passphrase for this one call: what
   * a removed key could sign for is gone from this computer. Its secret and its sessions' secrets go too.
   */
  async remove(walletId: string, confirmPublicKey: string, passphrase: string): Promise<void> {
    this.deps.lock.requireUnlocked();
    const wallet = this.get(walletId);
    if (confirmPublicKey.trim() !== wallet.publicKey)
      throw new AppFailure('INVALID_ARGUMENT', 'Type the wallet’s public key to confirm its removal.');
    if (this.busy.has(walletId)) throw new AppFailure('CONFLICT', 'This wallet is being removed already.');
    this.busy.add(walletId);
    try {
      await this.deps.lock.reauthenticate(passphrase);
      await this.deps.onRemoved?.(wallet);
      await this.deps.store.delete(secretItem(wallet.publicKey));
      this.save(this.records().filter((w) => w.walletId !== walletId));
    } finally {
      this.busy.delete(walletId);
    }
  }

  /** After the passphrase is entered again, the secret key once, for the person's own backup. */
  async export(walletId: string, passphrase: string): Promise<{ publicKey: string; secretKey: string }> {
    await this.deps.lock.reauthenticate(passphrase);
    const wallet = this.get(walletId);
    const secret = await this.deps.store.get(secretItem(wallet.publicKey));
    if (secret === null)
      throw new AppFailure('KEYCHAIN_UNAVAILABLE', 'This wallet’s key is missing from the OS keychain.');
    return { publicKey: wallet.publicKey, secretKey: secret };
  }

  /** Main-process only: never an IPC method. Read from the keychain each time; nothing is cached. */
  async signingKey(walletId: string): Promise<SigningKey> {
    this.deps.lock.requireUnlocked();
    const wallet = this.get(walletId);
    const secret = await this.deps.store.get(secretItem(wallet.publicKey));
    if (secret === null)
      throw new AppFailure('KEYCHAIN_UNAVAILABLE', 'This wallet’s key is missing from the OS keychain.');
    const bytes = bs58.decode(secret);
    try {
      return SigningKey.fromSecretKey(bytes);
    } finally {
      bytes.fill(0);
    }
  }

  private expirePending(): void {
    const now = this.now();
    for (const [id, p] of this.pending) {
      if (p.expiresAt <= now) {
        p.secret.fill(0);
        this.pending.delete(id);
      }
    }
  }

  private wipePending(): void {
    for (const p of this.pending.values()) p.secret.fill(0);
    this.pending.clear();
  }
}
