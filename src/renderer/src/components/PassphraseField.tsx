// The passphrase asked for again before something that needs it (money leaving, removal, a network change):
// one field, so each place asks the same way and the browser offers the same saved password.
import { PasswordInput } from '@mantine/core';

interface Props {
  value: string;
  onChange(value: string): void;
  description?: string;
  /** 'modal' lets a Mantine modal put its first focus here; 'field' focuses it when it appears */
  focus?: 'modal' | 'field';
}

export function PassphraseField({ value, onChange, description, focus }: Props) {
  return (
    <PasswordInput
      label="Confirm with your passphrase"
      description={description}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={1024}
      autoComplete="current-password"
      autoFocus={focus === 'field'}
      data-autofocus={focus === 'modal' ? true : undefined}
    />
  );
}
