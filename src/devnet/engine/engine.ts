// The exchange engine: takes a POST /action body, checks it exactly as the interface says (framing,
// signature per framing, duplicate, timestamp, nonce, session state), applies the kind's rule, and answers
// with a receipt. A rejected action changes nothing, not even the signer's nonce.
import { hash } from 'node:crypto';
import bs58 from 'bs58';
import type { DevnetConfig } from '../config';
import type { Clock } from '../clock';
import { splitActionBody } from '../../protocol/framing';
import { ProtocolError } from '../../protocol/errors';
import { verifyAction, type Framing } from '../../protocol/signing';
import { decodeAction, encodeReceipt } from '../../protocol/codec';
import type { ProtocolSchema } from '../../protocol/schema';
import { UNIMPLEMENTED_ACTION_KINDS, type Action, type ActionKind, type Receipt } from '../../protocol/types';
import type { ErrorName } from '../../shared/receipt-errors';
import {
  type AccountState,
  type AccountEvent,
  type FreeCollateral,
  type Rule,
  type RuleContext,
  type RuleSet,
  type SessionState,
  Rejection,
} from './rule';
import { receiptToJson } from './receipt-json';
import { BodyHashes } from './body-hashes';
import type { EngineState } from '../state';

export interface EngineDeps {
  config: DevnetConfig;
  clock: Clock;
  schema: ProtocolSchema;
  state: EngineState;
  /** called after each accepted change (persistence, streams) */
  onChange(events: AccountEvent[]): void;
  /** each action kind's rule, from the features (atomic among them, built over the others) */
  rules: RuleSet;
  /** what may leave an account without breaking its margin requirement */
  freeCollateral: FreeCollateral;
}

/** A body whose framing is wrong: the refinement of DECODE_FAILURE that says where. */
function framingError(error: unknown): ErrorName {
  if (!(error instanceof ProtocolError)) throw error;
  if (error.code === 'TOO_LARGE') return 'ENCODED_ACTION_TOO_LARGE';
  if (error.code === 'BAD_SIGNATURE_LENGTH') return 'INVALID_SIGNATURE';
  return 'DECODE_FAILURE_LENGTH_PREFIX';
}

/** An Action that does not decode: the wire is malformed (RAW) or its shape is not allowed (DOMAIN). */
function decodeError(error: unknown): ErrorName {
  if (!(error instanceof ProtocolError)) throw error;
  return error.code === 'DECODE_FAILURE_RAW' ? 'DECODE_FAILURE_RAW' : 'DECODE_FAILURE_DOMAIN';
}

// one-shot: a Hash object per action cost twice as much for these few hundred bytes; as 32 one-byte
// characters, the form the duplicate table takes (a Buffer digest cost an ArrayBuffer per action)
const sha256 = (data: Uint8Array): string => hash('sha256', data, 'binary');

const refusal = (error: Rejection['error']): Receipt => ({ actionId: 0n, kind: { type: 'err', error } });

/**
 * RuleContext.emit for one action, collecting into `events`. Made here rather than written in run()'s
 * context object, where it would be a named function per action: under tsx, which keeps names, each costs
 * an Object.defineProperty, and that showed in POST /action's profile.
 */
function emitterTo(events: AccountEvent[], state: EngineState): RuleContext['emit'] {
  return (accountId, event) =>
    events.push({ accountId, event, updateId: state.accounts[accountId]?.updateId ?? 0 });
}

/** A body whose framing and Action decoded: what run() executes. */
export interface ParsedAction {
  body: Buffer;
  parts: ReturnType<typeof splitActionBody>;
  action: Action;
}

/** The signature check of a session-signed action: its raw and signature under the session's key. */
export interface SessionSignature {
  sessionKey: string;
  publicKey: Buffer;
  raw: Buffer;
  signature: Buffer;
}

/** That check's answer, made ahead of run() for the session key it names. */
export interface CheckedSignature {
  sessionKey: string;
  valid: boolean;
}

/** how many session keys' bytes are kept decoded (a key not kept is decoded again, nothing more) */
const MAX_DECODED_SESSION_KEYS = 4096;

export class Engine {
  /**
   * The accepted bodies' hashes (the duplicate check), taken out of the state's `seenBodies` into a compact
   * table while the devnet runs; snapshotState() puts them back for a snapshot.
   */
  private readonly bodies: BodyHashes;

  constructor(private readonly deps: EngineDeps) {
    this.bodies = BodyHashes.fromRecord(deps.state.seenBodies);
    deps.state.seenBodies = {};
  }

