// Base58 as Solana writes keys and signatures (the Bitcoin alphabet: no 0, O, I or l). The one place the
// alphabet and the lengths are written: zod schemas, the devnet's parameters, the forms' hints, the deposit
// memo and the audit log's secret check all build on these. The shape only; decoding checks the byte length.

/** one base58 character, for patterns that embed it */
export const BASE58_CHAR = '[1-9A-HJ-NP-Za-km-z]';
/** the text of a 32-byte key (a public key or address): 32 to 44 characters */
export const BASE58_KEY = new RegExp(`^${BASE58_CHAR}{32,44}$`);
/** the text of a 64-byte signature: 64 to 88 characters */
export const BASE58_SIGNATURE = new RegExp(`^${BASE58_CHAR}{64,88}$`);
