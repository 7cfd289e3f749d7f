// The pickers the transfer panels share: the wallet, the account funds leave from, and the token to move.
import { useState } from 'react';
import { Select } from '@mantine/core';
import { usePortfolio, useWallets } from '../accounts';
import { useTokens } from '../markets';
import { AccountPicker } from '../accounts';
import { accountValue, walletOfValue } from '../accounts';

/** The wallet picker; `onSwitch` runs when the person picks another wallet (its accounts are different). */
export function useWalletChoice(onSwitch?: () => void) {
  const wallets = useWallets();
  const [walletId, setWalletId] = useState<string | null>(null);
  const chosen = walletId ?? wallets.data?.[0]?.walletId ?? null;
  const select = (
    <Select
      label="Wallet"
      data={(wallets.data ?? []).map((w) => ({ value: w.walletId, label: w.label }))}
      value={chosen}
      onChange={(next) => {
        if (next === chosen) return;
        setWalletId(next);
        onSwitch?.();
      }}
      allowDeselect={false}
    />
  );
  return { walletId: chosen, select };
}

/**
 * The account funds leave from, in the one account picker (every wallet's accounts, grouped by wallet), and
 * the wallet that holds it: the first account until the person picks another.
 */
export function useSourceAccount() {
  const [accountId, setAccountId] = useState<string | null>(null);
  const wallets = usePortfolio().data?.wallets ?? [];
  const held = walletOfValue(wallets, accountId) ?? wallets.find((w) => w.accounts.length > 0);
  const account = held?.accounts.find((a) => accountValue(a.accountId) === accountId) ?? held?.accounts[0];
  const accountSelect = (
    <AccountPicker
      label="From account"
      value={account ? accountValue(account.accountId) : null}
      onChange={setAccountId}
    />
  );
  return { walletId: held?.wallet.walletId ?? null, account, accountSelect };
}

/**
 * The token to move: the quote token (the collateral) and every other token the account holds. A token the
 * chosen account does not hold falls back to the quote token.
 */
export function useTokenChoice(account: { balances: { tokenId: number; amount: bigint }[] } | undefined) {
  const { tokens, quoteTokenId } = useTokens();
  const [chosen, setChosen] = useState<string | null>(null);
  const held = (account?.balances ?? []).filter((b) => b.amount > 0n).map((b) => b.tokenId);
  const options = [quoteTokenId, ...held.filter((t) => t !== quoteTokenId)];
  const tokenId = chosen !== null && options.includes(Number(chosen)) ? Number(chosen) : quoteTokenId;
  const select = (
    <Select
      label="Token"
      data={options.map((t) => ({ value: String(t), label: tokens.get(t)?.symbol ?? `Token ${t}` }))}
      value={String(tokenId)}
      onChange={setChosen}
      allowDeselect={false}
    />
  );
  return { tokenId, select };
}
