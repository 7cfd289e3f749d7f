// Golden byte vectors for every action and receipt kind the app or the devnet uses. The expected bytes are
// built here by a minimal protobuf writer from the field numbers of shared/public-engine/protobuf.md (public
// fields) and docs/protocol-decisions.md (the project's additions), never through the project's proto or
// protobufjs; the project's codec must produce exactly these bytes and decode them back to the same view.
import { describe, expect, it } from 'vitest';
import { loadSchema, readBundledProto } from '../../../src/protocol/schema';
import { decodeAction, decodeReceipt, encodeAction, encodeReceipt } from '../../../src/protocol/codec';
import { frame, unframe } from '../../../src/protocol/framing';
import type { Action, ActionKind, Receipt, ReceiptKind } from '../../../src/protocol/types';
import { b, m, packed, s, v } from '../../support/proto-wire';

const schema = loadSchema(readBundledProto());

const key = (n: number): Buffer => Buffer.alloc(32, n);
const TS = 1_767_225_600n;
const NONCE = 7;
// Side ASK 0 / BID 1; FillMode LIMIT 0, POST_ONLY 1, IOC 2, FOK 3; TriggerKind STOP_LOSS 0 / TAKE_PROFIT 1;
// SpecialAccount FeeVault 0, CLAIM_VAULT 1 (project); VaultWithdrawKind QUOTE_NOTIONAL 0 / SHARES 1 (project).

/** Action { current_timestamp = 1; nonce = 2; kind = <number> } */
const action = (kindNumber: number, ...fields: Buffer[]): Buffer =>
  Buffer.concat([v(1, TS), v(2, NONCE), m(kindNumber, ...fields)]);