  /** The state as a snapshot keeps it: with every accepted body's hash in `seenBodies`. */
  snapshotState(): EngineState {
    return { ...this.deps.state, seenBodies: this.bodies.toRecord() };
  }

  /** bodies accepted since the last takeRecentBodies() (digest, id), once it was first called */
  private recentBodies: (string | bigint)[] | null = null;

  /**
   * The bodies accepted since the last call, as `seenBodies` holds them, for the journal's record of a
   * commit; the engine keeps this list from the first call on.
   */
  takeRecentBodies(): Record<string, string> {
    const record: Record<string, string> = {};
    const recent = this.recentBodies ?? [];
    for (let i = 0; i < recent.length; i += 2)
      record[Buffer.from(recent[i] as string, 'latin1').toString('hex')] = recent[i + 1]!.toString();
    this.recentBodies = [];
    return record;
  }

  /** session keys' bytes by their base58 text: decoding one per action showed in POST /action's profile */
  private readonly sessionKeyBytes = new Map<string, Buffer>();

  private sessionPublicKey(sessionKey: string): Buffer {
    let bytes = this.sessionKeyBytes.get(sessionKey);
    if (bytes === undefined) {
      bytes = Buffer.from(bs58.decode(sessionKey));
      if (this.sessionKeyBytes.size >= MAX_DECODED_SESSION_KEYS)
        this.sessionKeyBytes.delete(this.sessionKeyBytes.keys().next().value!);
      this.sessionKeyBytes.set(sessionKey, bytes);
    }
    return bytes;
  }

  get state(): EngineState {
    return this.deps.state;
  }

  nowMs(): number {
    return this.deps.clock.nowMs();
  }

  nowSeconds(): number {
    return Math.floor(this.deps.clock.nowMs() / 1000);
  }

  /** Answers a POST /action body with an encoded, length-delimited receipt. */
  submit(body: Buffer): Buffer {
    return encodeReceipt(this.deps.schema, this.execute(body));
  }

  execute(body: Buffer): Receipt {
    const parsed = this.parse(body);
    return 'receipt' in parsed ? parsed.receipt : this.run(parsed);
  }

  encodeReceipt(receipt: Receipt): Buffer {
    return encodeReceipt(this.deps.schema, receipt);
  }

  /** What the body alone decides: its framing and its Action, or the receipt that refuses it. */
  parse(body: Buffer): ParsedAction | { receipt: Receipt } {
    try {
      const parts = splitActionBody(body);
      try {
        return { body, parts, action: decodeAction(this.deps.schema, parts.payload) };
      } catch (error) {
        return { receipt: refusal(decodeError(error)) };
      }
    } catch (error) {
      return { receipt: refusal(framingError(error)) };
    }
  }

  /**
   * The signature check a session-signed action will need, if its session exists now: so that it can be
   * made ahead (off this thread) and its answer handed to run(). Null for anything else.
   */
  sessionSignature(parsed: ParsedAction): SessionSignature | null {
    const sessionId = (parsed.action.kind as { sessionId?: bigint }).sessionId;
    const type = parsed.action.kind.type;
    if (sessionId === undefined || type === 'createSession' || type === 'revokeSession') return null;
    const session = this.state.sessions[sessionId.toString()];
    if (!session) return null;
    return {
      sessionKey: session.sessionKey,
      publicKey: this.sessionPublicKey(session.sessionKey),
      raw: parsed.parts.raw,
      signature: parsed.parts.signature,
    };
  }

