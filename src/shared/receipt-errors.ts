// Every Error value a receipt can carry, with what it means for the person in front of the app. Pure data:
// the renderer may import it; the numbers live in src/protocol/error-codes.ts beside the schema.

/** Values the devnet answers with, each with its own message. */
const SPECIFIC_MESSAGES = {
  DUPLICATE: 'The exchange already received this exact action; it was not applied a second time.',
  INVALID_SIGNATURE: 'The action’s signature is malformed. Nothing was changed.',
  MARKET_NOT_FOUND: 'That market does not exist on this exchange.',
  TOKEN_NOT_FOUND: 'That token does not exist on this exchange.',
  USER_NOT_FOUND: 'The exchange does not know this wallet yet. Deposit funds first to create its account.',
  SESSION_NOT_FOUND: 'The session key that signed this no longer exists. Create a new session and try again.',
  ORDER_NOT_FOUND: 'That order does not exist or is no longer open.',
  EXPIRY_TIMESTAMP_IN_PAST: 'The chosen expiry is already in the past. Choose a later expiry.',
  WITHDRAW_AMOUNT_TOO_SMALL: 'The amount does not cover the withdrawal fee. Withdraw more than the fee.',
  DECODE_FAILURE: 'The exchange could not read this action. Nothing was changed.',
  DECODE_FAILURE_LENGTH_PREFIX:
    'The exchange could not read this action: its length prefix is wrong. Nothing was changed.',
  DECODE_FAILURE_RAW:
    'The exchange could not read this action: its bytes are malformed. Nothing was changed.',
  DECODE_FAILURE_DOMAIN:
    'The exchange could not read this action: a field holds a value it does not allow. Nothing was changed.',
  TOO_MANY_USER_ACCOUNTS:
    'This wallet already has the most accounts the exchange allows. Use an existing account.',
  ACCOUNT_NOT_FOUND: 'That account id does not exist. Check the number and try again.',
  ACCOUNT_INVALID_OWNER: 'That account does not belong to this wallet.',
  // A withdrawal's fee comes out of the amount, so the amount alone must be covered.
  BALANCE_INSUFFICIENT: 'The account does not hold that much of this token. Lower the amount.',
  UNAUTHENTICATED_L1_ACTION: 'Only the settlement chain may submit this kind of action.',
  ENCODED_ACTION_TOO_LARGE: 'The action is larger than the exchange accepts. Split it into smaller ones.',
  TRIGGER_INVALID_PRICE: 'The trigger price and any limit price must be greater than zero.',
  TRIGGER_NOT_FOUND: 'That trigger does not exist or has already fired or been removed.',
  TIMESTAMP_OUT_OF_THRESHOLD:
    // Shown only after the submitter has already retried once with the exchange's fresh time.
    'The action’s time was ahead of the exchange’s clock even after a retry with fresh time. Nothing was changed; try again in a moment.',
  TIMESTAMP_STALE: 'The action took too long to reach the exchange and expired. Try again.',
  MARKET_FROZEN: 'This market is frozen for now. Try again once it reopens.',
  SIGNATURE_VERIFICATION:
    'The signature does not match the key that should have signed. Nothing was changed.',
  RISK: 'This would leave the account below its margin requirement. Reduce the amount or add collateral.',
  ACTION_INVALID_NONCE: 'The action’s sequence number was already used. It was not applied.',
  TRANSFER: 'The transfer could not be made. Check the accounts and the amount.',
  TRANSFER_TO_UNOWNED_ACCOUNT_IS_PROHIBITED:
    'Funds cannot be moved this way into an account this wallet does not own.',
  NOT_IMPLEMENTED: 'The exchange does not support this action yet.',
  ACTION_NOT_ALLOWED: 'This key is not allowed to perform this action.',
  CONFIG: 'The exchange’s configuration does not allow this right now.',
  SESSION_EXPIRED: 'The session key has expired. Create or refresh a session and try again.',
  SESSION_REVOKED: 'The session key was revoked. Create a new session to continue.',
  SESSION_REFRESH_DEADLINE:
    'This session cannot be extended past its refresh deadline. Create a new session.',
  VAULT_NOT_FOUND: 'That vault does not exist.',
  VAULT_CLAIM_NOT_READY: 'This withdrawal is not claimable yet; it becomes claimable when its epoch ends.',
  VAULT_INSUFFICIENT_SHARES: 'You do not hold enough vault shares for this withdrawal.',
  VAULT_NOTHING_TO_CLAIM: 'There is nothing to claim from this vault right now.',
  VAULT_AMOUNT_TOO_SMALL:
    'The amount is zero or too small to buy or redeem a single vault share. Enter more.',
  ORDER_INVALID: 'The order’s price or size is not valid for this market.',
  ORDER_SIZE_ZERO: 'The order has no size. Enter a size greater than zero.',
  ORDER_EXECUTION_MISSING_LIMITS: 'The order names neither a price, a size nor a quote size.',
  POST_ONLY_MUST_NOT_FILL_ANY_OPPOSITE_ORDERS:
    'A post-only order would have traded immediately, so it was not placed.',
  ORDER_EXECUTION_FILL_OR_KILL: 'The order could not be filled as required and was not placed.',
  Dropped: 'The exchange dropped this action without executing it. Nothing was changed.',
} as const;

