// Recovery phrases: wallets made from a BIP39 phrase, imported from one the person already has, and more
// derived from it later. The phrase (with its BIP39 passphrase, if any) is kept in the keychain through the
// same SecretStore as wallet secrets, so whatever protects those protects it too; each derived wallet is
// stored as an ordinary wallet, so signing knows nothing of phrases. What is not secret (which scheme, which
// indices, which wallets) is a plain JSON file. The words reach the renderer only at creation and in an
// export after the passphrase is entered again.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import bs58 from 'bs58';
import { z } from 'zod';
import { AppFailure } from '../../shared/result';
import {
  PATH_SCHEMES,
  PATH_SCHEME_INFO,
  derivationPath,
  oneWalletOnly,
  type PathScheme,
} from '../../shared/derivation-paths';
import { publicKeyFromSeed } from '../../protocol/keys';
import type { SecretStore } from '../keychain/secret-store';
import type { KeyGate } from './key-gate';
import { writeFileAtomic } from '../../support/atomic-file';
import type { WalletInfo, WalletService } from './wallet-service';
import type { WalletOrigin } from './ownership';
import { checkPhrase, newPhrase, normalisePhrase, phraseSeed } from './mnemonic';
import { derivePath } from './slip10';
import type { DiscoveredAddressSchema, PhraseViewSchema } from '../../shared/ipc/phrases';

/** the scheme a phrase made here derives along: the one Phantom, Solflare and Backpack use */
const NEW_PHRASE_SCHEME: PathScheme = 'bip44-change';
/** how many wallets of each indexed path the import screen looks up */
const DISCOVER_PER_PATH = 5;
const BACKUP_CHECKS = 3;
const PENDING_TTL_MS = 10 * 60_000;
/** reveals and phrase checks held at once; an older one is dropped (and its seed wiped) for a new one */
const MAX_PENDING = 4;
/** how long discovery waits for an address's on-chain balances before it says they are unavailable */
const CHAIN_LOOKUP_MS = 6_000;
const phraseItem = (phraseId: string): string => `phrase:${phraseId}`;

const PhraseFileSchema = z.object({
  version: z.literal(1),
  phrases: z.array(
    z.object({
      phraseId: z.string(),
      scheme: z.enum(PATH_SCHEMES),
      wordCount: z.number().int(),
      createdAt: z.number(),
      /** tells one phrase (and BIP39 passphrase) from another without keeping anything derivable from it */
      tag: z.string(),
      wallets: z.array(z.object({ publicKey: z.string(), index: z.number().int() })),
    }),
  ),
});
type PhraseRecord = z.output<typeof PhraseFileSchema>['phrases'][number];

const StoredPhraseSchema = z.object({ words: z.string(), bip39Passphrase: z.string() });

export type PhraseView = z.output<typeof PhraseViewSchema>;
export type DiscoveredAddress = z.output<typeof DiscoveredAddressSchema>;
export type AccountLookup = NonNullable<DiscoveredAddress['lookup']>;
export type ChainLookup = NonNullable<DiscoveredAddress['chain']>;

interface PendingCreate {
  label: string;
  words: string;
  positions: number[];
  expiresAt: number;
}

interface Discovery {
  words: string;
  bip39Passphrase: string;
  seed: Uint8Array;
  expiresAt: number;
}

export interface PhraseServiceDeps {
  store: SecretStore;
  lock: KeyGate;
  wallets: WalletService;
  dataDir: string;
  now?: () => number;
  /** how long discovery waits for on-chain balances (CHAIN_LOOKUP_MS unless a test says otherwise) */
  chainLookupMs?: number;
}

function phraseTag(seed: Uint8Array): string {
  return createHash('sha256').update('perpetua phrase tag').update(seed).digest('hex').slice(0, 24);
}

/**
 * The wallet at index on a scheme under a BIP39 seed: its base58 64-byte secret (seed || public key) and
 * public key. Along a SLIP-0010 path for most schemes; solana-keygen's default derives nothing, its key is
 * the BIP39 seed's first 32 bytes (solana-keygen new: keypair_from_seed of the seed).
 */