const ACTIONS: [string, ActionKind, Buffer][] = [
  [
    'create_session (4), hex framing left out',
    { type: 'createSession', userPubkey: key(1), sessionPubkey: key(2), expiryTimestamp: 1_800_000_000n },
    action(4, b(1, key(1)), b(2, key(2)), v(3, 1_800_000_000n)),
  ],
  [
    'create_session (4) with the project framing (4) and refresh_deadline (5)',
    {
      type: 'createSession',
      userPubkey: key(1),
      sessionPubkey: key(2),
      expiryTimestamp: 1_800_000_000n,
      framing: 'CHAIN_TRANSACTION',
      refreshDeadline: 1_900_000_000n,
    },
    action(4, b(1, key(1)), b(2, key(2)), v(3, 1_800_000_000n), v(4, 1), v(5, 1_900_000_000n)),
  ],
  [
    'place_order (7) with QuoteSize (8) and the optional 33-35',
    {
      type: 'placeOrder',
      sessionId: 9n,
      marketId: 1,
      side: 'BID',
      fillMode: 'IMMEDIATE_OR_CANCEL',
      isReduceOnly: true,
      price: 724_336n,
      size: 1_000n,
      quoteSize: { size: 500n, price: 700_000n },
      clientOrderId: 18_446_744_073_709_551_615n,
      senderAccountId: 3,
      senderTrackingId: 0n,
    },
    action(
      7,
      v(1, 9),
      v(2, 1),
      v(3, 1),
      v(4, 2),
      v(5, true),
      v(6, 724_336),
      v(7, 1_000),
      m(8, v(1, 500), v(2, 700_000)),
      v(33, 18_446_744_073_709_551_615n),
      v(34, 3),
      v(35, 0), // optional: present even when zero
    ),
  ],
  [
    'place_order (7) of an ASK LIMIT: zero-valued plain fields are left out',
    {
      type: 'placeOrder',
      sessionId: 9n,
      marketId: 0,
      side: 'ASK',
      fillMode: 'LIMIT',
      isReduceOnly: false,
      price: 1n,
      size: 2n,
    },
    action(7, v(1, 9), v(6, 1), v(7, 2)),
  ],
  [
    'cancel_order_by_id (8)',
    { type: 'cancelOrderById', sessionId: 9n, orderId: 44n, senderAccountId: 3 },
    action(8, v(1, 9), v(2, 44), v(33, 3)),
  ],
  [
    'deposit (9): public 1-5, project 6-8',
    {
      type: 'deposit',
      actionNonce: 5n,
      tokenAddr: key(6),
      amount: 1_000_000n,
      userPubkey: key(3),
      senderPubkey: key(4),
      tokenId: 1,
      chainTxId: 'tx',
      accountId: 2,
    },
    action(
      9,
      v(1, 5),
      b(2, key(6)),
      v(3, 1_000_000),
      b(4, key(3)),
      b(5, key(4)),
      v(6, 1),
      s(7, 'tx'),
      v(8, 2),
    ),
  ],
  [
    'withdraw (10) with dest_pubkey (4) and the project account_id (5)',
    { type: 'withdraw', tokenId: 1, sessionId: 9n, amount: 25_000_000n, destPubkey: key(4), accountId: 3 },
    action(10, v(1, 1), v(2, 9), v(3, 25_000_000), b(4, key(4)), v(5, 3)),
  ],
  ['revoke_session (15)', { type: 'revokeSession', sessionId: 9n }, action(15, v(1, 9))],
  [
    'transfer (18) to account 0: to_account_id (8) present though zero',
    { type: 'transfer', sessionId: 9n, fromAccountId: 1, tokenId: 0, amount: 5n, toAccountId: 0 },
    action(18, v(1, 9), v(2, 1), v(4, 5), v(8, 0)),
  ],
  [
    'transfer (18) into a new account: neither 8 nor 9',
    { type: 'transfer', sessionId: 9n, fromAccountId: 1, tokenId: 0, amount: 5n },
    action(18, v(1, 9), v(2, 1), v(4, 5)),
  ],
  [
    'transfer (18) to the fee vault: special_account (9) = FeeVault 0',
    { type: 'transfer', sessionId: 9n, fromAccountId: 1, tokenId: 2, amount: 5n, specialAccount: 'FeeVault' },
    action(18, v(1, 9), v(2, 1), v(3, 2), v(4, 5), v(9, 0)),
  ],
  [
    'transfer (18) to the claim vault: special_account (9) = CLAIM_VAULT 1',
    {
      type: 'transfer',
      sessionId: 9n,
      fromAccountId: 1,
      tokenId: 0,
      amount: 5n,
      specialAccount: 'CLAIM_VAULT',
    },
    action(18, v(1, 9), v(2, 1), v(4, 5), v(9, 1)),
  ],
  [
    'add_trigger (32): TriggerKey (3), TriggerPrices (4) with the project limit_base_size (7), account_id (10)',
    {
      type: 'addTrigger',
      sessionId: 9n,
      marketId: 1,
      key: { kind: 'TAKE_PROFIT', side: 'ASK' },
      prices: { triggerPrice: 700_000n, limitPrice: 699_000n, limitBaseSize: 250n },
      accountId: 2,
    },
    action(32, v(1, 9), v(2, 1), m(3, v(3, 1)), m(4, v(5, 700_000), v(6, 699_000), v(7, 250)), v(10, 2)),
  ],
  [
    'add_trigger (32) with the project limit_quote_size (TriggerPrices 8) as a u128 {lo 1, hi 2}',
    {
      type: 'addTrigger',
      sessionId: 9n,
      marketId: 0,
      key: { kind: 'STOP_LOSS', side: 'BID' },
      prices: { triggerPrice: 5n, limitQuoteSize: (1n << 64n) + 3n },
    },
    action(32, v(1, 9), m(3, v(4, 1)), m(4, v(5, 5), m(8, v(1, 3), v(2, 1)))),
  ],
  [
    'remove_trigger (33) by the project trigger_id (11)',
    { type: 'removeTrigger', sessionId: 9n, marketId: 1, triggerId: 12n, accountId: 2 },
    action(33, v(1, 9), v(2, 1), v(10, 2), v(11, 12)),
  ],
  [
    'remove_trigger (33) by the public TriggerKey (3)',
    { type: 'removeTrigger', sessionId: 9n, marketId: 1, key: { kind: 'STOP_LOSS', side: 'ASK' } },
    action(33, v(1, 9), v(2, 1), m(3)),
  ],
  [
    'atomic (35): account_id (2), actions (6) of trade_or_place (6), cancel_order (7), vault_deposit (5) with target_account_id (32) and use_key (33)',
    {
      type: 'atomic',
      sessionId: 9n,
      accountId: 4,
      actions: [
        {
          inner: {
            type: 'tradeOrPlace',
            marketId: 1,
            orderType: { side: 'BID', fillMode: 'POST_ONLY', isReduceOnly: false },
            limit: { price: 10n, size: 20n, quoteSize: { size: 1n, price: 2n } },
            clientOrderId: 77n,
          },
        },
        { inner: { type: 'cancelOrder', orderId: 5n } },
        {
          inner: { type: 'vaultDeposit', sessionId: 0n, vaultId: 1, amount: 100n },
          targetAccountId: 50,
          useKey: true,
        },
      ],
    },
    action(
      35,
      v(1, 9),
      v(2, 4),
      m(
        6,
        m(6, v(2, 1), m(3, v(3, 1), v(4, 1)), m(6, v(6, 10), v(7, 20), m(8, v(1, 1), v(2, 2))), v(33, 77)),
      ),
      m(6, m(7, v(2, 5))),
      m(6, m(5, v(2, 1), v(3, 100)), v(32, 50), v(33, true)),
    ),
  ],
  [
    'atomic (35) with the project trigger subactions add_trigger (3), remove_trigger (4) and vault_withdraw_request (8)',
    {
      type: 'atomic',
      sessionId: 9n,
      actions: [
        {
          inner: {
            type: 'addTrigger',
            sessionId: 0n,
            marketId: 1,
            key: { kind: 'STOP_LOSS', side: 'ASK' },
            prices: { triggerPrice: 3n },
          },
        },
        { inner: { type: 'removeTrigger', sessionId: 0n, marketId: 1, triggerId: 2n } },
        { inner: { type: 'vaultWithdrawRequest', sessionId: 0n, vaultId: 1, kind: 'SHARES', amount: 4n } },
      ],
    },
    action(
      35,
      v(1, 9),
      m(6, m(3, v(2, 1), m(3), m(4, v(5, 3)))),
      m(6, m(4, v(2, 1), v(11, 2))),
      m(6, m(8, v(2, 1), v(3, 1), v(4, 4))),
    ),
  ],
  [
    'refresh_session (100)',
    { type: 'refreshSession', sessionId: 9n, expiryTimestamp: 1_800_000_100n },
    action(100, v(1, 9), v(2, 1_800_000_100n)),
  ],
  ['self_revoke (101)', { type: 'selfRevoke', sessionId: 9n }, action(101, v(1, 9))],
  [
    'edit_trigger (102): laid out as add_trigger, trigger_id (11)',
    {
      type: 'editTrigger',
      sessionId: 9n,
      marketId: 1,
      key: { kind: 'TAKE_PROFIT', side: 'BID' },
      prices: { triggerPrice: 8n },
      accountId: 2,
      triggerId: 12n,
    },
    action(102, v(1, 9), v(2, 1), m(3, v(3, 1), v(4, 1)), m(4, v(5, 8)), v(10, 2), v(11, 12)),
  ],
  [
    'vault_deposit (103)',
    { type: 'vaultDeposit', sessionId: 9n, vaultId: 1, amount: 100n, accountId: 2 },
    action(103, v(1, 9), v(2, 1), v(3, 100), v(4, 2)),
  ],
  [
    'vault_withdraw_request (104)',
    { type: 'vaultWithdrawRequest', sessionId: 9n, vaultId: 1, kind: 'SHARES', amount: 5n, accountId: 2 },
    action(104, v(1, 9), v(2, 1), v(3, 1), v(4, 5), v(5, 2)),
  ],
  [
    'vault_withdraw_claim (105)',
    { type: 'vaultWithdrawClaim', sessionId: 9n, vaultId: 1, accountId: 2 },
    action(105, v(1, 9), v(2, 1), v(3, 2)),
  ],
  [
    'vault_sync_epochs (106)',
    { type: 'vaultSyncEpochs', sessionId: 9n, vaultId: 1 },
    action(106, v(1, 9), v(2, 1)),
  ],
  [
    'update_acl (41), a public kind the devnet answers with NOT_IMPLEMENTED',
    { type: 'updateAcl', aclPubkey: key(8), targetPubkey: key(9), rolesMask: 3, rolesValue: 1 },
    action(41, b(1, key(8)), b(2, key(9)), v(3, 3), v(4, 1)),
  ],
];

