// The recovery-phrase methods: discovery looks each address up on the exchange connected now (refused while
// none is), and every wallet a phrase makes, adds or exports has its audit line with its path, read back
// from what was stored.
import { describe, expect, it } from 'vitest';
import {
  createPhrases,
  type PhraseLookups,
  type PhrasesDeps,
} from '../../../../src/main/wallets/phrases-slice';
import type { AccountLookup, ChainLookup, PhraseView } from '../../../../src/main/wallets/phrase-service';
import type { Account } from '../../../../src/main/exchange/account-model';
import type { KeyEvent } from '../../../../src/main/audit/key-events';
import type { WalletInfo } from '../../../../src/main/wallets/wallet-service';

const PATH = (i: number) => `m/44'/501'/${i}'/0'`;
const wallet = (i: number): WalletInfo => ({
  walletId: `w${i}`,
  label: `Wallet ${i}`,
  publicKey: `PK${i}`,
  createdAt: i,
});

/** The exchange knows PK1, with account 4 holding 3 of token 0; PK2 is unknown to it. */
const EXCHANGE: PhraseLookups = {
  client: {
    user: async (publicKey) => (publicKey === 'PK1' ? { accountIds: [4], sessions: [] } : null),
    account: async (accountId): Promise<Account> => ({
      accountId,
      balances: [{ tokenId: 0, amount: 3n }],
      positions: [],
      openOrders: [],
      updateId: 0,
      margin: {
        equity: 3n,
        initialRequirement: 0n,
        maintenanceRequirement: 0n,
        freeCollateral: 3n,
        healthBps: null,
      },
    }),
  },
  funds: { addressBalances: async (address) => ({ address, sol: 1n, tokens: [] }) },
};

function phrasesSlice(exchange: PhraseLookups | null = EXCHANGE) {
  const stored: PhraseView[] = [
    {
      phraseId: 'p1',
      scheme: 'bip44-change',
      wordCount: 12,
      createdAt: 1,
      wallets: [{ walletId: 'w1', publicKey: 'PK1', index: 0, path: PATH(0) }],
      nextIndex: 1,
    },
  ];
  const store = (w: WalletInfo, index: number) =>
    stored[0]!.wallets.push({ walletId: w.walletId, publicKey: w.publicKey, index, path: PATH(index) });
  const looked: { lookup: AccountLookup; chain: ChainLookup }[] = [];
  const asked: unknown[][] = [];
  const phrases: PhrasesDeps['phrases'] = {
    list: () => stored,
    create: async (label, wordCount) => {
      asked.push(['create', label, wordCount]);
      return { pendingId: 'c1', mnemonic: [], publicKey: 'PK2', path: PATH(0), checkPositions: [] };
    },
    confirmBackup: async () => {
      stored.push({
        ...stored[0]!,
        phraseId: 'p2',
        wordCount: 24,
        wallets: [{ walletId: 'w2', publicKey: 'PK2', index: 0, path: PATH(0) }],
      });
      return wallet(2);
    },
    discover: async (phrase, bip39Passphrase, lookup, chain) => {
      asked.push(['discover', phrase, bip39Passphrase]);
      for (const publicKey of ['PK1', 'PK2'])
        looked.push({ lookup: await lookup(publicKey), chain: await chain!(publicKey) });
      return { discoveryId: 'd1', wordCount: 12, paths: [] };
    },
    importChosen: async (_discoveryId, _scheme, indices) => {
      const made = indices.map((i) => wallet(10 + i));
      made.forEach((w, n) => store(w, indices[n]!));
      return made;
    },
    addNext: async () => {
      const w = wallet(5);
      store(w, 5);
      return w;
    },
    export: async () => ({ mnemonic: ['abandon'], bip39PassphraseUsed: false, scheme: 'bip44-change' }),
    forget: async (phraseId) => {
      stored.splice(
        stored.findIndex((p) => p.phraseId === phraseId),
        1,
      );
    },
  };
  const lines: KeyEvent[] = [];
  const { handlers } = createPhrases({
    phrases,
    wallets: { get: (walletId) => ({ ...wallet(Number(walletId.slice(1))), label: 'Now called' }) },
    audit: { record: (event) => void lines.push(event) },
    exchange: () => exchange,
  });
  const said = () => lines.map((l) => [l.kind, l.wallet?.publicKey ?? null, l.detail ?? null]);
  return { handlers, looked, asked, said, lines };
}