function deriveWallet(
  seed: Uint8Array,
  scheme: PathScheme,
  index: number,
): { publicKey: string; secret: string } {
  const path = derivationPath(scheme, index);
  const { key, chainCode } = PATH_SCHEME_INFO[scheme].derived
    ? derivePath(seed, path)
    : { key: Uint8Array.from(seed.subarray(0, 32)), chainCode: new Uint8Array(0) };
  try {
    const publicKey = publicKeyFromSeed(key);
    const full = Buffer.concat([key, publicKey]);
    const secret = bs58.encode(full);
    full.fill(0);
    return { publicKey: bs58.encode(publicKey), secret };
  } finally {
    key.fill(0);
    chainCode.fill(0);
  }
}

/** the lookup's answer, or null when it failed or took longer than ms (a dead RPC must not hold the list) */
function withinDeadline<T>(answer: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([answer.catch(() => null), late]).finally(() => clearTimeout(timer));
}

function walletLabel(base: string, index: number, many: boolean): string {
  const trimmed = base.trim();
  return many ? `${trimmed.slice(0, 33)} ${index + 1}` : trimmed;
}

export class PhraseService {
  /** where the list is kept (a passphrase reset removes it) */
  readonly file: string;
  private readonly now: () => number;
  private readonly creates = new Map<string, PendingCreate>();
  private readonly discoveries = new Map<string, Discovery>();
  /** writes one at a time: two "Add next wallet" clicks must not derive the same index twice */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: PhraseServiceDeps) {
    this.file = join(deps.dataDir, 'phrases.json');
    this.now = deps.now ?? Date.now;
    deps.lock.onLock(() => this.wipe());
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => {});
    return run;
  }

  private records(): PhraseRecord[] {
    if (!existsSync(this.file)) return [];
    const parsed = PhraseFileSchema.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
    if (!parsed.success) throw new AppFailure('INTERNAL', `The phrase list at ${this.file} is damaged.`);
    return parsed.data.phrases;
  }

  private save(phrases: PhraseRecord[]): void {
    writeFileAtomic(this.file, JSON.stringify({ version: 1, phrases }, null, 2));
  }

  private record(phraseId: string): PhraseRecord {
    const found = this.records().find((p) => p.phraseId === phraseId);
    if (!found) throw new AppFailure('NOT_FOUND', 'There is no such recovery phrase.');
    return found;
  }

  /**
   * Every phrase kept here, with the public keys of the wallets made from it, locked or not (nothing secret):
   * what a passphrase reset says can be restored, and the keychain names it erases.
   */
  kept(): { item: string; wordCount: number; publicKeys: string[] }[] {
    return this.records().map((p) => ({
      item: phraseItem(p.phraseId),
      wordCount: p.wordCount,
      publicKeys: p.wallets.map((w) => w.publicKey),
    }));
  }

  list(): PhraseView[] {
    this.deps.lock.requireUnlocked();
    const wallets = new Map(this.deps.wallets.list().map((w) => [w.publicKey, w]));
    return this.records().map((p) => {
      const live = p.wallets
        .filter((w) => wallets.has(w.publicKey))
        .map((w) => ({
          walletId: wallets.get(w.publicKey)!.walletId,
          publicKey: w.publicKey,
          index: w.index,
          path: derivationPath(p.scheme, w.index),
        }))
        .sort((a, b) => a.index - b.index);
      return {
        phraseId: p.phraseId,
        scheme: p.scheme,
        wordCount: p.wordCount,
        createdAt: p.createdAt,
        wallets: live,
        nextIndex: PATH_SCHEME_INFO[p.scheme].indexed ? nextIndex(live) : null,
      };
    });
  }

  // ---- create ----

  /**
   * Step one: a new phrase, shown once, with the positions the backup check will ask for. Nothing is stored.
   * With the passphrase for this one call: whoever sees the words holds wallets that will count as the
   * person's own (WalletService.create).
   */
  async create(
    label: string,
    wordCount: 12 | 24,
    passphrase: string,
  ): Promise<{
    pendingId: string;
    mnemonic: string[];
    publicKey: string;
    path: string;
    checkPositions: number[];
  }> {
    this.deps.lock.requireUnlocked();
    const trimmed = label.trim();
    if (trimmed.length === 0 || trimmed.length > 40)
      throw new AppFailure('INVALID_ARGUMENT', 'A wallet name has 1 to 40 characters.');
    await this.deps.lock.reauthenticate(passphrase);
    this.expire();
    const words = newPhrase(wordCount);
    const positions = new Set<number>();
    while (positions.size < BACKUP_CHECKS) positions.add(randomInt(1, wordCount + 1));
    const checkPositions = [...positions].sort((a, b) => a - b);
    const seed = phraseSeed(words);
    const path = derivationPath(NEW_PHRASE_SCHEME, 0);
    const { publicKey } = deriveWallet(seed, NEW_PHRASE_SCHEME, 0);
    seed.fill(0);
    const pendingId = randomUUID();
    dropOldest(this.creates, () => {});
    this.creates.set(pendingId, {
      label: trimmed,
      words,
      positions: checkPositions,
      expiresAt: this.now() + PENDING_TTL_MS,
    });
    return { pendingId, mnemonic: words.split(' '), publicKey, path, checkPositions };
  }

  /** Step two: the words at the asked positions, in that order. Only then are the phrase and wallet stored. */
  async confirmBackup(pendingId: string, answers: string[]): Promise<WalletInfo> {
    this.deps.lock.requireUnlocked();
    this.expire();
    const pending = this.creates.get(pendingId);
    if (!pending)
      throw new AppFailure('NOT_FOUND', 'This new wallet expired before it was confirmed. Create it again.');
    const words = pending.words.split(' ');
    const wrong = pending.positions.filter(
      (position, i) => normalisePhrase(answers[i] ?? '').join(' ') !== words[position - 1],
    );
    if (answers.length !== pending.positions.length || wrong.length > 0) {
      const named = wrong.length > 0 ? wrong : pending.positions;
      const which =
        named.length === 1
          ? `word ${named[0]}`
          : `words ${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `That is not ${which} of your recovery phrase. Check your backup.`,
      );
    }
    // taken before any await: a second confirm of the same reveal finds nothing
    this.creates.delete(pendingId);
    return this.serial(async () => {
      try {
        const seed = phraseSeed(pending.words);
        try {
          const [wallet] = await this.storeWallets(
            pending.words,
            '',
            seed,
            NEW_PHRASE_SCHEME,
            [0],
            pending.label,
            'created',
          );
          return wallet!;
        } finally {
          seed.fill(0);
        }
      } catch (error) {
        // a keychain failure: the person can try again with the words they already wrote down
        this.creates.set(pendingId, pending);
        throw error;
      }
    });
  }

  // ---- import ----

  /**
   * Checks a phrase and lists the first wallets on each path with what the exchange holds for them and, when
   * chain is given, what each holds on the chain (null where that could not be read in a few seconds).
   */
  async discover(
    phraseText: string,
    bip39Passphrase: string,
    lookup: (publicKey: string) => Promise<AccountLookup>,
    chain?: (publicKey: string) => Promise<ChainLookup>,
  ): Promise<{
    discoveryId: string;
    wordCount: number;
    paths: { scheme: PathScheme; addresses: DiscoveredAddress[] }[];
  }> {
    this.deps.lock.requireUnlocked();
    this.expire();
    const words = checkPhrase(phraseText);
    const seed = phraseSeed(words, bip39Passphrase);
    const discoveryId = randomUUID();
    dropOldest(this.discoveries, (d) => d.seed.fill(0));
    this.discoveries.set(discoveryId, {
      words,
      bip39Passphrase,
      seed,
      expiresAt: this.now() + PENDING_TTL_MS,
    });
    const existing = new Map(this.deps.wallets.list().map((w) => [w.publicKey, w.walletId]));
    const paths = PATH_SCHEMES.map((scheme) => {
      const count = PATH_SCHEME_INFO[scheme].indexed ? DISCOVER_PER_PATH : 1;
      return {
        scheme,
        addresses: Array.from({ length: count }, (_, index) => ({
          index,
          path: derivationPath(scheme, index),
          publicKey: deriveWallet(seed, scheme, index).publicKey,
        })),
      };
    });
    const all = paths.flatMap((p) => p.addresses);
    const [lookups, chains] = await Promise.all([
      Promise.all(all.map((a) => lookup(a.publicKey).catch((): AccountLookup | null => null))),
      Promise.all(
        all.map((a) =>
          chain
            ? withinDeadline(chain(a.publicKey), this.deps.chainLookupMs ?? CHAIN_LOOKUP_MS)
            : Promise.resolve(null),
        ),
      ),
    ]);
    let n = 0;
    return {
      discoveryId,
      wordCount: words.split(' ').length,
      paths: paths.map((p) => ({
        scheme: p.scheme,
        addresses: p.addresses.map((a) => ({
          ...a,
          walletId: existing.get(a.publicKey) ?? null,
          lookup: lookups[n] ?? null,
          chain: chains[n++] ?? null,
        })),
      })),
    };
  }

  /**
   * Stores the phrase and the wallets the person picked on one path, with the passphrase for this one call
   * (keys from outside: see WalletService.import); the discovery is used up. A wrong passphrase leaves it
   * to try again with, and counts toward the unlock's back-off.
   */
  async importChosen(
    discoveryId: string,
    scheme: PathScheme,
    indices: number[],
    label: string,
    passphrase: string,
  ): Promise<WalletInfo[]> {
    this.deps.lock.requireUnlocked();
    this.expire();
    const unique = [...new Set(indices)].sort((a, b) => a - b);
    if (unique.length === 0) throw new AppFailure('INVALID_ARGUMENT', 'Pick at least one wallet to add.');
    if (!PATH_SCHEME_INFO[scheme].indexed && unique.some((i) => i !== 0))
      throw new AppFailure('INVALID_ARGUMENT', `${oneWalletOnly(scheme)}.`);
    const expired = () =>
      new AppFailure('NOT_FOUND', 'This phrase check expired. Enter the recovery phrase again.');
    if (!this.discoveries.has(discoveryId)) throw expired();
    await this.deps.lock.reauthenticate(passphrase);
    // taken only now, after the await: of two imports of one discovery, the second finds nothing
    const discovery = this.discoveries.get(discoveryId);
    if (!discovery) throw expired();
    this.discoveries.delete(discoveryId);
    return this.serial(async () => {
      try {
        return await this.storeWallets(
          discovery.words,
          discovery.bip39Passphrase,
          discovery.seed,
          scheme,
          unique,
          label,
          'imported',
        );
      } finally {
        discovery.seed.fill(0);
      }
    });
  }

  // ---- more wallets from a stored phrase ----

  /** A phrase kept here was made here or imported under the passphrase: its next wallet is made here. */
  async addNext(phraseId: string, label: string): Promise<WalletInfo> {
    this.deps.lock.requireUnlocked();
    return this.serial(async () => {
      const view = this.list().find((p) => p.phraseId === phraseId);
      if (!view) throw new AppFailure('NOT_FOUND', 'There is no such recovery phrase.');
      if (view.nextIndex === null)
        throw new AppFailure(
          'INVALID_ARGUMENT',
          `${oneWalletOnly(view.scheme)}: this phrase has no next wallet.`,
        );
      const stored = await this.readPhrase(phraseId);
      const seed = phraseSeed(stored.words, stored.bip39Passphrase);
      try {
        const [wallet] = await this.storeWallets(
          stored.words,
          stored.bip39Passphrase,
          seed,
          view.scheme,
          [view.nextIndex],
          label,
          'created',
        );
        return wallet!;
      } finally {
        seed.fill(0);
      }
    });
  }

  /** After the passphrase is entered again: the words, for the person's own backup. */
  async export(
    phraseId: string,
    passphrase: string,
  ): Promise<{ mnemonic: string[]; bip39PassphraseUsed: boolean; scheme: PathScheme }> {
    await this.deps.lock.reauthenticate(passphrase);
    const record = this.record(phraseId);
    const stored = await this.readPhrase(phraseId);
    return {
      mnemonic: stored.words.split(' '),
      bip39PassphraseUsed: stored.bip39Passphrase.length > 0,
      scheme: record.scheme,
    };
  }

  /** Deletes a phrase whose wallets are all removed (asked for when the last one goes). */
  async forget(phraseId: string): Promise<void> {
    this.deps.lock.requireFreshUnlock();
    return this.serial(async () => {
      const view = this.list().find((p) => p.phraseId === phraseId);
      if (!view) throw new AppFailure('NOT_FOUND', 'There is no such recovery phrase.');
      if (view.wallets.length > 0)
        throw new AppFailure(
          'CONFLICT',
          'Wallets made from this phrase are still here. Remove them first, then forget the phrase.',
        );
      await this.deps.store.delete(phraseItem(phraseId));
      this.save(this.records().filter((p) => p.phraseId !== phraseId));
    });
  }

  // ---- internals ----

  private async readPhrase(phraseId: string): Promise<z.output<typeof StoredPhraseSchema>> {
    const text = await this.deps.store.get(phraseItem(phraseId));
    if (text === null)
      throw new AppFailure('KEYCHAIN_UNAVAILABLE', 'This recovery phrase is missing from the OS keychain.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    const stored = StoredPhraseSchema.safeParse(parsed);
    if (!stored.success)
      throw new AppFailure('INTERNAL', 'The recovery phrase in the OS keychain is damaged.');
    return stored.data;
  }

  /**
   * Keeps the phrase (once per phrase and path) and stores each chosen wallet. Keychain first: a phrase
   * without wallets is harmless, a wallet listed under a phrase the keychain lacks is not. A chosen wallet
   * already here (imported earlier by its secret) is linked to the phrase, not stored twice.
   */
  private async storeWallets(
    words: string,
    bip39Passphrase: string,
    seed: Uint8Array,
    scheme: PathScheme,
    indices: number[],
    label: string,
    origin: WalletOrigin,
  ): Promise<WalletInfo[]> {
    const tag = phraseTag(seed);
    const records = this.records();
    let record = records.find((p) => p.tag === tag && p.scheme === scheme);
    const isNew = !record;
    if (!record) {
      record = {
        phraseId: randomUUID(),
        scheme,
        wordCount: words.split(' ').length,
        createdAt: this.now(),
        tag,
        wallets: [],
      };
      await this.deps.store.set(phraseItem(record.phraseId), JSON.stringify({ words, bip39Passphrase }));
      records.push(record);
    }
    const existing = new Map(this.deps.wallets.list().map((w) => [w.publicKey, w]));
    const stored: WalletInfo[] = [];
    try {
      for (const index of indices) {
        const { publicKey, secret } = deriveWallet(seed, scheme, index);
        const wallet =
          existing.get(publicKey) ??
          (await this.deps.wallets.adopt(walletLabel(label, index, indices.length > 1), secret, origin));
        stored.push(wallet);
        if (!record.wallets.some((w) => w.publicKey === publicKey)) record.wallets.push({ publicKey, index });
      }
    } catch (error) {
      // nothing came of a new phrase: it leaves the keychain again, as if never entered
      if (isNew && stored.length === 0) {
        await this.deps.store.delete(phraseItem(record.phraseId)).catch(() => false);
        throw error;
      }
      // whatever was stored is grouped under its phrase, even if a later wallet failed
      this.save(records);
      throw error;
    }
    this.save(records);
    return stored;
  }

  private expire(): void {
    const now = this.now();
    for (const [id, c] of this.creates) if (c.expiresAt <= now) this.creates.delete(id);
    for (const [id, d] of this.discoveries)
      if (d.expiresAt <= now) {
        d.seed.fill(0);
        this.discoveries.delete(id);
      }
  }

  private wipe(): void {
    this.creates.clear();
    for (const d of this.discoveries.values()) d.seed.fill(0);
    this.discoveries.clear();
  }
}

function dropOldest<T>(map: Map<string, T>, wipe: (value: T) => void): void {
  while (map.size >= MAX_PENDING) {
    const [oldest, value] = map.entries().next().value as [string, T];
    wipe(value);
    map.delete(oldest);
  }
}

function nextIndex(live: { index: number }[]): number {
  return live.reduce((max, w) => Math.max(max, w.index + 1), 0);
}