/** Values a public engine may send that the devnet never does: named, with one general message. */
const PUBLIC_ONLY = [
  'ARITHMETIC',
  'ARITHMETIC_OVERFLOW',
  'ARITHMETIC_UNDERFLOW',
  'ARITHMETIC_DIVISION_BY_ZERO',
  'KEY_ALREADY_REGISTERED',
  'UPDATE_TIMESTAMP_IN_PAST',
  'TOO_MANY_OPEN_ORDERS',
  'INVALID_ORDER_OWNER',
  'UPDATE_PUBLISH_TIME_IN_PAST',
  'PYTH_FEED_NOT_ADDED',
  'PYTH_FEED_MISSING',
  'PYTH_FEED_ALREADY_ADDED',
  'PYTH_GUARDIAN_SET_UNINITIALIZED',
  'PYTH_GUARDIAN_SET_INVALID',
  'PYTH_FEED_DECIMALS_OUT_OF_RANGE',
  'PYTH_FEED_PRICE_OUT_OF_RANGE',
  'PYTH_FEED_VARIANCE_OUT_OF_RANGE',
  'PYTH_GUARDIAN_SET_AND_PYTH_SIGNATURE_DO_NOT_MATCH',
  'INVALID_TOKEN_PARAMETERS',
  'INDEX_PRICE_OUT_OF_RANGE',
  'INDEX_DECIMALS_OUT_OF_RANGE',
  'INVALID_STATE_VERSION',
  'TIER_FEE_OUT_OF_RANGE',
  'TIER_ID_OUT_OF_RANGE',
  'INVALID_MARGINS',
  'MARKET_DECIMALS_EXCEED_LIMITS',
  'TOO_MANY_TOKENS',
  'TOKEN_ALREADY_REGISTERED',
  'FUNDING_OVERFLOW',
  'CAN_REDUCE_POSITION_ONLY_IF_ALL_ORDERS_ARE_CANCELED',
  'UNEXPECTED_TOKEN_ID',
  'TOKEN_NOT_READY',
  'IMMEDIATE_ORDER_GOT_NO_FILLS',
  'FAILED_TO_FILL_LIMIT',
  'INVALID',
  'MAINTENANCE',
  'MINIMUM_SIZE_DECIMALS',
  'PARAMETERS_WILL_CREATE_NON_OPERATIONAL_MARKET',
  'ONLY_IMMEDIATE_ORDERS_ALLOWED',
  'DUST_ACCOUNT',
  'BALANCE',
  'BALANCE_DEPOSIT_OVERFLOW',
  'BALANCE_CHANGE_OVERFLOW',
  'BALANCE_CHANGE_LIMIT_EXCEEDED',
  'TRIGGER',
  'TIMESTAMP',
  'BANKRUPTCY_INSUFFICIENT_COVERAGE',
  'BANKRUPTCY_NOT_FOUND',
  'BANKRUPTCY_NOT_ALLOWED',
  'MARKET_NOT_READY',
  'MARKET_EMPTY',
  'POSITION',
  'POSITION_NOT_FOUND',
  'POSITION_STATE_ORDER',
  'POSITION_STATE_ORDER_PRICE',
  'POSITION_STATE_ORDER_SIZE',
  'POSITION_STATE_ORDER_SIDE',
  'POSITION_SIZE_LIMIT',
  'POSITION_STATE_PERP',
  'POSITION_STATE_ORDER_DELEGATION',
  'PRICE',
  'SIGNATURE_VERIFICATION_MALFORMED_PUBLIC_KEY',
  'SIGNATURE_VERIFICATION_INVALID_LENGTH',
  'RISK_DELEGATION_MF_TO_BE_LESS_THAN_OR_EQUAL_MMF',
  'RISK_OMF_LESS_THAN_OR_EQUAL_IMF',
  'RISK_OMF_LESS_THAN_OR_EQUAL_CMF',
  'RISK_UNHEALTHY_MF_AND_PON_AFTER_BETTER_OF_BEFORE',
  'RISK_TRADE_OMF_LESS_THAN_OR_EQUAL_CMF',
  'ORDER_EXECUTION',
  'ORDER_EXECUTION_EMPTY',
  'ORDER_EXECUTION_MISSING_PRICE',
  'ORDER_EXECUTION_SIZE_LIMIT',
  'ORDER_EXECUTION_LIMIT_PRICE',
  'ORDER_REDUCE_IS_POST_ONLY',
  'ORDER_EXECUTION_SELL_PRICE',
  'ORDER_SIZE_EXCEEDS_POSITION_SIZE',
  'ATOMICS_TRADES_CANNOT_FOLLOW_PLACES',
  'ATOMICS_CANCELS_CANNOT_FOLLOW_TRADES_PLACES',
  'ACTION_POSITION_SHOULD_BE_COVERED',
  'ACTION_PROPOSED_PRICE_MUST_BE_HIGHER',
  'ADMIN_ROLE_INSUFFICIENT',
  'ADMIN_NOT_FOUND',
  'UNIQUE_SUPER_ADMIN_CANNOT_BE_REMOVED',
  'SUPER_ADMIN_ALREADY_EXISTS',
] as const;

export type ErrorName = keyof typeof SPECIFIC_MESSAGES | (typeof PUBLIC_ONLY)[number];

export const RECEIPT_ERROR_MESSAGES: Readonly<Record<ErrorName, string>> = {
  ...SPECIFIC_MESSAGES,
  ...(Object.fromEntries(
    PUBLIC_ONLY.map((name) => [name, `The exchange refused the action (${name}). Nothing was changed.`]),
  ) as Record<(typeof PUBLIC_ONLY)[number], string>),
};

export const ERROR_NAMES = Object.keys(RECEIPT_ERROR_MESSAGES) as ErrorName[];

export const isErrorName = (value: unknown): value is ErrorName =>
  typeof value === 'string' && Object.hasOwn(RECEIPT_ERROR_MESSAGES, value);

export function describeReceiptError(name: string): string {
  return isErrorName(name) ? RECEIPT_ERROR_MESSAGES[name] : `The exchange rejected the action (${name}).`;
}
