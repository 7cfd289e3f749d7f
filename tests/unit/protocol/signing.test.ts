// node:crypto signs; tweetnacl, an independent Ed25519 implementation, checks every framing's bytes.
import { describe, expect, it } from 'vitest';
import nacl from 'tweetnacl';
import { inspect } from 'node:util';
import { SigningKey, generateKeypair, publicKeyFromSeed, verifyEd25519 } from '../../../src/protocol/keys';
import {
  chainTransactionMessage,
  signAction,
  verifyAction,
  type Framing,
} from '../../../src/protocol/signing';
import { frame } from '../../../src/protocol/framing';
import { ProtocolError } from '../../../src/protocol/errors';

const seed = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
// RFC 8032 test 1: this seed's public key
const rfcPublic = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const raw = frame(Buffer.from('0880f2d6ca061007521210ffffffffffffffffff0118c0f0f50b2803', 'hex'));

describe('Ed25519 keys', () => {
  it('derives the RFC 8032 public key and signature', () => {
    const key = new SigningKey(seed);
    expect(key.publicKey.toString('hex')).toBe(rfcPublic);
    expect(publicKeyFromSeed(seed).toString('hex')).toBe(rfcPublic);
    // RFC 8032 test 1 signs the empty message
    expect(key.sign(Buffer.alloc(0)).toString('hex')).toBe(
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
    );
  });

  it('matches tweetnacl on random keys and messages', () => {
    for (let i = 0; i < 20; i += 1) {
      const { secretSeed, publicKey } = generateKeypair();
      const pair = nacl.sign.keyPair.fromSeed(secretSeed);
      expect(Buffer.from(pair.publicKey).equals(publicKey)).toBe(true);
      const message = nacl.randomBytes(1 + i * 13);
      const ours = new SigningKey(secretSeed).sign(message);
      expect(Buffer.from(nacl.sign.detached(message, pair.secretKey)).equals(ours)).toBe(true);
      expect(verifyEd25519(publicKey, message, ours)).toBe(true);
    }
  });

  it('accepts a 64-byte chain secret key only when its halves agree', () => {
    const pair = nacl.sign.keyPair.fromSeed(seed);
    expect(SigningKey.fromSecretKey(pair.secretKey).publicKey.toString('hex')).toBe(rfcPublic);
    const forged = Buffer.from(pair.secretKey);
    forged[40] = forged[40]! ^ 1;
    expect(() => SigningKey.fromSecretKey(forged)).toThrow(/does not match/);
    expect(() => new SigningKey(Buffer.alloc(31))).toThrow(ProtocolError);
  });

  it('never shows the secret when logged or serialised', () => {
    const key = new SigningKey(seed);
    const shown = `${String(key)} ${JSON.stringify(key)} ${inspect(key)}`;
    expect(shown).not.toContain(seed.toString('hex'));
    expect(shown).toContain(rfcPublic);
  });
});

describe('the three signing rules', () => {
  const key = new SigningKey(seed);
  const naclSecret = nacl.sign.keyPair.fromSeed(seed).secretKey;
  const expectedMessage: Record<Framing, Uint8Array> = {
    session: raw,
    hex: Buffer.from(raw.toString('hex'), 'utf8'),
    chainTransaction: chainTransactionMessage(raw, key.publicKey),
  };

  for (const framing of ['session', 'hex', 'chainTransaction'] as const) {
    it(`${framing}: the signature is tweetnacl's over the framed message, and verifies`, () => {
      const signature = signAction(raw, key, framing);
      expect(signature).toHaveLength(64);
      expect(Buffer.from(nacl.sign.detached(expectedMessage[framing], naclSecret)).equals(signature)).toBe(
        true,
      );
      expect(nacl.sign.detached.verify(expectedMessage[framing], signature, key.publicKey)).toBe(true);
      expect(verifyAction(raw, signature, key.publicKey, framing)).toBe(true);
    });

    it(`${framing}: a flipped bit, another key or another framing does not verify`, () => {
      const signature = signAction(raw, key, framing);
      const badSig = Buffer.from(signature);
      badSig[10] = badSig[10]! ^ 0x01;
      const badRaw = Buffer.from(raw);
      badRaw[5] = badRaw[5]! ^ 0x80;
      const other = new SigningKey(generateKeypair().secretSeed);
      expect(verifyAction(raw, badSig, key.publicKey, framing)).toBe(false);
      expect(verifyAction(badRaw, signature, key.publicKey, framing)).toBe(false);
      expect(verifyAction(raw, signature, other.publicKey, framing)).toBe(false);
      const otherFraming = framing === 'session' ? 'hex' : 'session';
      expect(verifyAction(raw, signature, key.publicKey, otherFraming)).toBe(false);
    });
  }

  it('hex framing signs the lowercase hex text of raw', () => {
    const upper = Buffer.from(raw.toString('hex').toUpperCase(), 'utf8');
    const signature = signAction(raw, key, 'hex');
    expect(nacl.sign.detached.verify(upper, signature, key.publicKey)).toBe(false);
  });

  it('malformed keys and signatures verify as false instead of throwing', () => {
    expect(verifyEd25519(Buffer.alloc(31), raw, Buffer.alloc(64))).toBe(false);
    expect(verifyEd25519(key.publicKey, raw, Buffer.alloc(63))).toBe(false);
  });
});

describe('chain transaction message', () => {
  it('is the legacy layout, byte by byte', () => {
    const wallet = Buffer.alloc(32, 7);
    const data = Buffer.from([1, 2, 3]);
    const expected = Buffer.concat([
      Buffer.from([1, 0, 0]), // 1 required signature, no read-only accounts
      Buffer.from([1]), // one account key
      wallet, // fee payer, also the program id
      Buffer.alloc(32), // recent blockhash: 32 zero bytes
      Buffer.from([1]), // one instruction
      Buffer.from([0]), // program id index 0 (the wallet)
      Buffer.from([0]), // no account metas
      Buffer.from([3]), // data length
      data,
    ]);
    expect(chainTransactionMessage(data, wallet).equals(expected)).toBe(true);
  });

  it('encodes data longer than 127 bytes with a two-byte compact length', () => {
    const message = chainTransactionMessage(Buffer.alloc(200, 1), Buffer.alloc(32, 7));
    // 3 header + 1 + 32 + 32 + 1 + 1 + 1 = 71, then compact-u16(200) = c8 01
    expect(message.subarray(71, 73).toString('hex')).toBe('c801');
    expect(message).toHaveLength(73 + 200);
  });
});