  /**
   * Executes a parsed action against the state as it is now. `checked`: the answer of sessionSignature()'s
   * check, made ahead; the checks run in the same order either way, so the receipt is the same.
   */
  run(parsed: ParsedAction, checked?: CheckedSignature): Receipt {
    const { body, parts, action } = parsed;
    const bodyHash = sha256(body);
    const seen = this.bodies.get(bodyHash);
    if (seen !== undefined) return { actionId: seen, kind: { type: 'err', error: 'DUPLICATE' } };
    if (action.kind.type === 'deposit') return refusal('UNAUTHENTICATED_L1_ACTION');
    // Public kinds the devnet has no part for (admin, oracle, liquidation, fee tiers): a defined answer.
    if (UNIMPLEMENTED_ACTION_KINDS.has(action.kind.type)) return refusal('NOT_IMPLEMENTED');

    try {
      const { signer, user, session } = this.authenticate(action, parts.raw, parts.signature, checked);
      this.checkTimestamp(action.currentTimestamp);
      const last = this.state.nonces[signer] ?? 0;
      if (action.nonce <= last) throw new Rejection('ACTION_INVALID_NONCE');
      const rule = this.deps.rules[action.kind.type] as Rule<ActionKind['type']> | undefined;
      if (!rule) throw new Rejection('NOT_IMPLEMENTED');

      const actionId = this.state.nextActionId;
      const events: AccountEvent[] = [];
      const ctx: RuleContext = {
        state: this.state,
        config: this.deps.config,
        now: this.nowSeconds(),
        nowMs: this.deps.clock.nowMs(),
        actionId,
        user,
        ...(session ? { session } : {}),
        freeCollateral: this.deps.freeCollateral,
        emit: emitterTo(events, this.state),
      };
      // Rules validate everything before they change anything, so a Rejection leaves the state untouched.
      const kind = rule(action.kind as never, ctx);
      const receipt: Receipt = { actionId, kind };
      this.state.nextActionId = actionId + 1n;
      this.state.nonces[signer] = action.nonce;
      this.bodies.set(bodyHash, actionId);
      this.recentBodies?.push(bodyHash, actionId);
      this.state.actions.push({
        actionId,
        time: ctx.now,
        signer,
        nonce: action.nonce,
        kind: action.kind.type,
        receipt: receiptToJson(receipt),
        payload: parts.raw.toString('base64'),
      });
      if (session) session.lastUsed = ctx.now;
      this.deps.onChange(events);
      return receipt;
    } catch (error) {
      if (error instanceof Rejection) return refusal(error.error);
      throw error;
    }
  }

  private authenticate(
    action: Action,
    raw: Buffer,
    signature: Buffer,
    checked?: CheckedSignature,
  ): { signer: string; user: string; session?: SessionState } {
    const kind = action.kind;
    if (kind.type === 'createSession') {
      const framing: Framing = kind.framing === 'CHAIN_TRANSACTION' ? 'chainTransaction' : 'hex';
      if (kind.userPubkey.length !== 32) throw new Rejection('DECODE_FAILURE_DOMAIN');
      if (!verifyAction(raw, signature, kind.userPubkey, framing))
        throw new Rejection('SIGNATURE_VERIFICATION');
      const user = bs58.encode(kind.userPubkey);
      return { signer: user, user };
    }
    if (kind.type === 'revokeSession') {
      const target = this.state.sessions[kind.sessionId.toString()];
      if (!target) throw new Rejection('SESSION_NOT_FOUND');
      const wallet = Buffer.from(bs58.decode(target.owner));
      // The wallet may sign with either wallet framing; RevokeSession carries no framing field.
      if (
        !verifyAction(raw, signature, wallet, 'hex') &&
        !verifyAction(raw, signature, wallet, 'chainTransaction')
      ) {
        throw new Rejection('SIGNATURE_VERIFICATION');
      }
      return { signer: target.owner, user: target.owner };
    }
    const sessionId = (kind as { sessionId?: bigint }).sessionId;
    if (sessionId === undefined) throw new Rejection('DECODE_FAILURE_DOMAIN');
    const session = this.state.sessions[sessionId.toString()];
    if (!session) throw new Rejection('SESSION_NOT_FOUND');
    const valid =
      checked?.sessionKey === session.sessionKey
        ? checked.valid
        : verifyAction(raw, signature, this.sessionPublicKey(session.sessionKey), 'session');
    if (!valid) throw new Rejection('SIGNATURE_VERIFICATION');
    if (session.revoked) throw new Rejection('SESSION_REVOKED');
    if (session.expiry <= this.nowSeconds()) throw new Rejection('SESSION_EXPIRED');
    return { signer: session.sessionKey, user: session.owner, session };
  }

  private checkTimestamp(timestamp: bigint): void {
    const now = BigInt(this.nowSeconds());
    const threshold = BigInt(this.deps.config.timestampThresholdSeconds);
    if (timestamp < now - threshold) throw new Rejection('TIMESTAMP_STALE');
    if (timestamp > now + threshold) throw new Rejection('TIMESTAMP_OUT_OF_THRESHOLD');
  }

  /** Changes made outside POST /action (deposits, settlement) also persist and stream. */
  notify(events: AccountEvent[]): void {
    this.deps.onChange(events);
  }

  account(id: number): AccountState | undefined {
    return this.state.accounts[id];
  }
}
