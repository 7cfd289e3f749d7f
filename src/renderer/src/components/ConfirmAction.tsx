// Shows main's summary of a prepared action and confirms it by id. Money leaving the person's wallets
// (main says so with moneyLeaves) is confirmed with the passphrase, which main checks for this one
// confirmation; anything else asks for it only when main answers that the unlock is too old.
import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet, WalletError } from '../bridge/wallet';
import { keys, useTokens } from '../hooks/queries';
import { ErrorNote } from './ErrorNote';
import type { ResultOf } from '../../../shared/ipc/contract';
import { formatAmount } from '../../../shared/money';
import { PassphraseField } from './PassphraseField';
import { useReturnFocus } from './focus-return';

export type Summary = ResultOf<'prepareAction'>;
export type ActionResult = ResultOf<'confirmAction'>;

export function ConfirmAction({
  summary,
  onClose,
  onDone,
}: {
  summary: Summary;
  onClose: () => void;
  onDone: (result: ActionResult) => void;
}) {
  const client = useQueryClient();
  const { format } = useTokens();
  const [needPassphrase, setNeedPassphrase] = useState(summary.moneyLeaves);
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  /** from the first Enter or click on, unless it fails: what is shown is never signed twice */
  const sending = useRef(false);
  const isWithdraw = summary.kind === 'withdraw';
  const ready = !needPassphrase || passphrase.length > 0;

  const confirm = async () => {
    if (sending.current || !ready) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      if (needPassphrase && !summary.moneyLeaves) await unwrap(wallet.unlock({ passphrase }));
      const result = await unwrap(
        wallet.confirmAction({
          confirmationId: summary.confirmationId,
          ...(summary.moneyLeaves ? { passphrase } : {}),
        }),
      );
      void client.invalidateQueries({ queryKey: keys.portfolio });
      void client.invalidateQueries({ queryKey: keys.audit });
      // signed: this dialog is done and stays that way until it closes
      onDone(result);
    } catch (e) {
      if (e instanceof WalletError && e.code === 'LOCKED' && !needPassphrase) setNeedPassphrase(true);
      setError(e);
      sending.current = false;
    } finally {
      setBusy(false);
    }
  };

  // vault and trigger actions come with main's own lines; withdrawals and transfers are laid out here
  const rows: [string, string][] =
    summary.details.length > 0
      ? [
          ['Wallet', summary.walletLabel],
          ['Account', String(summary.fromAccountId)],
          ...summary.details.map((d): [string, string] => [d.label, d.value]),
          ['Balance after', format(summary.balanceAfter, summary.tokenId)],
        ]
      : [
          ['Wallet', summary.walletLabel],
          ['From account', String(summary.fromAccountId)],
          isWithdraw
            ? ['To address', summary.destination ?? '']
            : [
                'To account',
                summary.toAccountId === null ? 'a new account of this wallet' : String(summary.toAccountId),
              ],
          ['Amount', format(summary.amount, summary.tokenId)],
          ...(isWithdraw
            ? ([
                ['Withdrawal fee', format(summary.fee, summary.tokenId)],
                ['You receive', format(summary.receive, summary.tokenId)],
              ] as [string, string][])
            : []),
          ['Balance after', format(summary.balanceAfter, summary.tokenId)],
          ...(summary.marginAfter
            ? ([
                ['Free collateral after', format(summary.marginAfter.freeCollateral, summary.tokenId)],
                ['Margin health after', `${formatAmount(BigInt(summary.marginAfter.healthBps), 2)}%`],
              ] as [string, string][])
            : []),
        ];
  const signLabel = isWithdraw
    ? 'Sign and withdraw'
    : summary.kind === 'transfer'
      ? 'Sign and transfer'
      : 'Sign and send';

  useReturnFocus();
  return (
    <Modal opened onClose={onClose} title={summary.title} size="lg">
      <Stack
        component="form"
        onSubmit={(e) => {
          // stopped here: the page around this dialog may be a form too (see form-submit)
          e.preventDefault();
          e.stopPropagation();
          void confirm();
        }}
        // a held Enter repeats: the press that opened this dialog must not also sign what it shows
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.repeat) e.preventDefault();
        }}
      >
        <Table aria-label="Action summary">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={160}>{label}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {summary.warnings.map((w) => (
          <Alert key={w} color="orange" title="Check this">
            {w}
          </Alert>
        ))}
        {needPassphrase ? (
          <PassphraseField
            value={passphrase}
            onChange={setPassphrase}
            description={summary.moneyLeaves ? 'This sends money out of your wallets.' : undefined}
          />
        ) : null}
        <ErrorNote error={error} title="Not sent" />
        <Text size="xs" c="dimmed">
          Perpetua signs exactly what is shown here. This confirmation expires two minutes after it was
          prepared.
        </Text>
        <Group justify="flex-end">
          {/* the dialog opens here, never on the signing button: a stray Enter cannot sign */}
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!ready} color={isWithdraw ? 'orange' : 'teal'}>
            {signLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
