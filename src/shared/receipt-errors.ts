// Every Error value a receipt can carry, with what it means for the person in front of the app. Pure data:
// the renderer may import it; the numbers live in src/protocol/error-codes.ts beside the schema.

export const RECEIPT_ERROR_MESSAGES = {
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
  ORDER_WOULD_CROSS: 'A post-only order would have traded immediately, so it was not placed.',
  ORDER_NOT_FILLED: 'The order could not be filled as required and was not placed.',
} as const;

export type ErrorName = keyof typeof RECEIPT_ERROR_MESSAGES;

export const ERROR_NAMES = Object.keys(RECEIPT_ERROR_MESSAGES) as ErrorName[];

export const isErrorName = (value: unknown): value is ErrorName =>
  typeof value === 'string' && Object.hasOwn(RECEIPT_ERROR_MESSAGES, value);

export function describeReceiptError(name: string): string {
  return isErrorName(name) ? RECEIPT_ERROR_MESSAGES[name] : `The exchange rejected the action (${name}).`;
}
