// What the one account picker lists: the person's accounts grouped by the wallet that holds them (the wallet's
// label over its accounts, each by wallet, name and number; the picker adds its balance), then the choices that are not one of
// them ("A new account", "Someone else's account") last.
import { accountLabel } from '../../../../shared/account-words';

export interface PickerWallet {
  wallet: { walletId: string; label: string };
  accounts: { accountId: number }[];
}

export interface PickerItem {
  value: string;
  label: string;
}
export interface PickerGroup {
  group: string;
  items: PickerItem[];
}

/** The value of an account in the picker: its number. */
export const accountValue = (accountId: number): string => String(accountId);

export function accountGroups(
  wallets: PickerWallet[],
  nameOf: (accountId: number) => string | undefined,
  options: { walletId?: string | null; except?: number; extra?: PickerItem[] } = {},
): PickerGroup[] {
  const groups = wallets
    .filter((w) => options.walletId == null || w.wallet.walletId === options.walletId)
    .map((w) => ({
      group: w.wallet.label,
      items: w.accounts
        .filter((a) => a.accountId !== options.except)
        .map((a) => ({
          value: accountValue(a.accountId),
          // the wallet in the label too: once chosen, the field shows this alone
          label: accountLabel(a.accountId, nameOf(a.accountId), w.wallet.label),
        })),
    }))
    .filter((g) => g.items.length > 0);
  return options.extra?.length ? [...groups, { group: 'Other', items: options.extra }] : groups;
}

/** The wallet holding the account with this picker value (undefined: not one of the person's). */
export const walletOfValue = <W extends PickerWallet>(wallets: W[], value: string | null): W | undefined =>
  wallets.find((w) => w.accounts.some((a) => accountValue(a.accountId) === value));
