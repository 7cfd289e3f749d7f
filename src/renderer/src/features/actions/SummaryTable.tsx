// The lines of a review, one shape for every confirmation: main's summary of a prepared action, and the
// review of a deposit, which the wallet signs on the settlement chain.
import { Table } from '@mantine/core';
import { useAccountLabels } from '../accounts';
import { useTokens } from '../markets';
import type { Line, LineValue } from '../../../../shared/ipc/actions';
import { formatBps, formatFigure } from '../../../../shared/figures';

/** What is about to be signed, exactly: every non-zero place of an amount, nothing rounded. */
function lineText(
  value: LineValue,
  format: (amount: bigint, tokenId: number, options: { exact: boolean }) => string,
  account: (accountId: number) => string,
): string {
  switch (value.type) {
    case 'text':
      return value.text;
    case 'amount':
      return format(value.amount, value.tokenId, { exact: true });
    case 'account':
      return value.accountId === null ? 'a new account of this wallet' : account(value.accountId);
    case 'address':
      return value.address;
    case 'percent':
      return formatBps(value.bps);
    case 'number':
      return formatFigure(value.value, value.decimals, { digits: 0, exact: true });
  }
}

export function SummaryTable({ lines }: { lines: Line[] }) {
  const { format } = useTokens();
  // an account by its wallet and name: "To Twelve · Savings (#5)"
  const { full } = useAccountLabels();
  return (
    <Table aria-label="Action summary">
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.key}>
            <Table.Th w={160}>{line.label}</Table.Th>
            {/* an address may break anywhere; words and figures only between words */}
            <Table.Td
              style={{
                overflowWrap: 'anywhere',
                wordBreak: line.value.type === 'address' ? 'break-all' : 'normal',
              }}
            >
              {lineText(line.value, format, full)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
