// How a history cell's values are written: for the screen or for a CSV file (format.ts makes both). A type of
// its own, with no screen code, so the feed's line-making (activity.ts) can be tested in Node.
export interface HistoryFormat {
  time(seconds: number): string;
  tokenSymbol(tokenId: number): string;
  /** an amount of the given token */
  amount(value: bigint, tokenId: number, options?: { signed?: boolean }): string;
  /** an amount of the quote token (PnL, fees, funding, margin) */
  quote(value: bigint, options?: { signed?: boolean }): string;
  /** vault shares (counted in the quote token's units), written as everywhere else they show */
  shares(value: bigint): string;
  quoteSymbol: string;
  quoteTokenId: number;
  market(marketId: number): string;
  /** a settlement-chain address: shortened on screen, whole in a file */
  address(address: string): string;
  /** an account in a table cell: its local name and number on screen ("Savings (#5)"), "#5" in a file */
  account(accountId: number): string;
  /** an account in a sentence: "Savings (account 5)" on screen, "account 5" in a file */
  accountWords(accountId: number): string;
  /** a vault's name (from the vault list), not its number */
  vault(vaultId: number): string;
  price(marketId: number, value: bigint): string;
  size(marketId: number, value: bigint, options?: { signed?: boolean }): string;
}