/** Receipt { action_id = 1; kind = <number> } */
const receipt = (kindNumber: number, ...fields: Buffer[]): Buffer =>
  Buffer.concat([v(1, 42), m(kindNumber, ...fields)]);
const POSTED = m(1, v(1, 1), v(2, 1), v(3, 10), v(4, 2), v(5, 77), v(6, 3));
const TRADE = m(2, v(2, 70), v(4, 9), v(5, 5), v(6, 4));

const RECEIPTS: [string, ReceiptKind, Buffer][] = [
  [
    'err (32) DECODE_FAILURE = 2',
    { type: 'err', error: 'DECODE_FAILURE' },
    Buffer.concat([v(1, 42), v(32, 2)]),
  ],
  [
    'err (32) DECODE_FAILURE_DOMAIN = 35',
    { type: 'err', error: 'DECODE_FAILURE_DOMAIN' },
    Buffer.concat([v(1, 42), v(32, 35)]),
  ],
  ['err (32) DUPLICATE = 0', { type: 'err', error: 'DUPLICATE' }, Buffer.concat([v(1, 42), v(32, 0)])],
  ['err (32) Dropped = 999', { type: 'err', error: 'Dropped' }, Buffer.concat([v(1, 42), v(32, 999)])],
  [
    'create_session_result (33) with the project expiry (2) and refresh_deadline (3)',
    { type: 'createSessionResult', sessionId: 5n, expiry: 1_800_000_000n, refreshDeadline: 1_900_000_000n },
    receipt(33, v(1, 5), v(2, 1_800_000_000n), v(3, 1_900_000_000n)),
  ],
  [
    'place_order_result (34): posted (1), fills (2) of Trade, client_order_id (3), sender_tracking_id (4), project 6-8',
    {
      type: 'placeOrderResult',
      posted: { side: 'BID', marketId: 1, price: 10n, size: 2n, orderId: 77n, accountId: 3 },
      fills: [{ orderId: 70n, price: 9n, size: 5n, accountId: 4 }],
      clientOrderId: 11n,
      senderTrackingId: 12n,
      orderId: 77n,
      filledSize: 5n,
      remainingSize: 2n,
    },
    receipt(34, POSTED, TRADE, v(3, 11), v(4, 12), v(6, 77), v(7, 5), v(8, 2)),
  ],
  [
    'place_order_result (34) with triggered (5)',
    { type: 'placeOrderResult', fills: [], triggered: { kind: 'TAKE_PROFIT', triggerPrice: 8n } },
    receipt(34, m(5, v(3, 1), v(4, 8))),
  ],
  [
    'cancel_order_result (35): order_id (1), account_id (2), project cancelled_size (3)',
    { type: 'cancelOrderResult', orderId: 77n, accountId: 3, cancelledSize: 2n },
    receipt(35, v(1, 77), v(2, 3), v(3, 2)),
  ],
  [
    'deposit_result (36)',
    { type: 'depositResult', tokenId: 1, amount: 100n, accountId: 3, userCreated: true, userPubkey: key(5) },
    receipt(36, v(1, 1), v(2, 100), v(3, 3), v(4, true), b(5, key(5))),
  ],
  [
    'withdraw_result (39): user_pubkey (6), project dest_pubkey (7) and event_nonce (8)',
    {
      type: 'withdrawResult',
      tokenId: 0,
      amount: 25_000_000n,
      balance: 75_000_000n,
      accountId: 1,
      fee: 1_000_000n,
      userPubkey: key(4),
      destPubkey: key(5),
      eventNonce: 3n,
    },
    receipt(
      39,
      v(2, 25_000_000),
      v(3, 75_000_000),
      v(4, 1),
      v(5, 1_000_000),
      b(6, key(4)),
      b(7, key(5)),
      v(8, 3),
    ),
  ],
  [
    'withdraw_result (39) as the public engine sends it (no 7, 8)',
    {
      type: 'withdrawResult',
      tokenId: 2,
      amount: 5n,
      balance: 0n,
      accountId: 1,
      fee: 1n,
      userPubkey: key(4),
    },
    receipt(39, v(1, 2), v(2, 5), v(4, 1), v(5, 1), b(6, key(4))),
  ],
  [
    'session_revoked (44) with the project session_id (1)',
    { type: 'sessionRevoked', sessionId: 5n },
    receipt(44, v(1, 5)),
  ],
  ['session_revoked (44) empty, as 0.3.1', { type: 'sessionRevoked' }, receipt(44)],
  [
    'transferred (47) into a new account: to_user_account (2), account_created (5)',
    { type: 'transferred', fromAccountId: 1, toUserAccount: 2, tokenId: 0, amount: 5n, accountCreated: true },
    receipt(47, v(1, 1), v(2, 2), v(4, 5), v(5, true)),
  ],
  [
    'transferred (47) into the fee vault: to_special_account (6) = FeeVault 0',
    {
      type: 'transferred',
      fromAccountId: 1,
      tokenId: 0,
      amount: 5n,
      accountCreated: false,
      toSpecialAccount: 'FeeVault',
    },
    receipt(47, v(1, 1), v(4, 5), v(6, 0)),
  ],
  [
    'trigger_added (64) with the project trigger_id (1)',
    { type: 'triggerAdded', triggerId: 12n },
    receipt(64, v(1, 12)),
  ],
  ['trigger_added (64) empty, as 0.3.1', { type: 'triggerAdded' }, receipt(64)],
  [
    'trigger_removed (65) with the project trigger_id (1)',
    { type: 'triggerRemoved', triggerId: 12n },
    receipt(65, v(1, 12)),
  ],
  [
    'atomic (67): results (1) of place_order_result (1), cancel_order (2), project trigger_added (3) and vault results (5, 6)',
    {
      type: 'atomic',
      results: [
        { inner: { type: 'placeOrderResult', fills: [{ orderId: 70n, price: 9n, size: 5n, accountId: 4 }] } },
        { inner: { type: 'cancelOrder', orderId: 77n, accountId: 3 } },
        { inner: { type: 'triggerAdded', triggerId: 2n } },
        { inner: { type: 'triggerRemoved', triggerId: 2n } },
        { inner: { type: 'vaultDeposited', vaultId: 1, accountId: 2, amount: 100n, shares: 90n } },
        { inner: { type: 'vaultWithdrawRequested', vaultId: 1, accountId: 2, shares: 9n, epoch: 4n } },
      ],
    },
    receipt(
      67,
      m(1, m(1, TRADE)),
      m(1, m(2, v(1, 77), v(2, 3))),
      m(1, m(3, v(1, 2))),
      m(1, m(4, v(1, 2))),
      m(1, m(5, v(1, 1), v(2, 2), v(3, 100), v(4, 90))),
      m(1, m(6, v(1, 1), v(2, 2), v(3, 9), v(4, 4))),
    ),
  ],
  [
    'session_refreshed (100)',
    { type: 'sessionRefreshed', sessionId: 5n, expiry: 2n, refreshDeadline: 3n },
    receipt(100, v(1, 5), v(2, 2), v(3, 3)),
  ],
  ['self_revoked (101)', { type: 'selfRevoked', sessionId: 5n }, receipt(101, v(1, 5))],
  ['trigger_edited (102)', { type: 'triggerEdited', triggerId: 12n }, receipt(102, v(1, 12))],
  [
    'vault_deposited (103)',
    { type: 'vaultDeposited', vaultId: 1, accountId: 2, amount: 100n, shares: 90n },
    receipt(103, v(1, 1), v(2, 2), v(3, 100), v(4, 90)),
  ],
  [
    'vault_withdraw_requested (104)',
    { type: 'vaultWithdrawRequested', vaultId: 1, accountId: 2, shares: 9n, epoch: 4n },
    receipt(104, v(1, 1), v(2, 2), v(3, 9), v(4, 4)),
  ],
  [
    'vault_claimed (105)',
    { type: 'vaultClaimed', vaultId: 1, accountId: 2, amount: 10n },
    receipt(105, v(1, 1), v(2, 2), v(3, 10)),
  ],
  [
    'vault_epochs_synced (106)',
    { type: 'vaultEpochsSynced', vaultId: 1, vaultAccountId: 50, epoch: 5n },
    receipt(106, v(1, 1), v(2, 50), v(3, 5)),
  ],
  [
    'accounts_tier_updated (71), a public kind: packed accounts (2)',
    { type: 'accountsTierUpdated', tierId: 1, accounts: [4, 300] },
    receipt(71, v(1, 1), packed(2, [4, 300])),
  ],
];

