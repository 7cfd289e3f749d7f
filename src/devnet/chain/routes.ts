// What the exchange says about its settlement side: where deposits go (the vault token account per mint),
// and what became of a deposit transaction (waiting, credited, or kept uncredited with the reason). The
// chain itself is read through the Solana JSON-RPC; these are the exchange's own records.
import type { Devnet } from '../devnet';
import type { Route } from '../routes';
import { HttpError } from '../http/errors';
import type { BridgeDeposit } from './bridge';
import { BASE58_SIGNATURE } from '../../shared/base58';

const wireDeposit = (d: BridgeDeposit) => ({
  signature: d.signature,
  tokenId: d.tokenId,
  amount: d.amount,
  sender: d.sender,
  recipient: d.recipient,
  ...(d.accountId !== undefined ? { accountId: d.accountId } : {}),
  correlation: d.correlation,
  ...(d.memoProblem ? { memoProblem: d.memoProblem } : {}),
  slot: d.slot,
  status: d.status,
  ...(d.reason ? { reason: d.reason } : {}),
  ...(d.creditedAccountId !== undefined ? { creditedAccountId: d.creditedAccountId } : {}),
});

export function settlementRoutes(devnet: Devnet): Route[] {
  return [
    {
      method: 'GET',
      path: '/settlement/vaults',
      tag: 'settlement',
      summary:
        "The exchange's deposit vault per token: { tokenId, mint, owner, vault } (vault: the SPL token account deposits are sent to)",
      handler: () => ({ status: 200, json: devnet.bridge.vaultList() }),
    },
    {
      method: 'GET',
      path: '/settlement/deposit/{signature}',
      tag: 'settlement',
      params: {
        signature: {
          description: 'A settlement-chain transaction signature (base58)',
          schema: { type: 'string' },
        },
      },
      summary:
        'The deposits a chain transaction made, each confirmed (waiting for processing), credited, or uncredited (kept in the vault, with the reason); 404 when the transaction made none',
      errors: ['BadRequest', 'NotFound'],
      handler: (req) => {
        const signature = req.params.signature ?? '';
        if (!BASE58_SIGNATURE.test(signature))
          throw new HttpError('BadRequest', 'not a transaction signature');
        const found = devnet.bridge.deposits(signature);
        if (found.length === 0) throw new HttpError('NotFound', 'no deposit was made by this transaction');
        return { status: 200, json: found.map(wireDeposit) };
      },
    },
    {
      method: 'GET',
      path: '/settlement/uncredited',
      tag: 'settlement',
      summary: 'Deposits that reached a vault but could not be credited, with the reason: nothing is lost',
      handler: () => ({ status: 200, json: devnet.bridge.uncredited().map(wireDeposit) }),
    },
  ];
}