describe('discovering the wallets of a phrase', () => {
  it('looks each address up on the exchange and on the chain: its accounts with their balances, or not registered', async () => {
    const { handlers, looked, asked } = phrasesSlice();
    await handlers.discover({ phrase: 'some words' });
    expect(asked).toEqual([['discover', 'some words', '']]);
    expect(looked).toEqual([
      {
        lookup: { registered: true, accounts: [{ accountId: 4, balances: [{ tokenId: 0, amount: 3n }] }] },
        chain: { address: 'PK1', sol: 1n, tokens: [] },
      },
      { lookup: { registered: false, accounts: [] }, chain: { address: 'PK2', sol: 1n, tokens: [] } },
    ]);
  });

  it('is refused while no exchange is connected', async () => {
    const { handlers } = phrasesSlice(null);
    await expect(handlers.discover({ phrase: 'some words', bip39Passphrase: 'extra' })).rejects.toMatchObject(
      {
        code: 'EXCHANGE_UNREACHABLE',
      },
    );
  });
});

describe("a phrase's audit lines", () => {
  it('a new phrase shown, then its first wallet made, with the word count and its path', async () => {
    const { handlers, asked, said, lines } = phrasesSlice();
    await handlers.create({ label: ' Two ', wordCount: 24, passphrase: 'p' });
    expect(asked).toEqual([['create', ' Two ', 24]]);
    await handlers.confirmBackup({ pendingId: 'c1', answers: [] });
    expect(said()).toEqual([
      ['phraseShown', 'PK2', null],
      ['phraseCreated', 'PK2', `path ${PATH(0)}`],
    ]);
    expect(lines[0]!.wallet!.label).toBe('Two');
    expect(lines[1]!.wording.rest).toContain('24-word');
  });

  it('one line for each wallet imported, and for one added, each with its own path', async () => {
    const { handlers, said } = phrasesSlice();
    await handlers.importWallets({
      discoveryId: 'd1',
      scheme: 'bip44-change',
      indices: [2, 3],
      label: 'Imp',
      passphrase: 'p',
    });
    await handlers.addNextWallet({ phraseId: 'p1', label: 'Next' });
    expect(said()).toEqual([
      ['phraseImported', 'PK12', `path ${PATH(2)}`],
      ['phraseImported', 'PK13', `path ${PATH(3)}`],
      ['phraseWalletAdded', 'PK5', `path ${PATH(5)}`],
    ]);
  });

  it('an export has a line for each wallet the phrase made, named as it is now', async () => {
    const { handlers, said, lines } = phrasesSlice();
    await handlers.addNextWallet({ phraseId: 'p1', label: 'Next' });
    await handlers.export({ phraseId: 'p1', passphrase: 'p' });
    expect(said().slice(1)).toEqual([
      ['phraseExported', 'PK1', null],
      ['phraseExported', 'PK5', null],
    ]);
    expect(lines[1]!.wallet!.label).toBe('Now called');
  });

  it('a phrase none of whose wallets is left is exported all the same, with one line naming no wallet', async () => {
    const { handlers, said } = phrasesSlice();
    await handlers.export({ phraseId: 'gone', passphrase: 'p' });
    expect(said()).toEqual([['phraseExported', null, null]]);
  });

  it('forgetting a phrase says how many words it had, read before it went', async () => {
    const { handlers, lines } = phrasesSlice();
    expect(await handlers.forget({ phraseId: 'p1' })).toEqual({ done: true });
    expect(lines.map((l) => [l.kind, l.wording.rest])).toEqual([
      ['phraseForgotten', expect.stringContaining('12-word')],
    ]);
  });
});
