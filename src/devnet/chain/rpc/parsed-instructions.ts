// Instructions in jsonParsed form, as a validator's solana-transaction-status parses them, for the
// programs the devnet runs: System, SPL Token, Associated Token Account and Memo. An instruction of another
// program, or one these do not know, stays partially decoded ({ programId, accounts, data }), as there.
import { getBase58Decoder } from '@solana/kit';
import { uiAmount } from '../runtime';
import { big } from './wire';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
export const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]);

const b58 = getBase58Decoder();
const utf8 = new TextDecoder('utf-8', { fatal: true });

export interface RawInstruction {
  programId: string;
  accounts: readonly string[];
  data: Uint8Array;
  stackHeight: number | null;
}

type Info = Record<string, unknown>;
type Parsed = { type: string; info: Info };

/** One instruction as jsonParsed shows it. */
export function parsedInstruction(ix: RawInstruction) {
  const parsed = parse(ix);
  if (parsed !== null)
    return {
      program: parsed.program,
      programId: ix.programId,
      parsed: parsed.value,
      stackHeight: ix.stackHeight,
    };
  return {
    programId: ix.programId,
    accounts: [...ix.accounts],
    data: b58.decode(ix.data),
    stackHeight: ix.stackHeight,
  };
}

/** The memo's text, if the instruction is a memo (getSignaturesForAddress lists it). */
export function memoText(ix: { programId: string; data: Uint8Array }): string | null {
  if (!MEMO_PROGRAMS.has(ix.programId)) return null;
  try {
    return utf8.decode(ix.data);
  } catch {
    return null;
  }
}

function parse(ix: RawInstruction): { program: string; value: Parsed | string } | null {
  try {
    if (ix.programId === SYSTEM_PROGRAM) return wrap('system', system(ix));
    if (ix.programId === TOKEN_PROGRAM) return wrap('spl-token', token(ix));
    if (ix.programId === ATA_PROGRAM) return wrap('spl-associated-token-account', associated(ix));
    const memo = memoText(ix);
    if (memo !== null) return { program: 'spl-memo', value: memo };
  } catch {
    // data shorter than its instruction: left partially decoded
  }
  return null;
}

const wrap = (program: string, value: Parsed | null) => (value ? { program, value } : null);

class Reader {
  private at = 0;
  private readonly view: DataView;
  constructor(private readonly data: Uint8Array) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }
  u8(): number {
    return this.view.getUint8(this.at++);
  }
  u32(): number {
    const v = this.view.getUint32(this.at, true);
    this.at += 4;
    return v;
  }
  u64(): bigint {
    const v = this.view.getBigUint64(this.at, true);
    this.at += 8;
    return v;
  }
  key(): string {
    if (this.at + 32 > this.data.length) throw new RangeError('short');
    const k = b58.decode(this.data.subarray(this.at, this.at + 32));
    this.at += 32;
    return k;
  }
  optionKey(): string | null {
    return this.u8() === 1 ? this.key() : (this.key(), null);
  }
}

function need(accounts: readonly string[], n: number): void {
  if (accounts.length < n) throw new RangeError('too few accounts');
}

function system({ accounts: a, data }: RawInstruction): Parsed | null {
  const r = new Reader(data);
  switch (r.u32()) {
    case 0:
      need(a, 2);
      return {
        type: 'createAccount',
        info: { source: a[0], newAccount: a[1], lamports: big(r.u64()), space: big(r.u64()), owner: r.key() },
      };
    case 1:
      need(a, 1);
      return { type: 'assign', info: { account: a[0], owner: r.key() } };
    case 2:
      need(a, 2);
      return { type: 'transfer', info: { source: a[0], destination: a[1], lamports: big(r.u64()) } };
    case 8:
      need(a, 1);
      return { type: 'allocate', info: { account: a[0], space: big(r.u64()) } };
    default:
      return null;
  }
}

/** An authority, or a multisig and the signers that follow it, in the field names Solana uses. */
function authority(name: string, a: readonly string[], index: number): Info {
  need(a, index + 1);
  if (a.length === index + 1) return { [name]: a[index] };
  return { [`multisig${name[0]!.toUpperCase()}${name.slice(1)}`]: a[index], signers: a.slice(index + 1) };
}