describe('golden action bytes', () => {
  it.each(ACTIONS)('%s', (_label, kind, bytes) => {
    const view: Action = { currentTimestamp: TS, nonce: NONCE, kind };
    expect(encodeAction(schema, view).toString('hex')).toBe(bytes.toString('hex'));
    expect(decodeAction(schema, bytes)).toEqual(view);
  });

  it('covers every action kind the app or the devnet uses', () => {
    const used = [
      'createSession',
      'placeOrder',
      'cancelOrderById',
      'deposit',
      'withdraw',
      'revokeSession',
      'transfer',
      'addTrigger',
      'removeTrigger',
      'atomic',
      'refreshSession',
      'selfRevoke',
      'editTrigger',
      'vaultDeposit',
      'vaultWithdrawRequest',
      'vaultWithdrawClaim',
      'vaultSyncEpochs',
    ];
    const covered = new Set(ACTIONS.map(([, kind]) => kind.type));
    for (const kind of used) expect(covered.has(kind as ActionKind['type']), kind).toBe(true);
  });
});

describe('golden receipt bytes', () => {
  it.each(RECEIPTS)('%s', (_label, kind, bytes) => {
    const view: Receipt = { actionId: 42n, kind };
    expect(unframe(encodeReceipt(schema, view)).toString('hex')).toBe(bytes.toString('hex'));
    expect(decodeReceipt(schema, frame(bytes))).toEqual(view);
  });

  it('covers every receipt kind the app or the devnet uses', () => {
    const used = [
      'err',
      'createSessionResult',
      'placeOrderResult',
      'cancelOrderResult',
      'depositResult',
      'withdrawResult',
      'sessionRevoked',
      'transferred',
      'triggerAdded',
      'triggerRemoved',
      'atomic',
      'sessionRefreshed',
      'selfRevoked',
      'triggerEdited',
      'vaultDeposited',
      'vaultWithdrawRequested',
      'vaultClaimed',
      'vaultEpochsSynced',
    ];
    const covered = new Set(RECEIPTS.map(([, kind]) => kind.type));
    for (const kind of used) expect(covered.has(kind as ReceiptKind['type']), kind).toBe(true);
  });
});
