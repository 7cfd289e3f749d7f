// Someone else's account, the picker's last choice: its number typed in, or found from an address saved in the
// address book (the exchange accounts of that address, read from main; one of several is picked by number).
import { useState } from 'react';
import { Group, Select, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';

export function OtherAccountField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  const [address, setAddress] = useState<string | null>(null);
  const book = useQuery({ queryKey: ['addresses'], queryFn: () => unwrap(wallet.addresses.list()) });
  // the person's own wallets are in the picker above; here only the addresses they saved
  const saved = (book.data ?? []).filter((e) => e.walletId === null);
  const entry = saved.find((e) => e.address === address);
  const accounts = useQuery({
    queryKey: ['accountsOf', address],
    queryFn: () => unwrap(wallet.portfolio.accountsOf({ address: address! })),
    enabled: address !== null,
  });
  const ids = accounts.data?.accountIds ?? [];
  return (
    <Group grow align="flex-start">
      <TextInput
        label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        inputMode="numeric"
        maxLength={10}
      />
      <Select
        label="From the address book"
        placeholder={saved.length ? 'Choose a saved address' : 'No saved address yet'}
        data={saved.map((e) => ({ value: e.address, label: e.label }))}
        value={address}
        onChange={(next) => {
          setAddress(next);
          if (next === null) return;
          void unwrap(wallet.portfolio.accountsOf({ address: next })).then((found) => {
            if (found.accountIds[0] !== undefined) onChange(String(found.accountIds[0]));
          });
        }}
        clearable
      />
      {entry && accounts.data ? (
        ids.length > 1 ? (
          <Select
            label={`Accounts of ${entry.label}`}
            data={ids.map((id) => ({ value: String(id), label: `${entry.label} · #${id}` }))}
            value={ids.map(String).includes(value) ? value : null}
            onChange={(next) => next && onChange(next)}
            allowDeselect={false}
          />
        ) : (
          <Text size="sm" pt="xl" role="status">
            {ids.length === 1
              ? `${entry.label} has one account on the exchange: #${ids[0]}.`
              : `${entry.label} has no account on the exchange.`}
          </Text>
        )
      ) : null}
    </Group>
  );
}