function token({ accounts: a, data }: RawInstruction): Parsed | null {
  const r = new Reader(data);
  switch (r.u8()) {
    case 0: {
      need(a, 2);
      const decimals = r.u8();
      const mintAuthority = r.key();
      const freeze = r.optionKey();
      return {
        type: 'initializeMint',
        info: {
          mint: a[0],
          decimals,
          mintAuthority,
          rentSysvar: a[1],
          ...(freeze ? { freezeAuthority: freeze } : {}),
        },
      };
    }
    case 20: {
      need(a, 1);
      const decimals = r.u8();
      const mintAuthority = r.key();
      const freeze = r.optionKey();
      return {
        type: 'initializeMint2',
        info: { mint: a[0], decimals, mintAuthority, ...(freeze ? { freezeAuthority: freeze } : {}) },
      };
    }
    case 1:
      need(a, 4);
      return {
        type: 'initializeAccount',
        info: { account: a[0], mint: a[1], owner: a[2], rentSysvar: a[3] },
      };
    case 16:
      need(a, 3);
      return {
        type: 'initializeAccount2',
        info: { account: a[0], mint: a[1], owner: r.key(), rentSysvar: a[2] },
      };
    case 18:
      need(a, 2);
      return { type: 'initializeAccount3', info: { account: a[0], mint: a[1], owner: r.key() } };
    case 3:
      return {
        type: 'transfer',
        info: {
          source: a[0],
          destination: a[1],
          amount: r.u64().toString(),
          ...authority('authority', a, 2),
        },
      };
    case 4:
      return {
        type: 'approve',
        info: { source: a[0], delegate: a[1], amount: r.u64().toString(), ...authority('owner', a, 2) },
      };
    case 5:
      return { type: 'revoke', info: { source: a[0], ...authority('owner', a, 1) } };
    case 7:
      return {
        type: 'mintTo',
        info: { mint: a[0], account: a[1], amount: r.u64().toString(), ...authority('mintAuthority', a, 2) },
      };
    case 8:
      return {
        type: 'burn',
        info: { account: a[0], mint: a[1], amount: r.u64().toString(), ...authority('authority', a, 2) },
      };
    case 9:
      return {
        type: 'closeAccount',
        info: { account: a[0], destination: a[1], ...authority('owner', a, 2) },
      };
    case 12: {
      const amount = r.u64();
      return {
        type: 'transferChecked',
        info: {
          source: a[0],
          mint: a[1],
          destination: a[2],
          tokenAmount: uiAmount(amount, r.u8()),
          ...authority('authority', a, 3),
        },
      };
    }
    case 14: {
      const amount = r.u64();
      return {
        type: 'mintToChecked',
        info: {
          mint: a[0],
          account: a[1],
          tokenAmount: uiAmount(amount, r.u8()),
          ...authority('mintAuthority', a, 2),
        },
      };
    }
    case 15: {
      const amount = r.u64();
      return {
        type: 'burnChecked',
        info: {
          account: a[0],
          mint: a[1],
          tokenAmount: uiAmount(amount, r.u8()),
          ...authority('authority', a, 2),
        },
      };
    }
    case 17:
      need(a, 1);
      return { type: 'syncNative', info: { account: a[0] } };
    case 21:
      need(a, 1);
      // the extension types a Token-2022 mint would list; the classic program has none
      return { type: 'getAccountDataSize', info: { mint: a[0], extensionTypes: [] } };
    case 22:
      need(a, 1);
      return { type: 'initializeImmutableOwner', info: { account: a[0] } };
    default:
      return null;
  }
}

function associated({ accounts: a, data }: RawInstruction): Parsed | null {
  const kind = data.length === 0 ? 0 : data[0];
  if ((kind !== 0 && kind !== 1) || data.length > 1) return null;
  need(a, 6);
  return {
    type: kind === 0 ? 'create' : 'createIdempotent',
    info: { source: a[0], account: a[1], wallet: a[2], mint: a[3], systemProgram: a[4], tokenProgram: a[5] },
  };
}
