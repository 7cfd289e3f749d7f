// The pickers the transfer panels share: the wallet, the account funds leave from, and the token to move.
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useAccountNames, usePortfolio, useTokens, useWallets } from '../../hooks/queries';

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
 * The wallet and the account funds leave from: the wallet's first account until the person picks another,
 * and the first account again when another wallet is picked (its accounts are different).
 */
export function useSourceAccount() {
  const [accountId, setAccountId] = useState<string | null>(null);
  const { walletId, select: walletSelect } = useWalletChoice(() => setAccountId(null));
  const portfolio = usePortfolio();
  const { label } = useAccountNames();
  const accounts = portfolio.data?.wallets.find((w) => w.wallet.walletId === walletId)?.accounts ?? [];
  const account = accounts.find((a) => String(a.accountId) === accountId) ?? accounts[0];
  const accountSelect = (
    <Select
      label="From account"
      data={accounts.map((a) => ({ value: String(a.accountId), label: label(a.accountId) }))}
      value={account ? String(account.accountId) : null}
      onChange={setAccountId}
      allowDeselect={false}
    />
  );
  return { walletId, walletSelect, account, accountSelect };
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
