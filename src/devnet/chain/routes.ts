// What the exchange says about its settlement side: where deposits go (the vault token account per mint),
// and what became of a deposit transaction (waiting, credited, or kept uncredited with the reason). The
// chain itself is read through the Solana JSON-RPC; these are the exchange's own records.
import type { Route } from '../http/route';
import { HttpError } from '../http/errors';
import { BASE58_SIGNATURE } from '../../shared/base58';
import type { Bridge } from './bridge';
import { wireDeposit } from './views';

/** What these routes read: the bridge's vaults and deposit records, nothing that changes them. */
type DepositRecords = Pick<Bridge, 'vaultList' | 'deposits' | 'uncredited'>;

export function settlementRoutes(bridge: DepositRecords): Route[] {
  return [
    {
      method: 'GET',
      path: '/settlement/vaults',
      tag: 'settlement',
      summary:
        "The exchange's deposit vault per token: { tokenId, mint, owner, vault } (vault: the SPL token account deposits are sent to)",
      handler: () => ({ status: 200, json: bridge.vaultList() }),
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
        const found = bridge.deposits(signature);
        if (found.length === 0) throw new HttpError('NotFound', 'no deposit was made by this transaction');
        return { status: 200, json: found.map(wireDeposit) };
      },
    },
    {
      method: 'GET',
      path: '/settlement/uncredited',
      tag: 'settlement',
      summary: 'Deposits that reached a vault but could not be credited, with the reason: nothing is lost',
      handler: () => ({ status: 200, json: bridge.uncredited().map(wireDeposit) }),
    },
  ];
}
