// The one account picker of the transfer forms (transfer, sweep, deposit, withdraw, vaults): the person's
// accounts grouped by wallet, each by wallet, name, number and balance, and the choices that are not one of
// them last (account-groups.ts).
import { Select, Text } from '@mantine/core';
import { useAccountNames, usePortfolio } from './queries';
import { useTokens } from '../markets';
import { accountGroups, accountValue, type PickerItem } from './account-groups';

export function AccountPicker({
  label,
  value,
  onChange,
  walletId,
  except,
  extra,
  description,
  placeholder,
}: {
  label: string;
  value: string | null;
  onChange: (value: string) => void;
  /** only this wallet's accounts (a deposit goes into the depositing wallet's) */
  walletId?: string | null;
  /** an account not to offer (the one money leaves) */
  except?: number | undefined;
  /** choices after the accounts: "A new account", "Someone else's account" */
  extra?: PickerItem[];
  description?: string;
  placeholder?: string;
}) {
  const portfolio = usePortfolio();
  const names = useAccountNames();
  const { format, quoteTokenId } = useTokens();
  const wallets = portfolio.data?.wallets ?? [];
  const data = accountGroups(wallets, names.nameOf, { walletId, except, ...(extra ? { extra } : {}) });
  const balances = new Map(
    wallets.flatMap((w) =>
      w.accounts.map((a) => [
        accountValue(a.accountId),
        format(a.balances.find((b) => b.tokenId === quoteTokenId)?.amount ?? 0n, quoteTokenId),
      ]),
    ),
  );
  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={(next) => next !== null && onChange(next)}
      allowDeselect={false}
      comboboxProps={{ width: 'target', position: 'bottom-start' }}
      // the whole list, grown to its height, rather than a scroll area inside the listbox (which a keyboard
      // could not scroll: the options are reached by the arrow keys, the area itself never takes focus)
      withScrollArea={false}
      // the balance beside each account, dimmed; the field shows the chosen account's name alone
      renderOption={({ option }) => (
        <span>
          {option.label}
          {balances.has(option.value) ? (
            <Text span size="sm" c="dimmed">
              {' — '}
              {balances.get(option.value)}
            </Text>
          ) : null}
        </span>
      )}
    />
  );
}
