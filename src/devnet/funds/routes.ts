// Accounts and their money: the account container, balances in the system account, withdrawal fees and the
// deposit, withdrawal and transfer histories.
import type { DevnetConfig } from '../config';
import type { Exchange } from '../engine/exchange';
import { HttpError, type ErrorName } from '../http/errors';
import { historyPage } from '../http/paging';
import { JSON_BODY, PAGING } from '../http/contract';
import { json, parseJsonBody, type Route } from '../http/route';
import type { PathParams } from '../http/path';
import type { HttpRequest } from '../http/router';
import { accountJson } from './account-view';
import { withdrawalFeeInToken, withdrawalFeeQuote } from './fees';
import { fundsViews } from './views';
import { rowsByAccount } from './rows-by-account';
import type { DepositRecord, TransferRecord, WithdrawalRecord } from './state';
import { human } from '../json';

const ACCOUNT_ERRORS: readonly ErrorName[] = ['BadRequest', 'UserNotFound'];
const SCALED_AMOUNT = /^(0|[1-9]\d{0,30})$/;

export function fundsRoutes(devnet: Exchange, config: DevnetConfig, path: PathParams): Route[] {
  const engine = devnet.engine;
  const state = () => engine.state;
  const account = (req: HttpRequest) => engine.account(path.accountId(req))!;
  const views = fundsViews(config);
  const depositsOf = rowsByAccount((r: DepositRecord) => [r.accountId]);
  const withdrawalsOf = rowsByAccount((r: WithdrawalRecord) => [r.accountId]);
  const transfersOf = rowsByAccount((r: TransferRecord) => [r.fromAccountId, r.toAccountId]);
  const history = <T extends { id: bigint; time: number }, W>(
    req: HttpRequest,
    rows: readonly T[],
    toWire: (row: T) => W,
  ) => historyPage(req.query, engine.nowSeconds(), rows, toWire);

  /** GET /account/{account_id}/history/<kind>: one page of the account's rows of that kind */
  const accountHistory = (
    kind: string,
    summary: string,
    rows: (a: { req: HttpRequest; id: number }) => unknown,
  ): Route => ({
    method: 'GET',
    path: `/account/{account_id}/history/${kind}`,
    tag: 'history',
    summary,
    query: PAGING,
    errors: ACCOUNT_ERRORS,
    handler: (req) => json(rows({ req, id: account(req).id })),
  });

  return [
    {
      method: 'GET',
      path: '/accounts/count',
      tag: 'accounts',
      summary: 'Number of accounts',
      ok: {
        description: 'The number of accounts',
        contentType: 'application/json',
        schema: { type: 'integer', minimum: 0 },
      },
      handler: () => json(Object.keys(state().accounts).length),
    },
    {
      method: 'GET',
      path: '/account/system',
      tag: 'accounts',
      summary: 'actionId, feeVault, claimVault',
      handler: () => json(views.system(state())),
    },
    {
      method: 'GET',
      path: '/account/system/history/transfer',
      tag: 'history',
      summary: 'Transfers involving the fee vault (withdrawal fees), paged',
      query: PAGING,
      errors: ['BadRequest'],
      handler: (req) => json(history(req, state().systemTransfers, views.transfer(0))),
    },
    {
      method: 'GET',
      path: '/account/{account_id}',
      tag: 'accounts',
      summary: 'Account: balances, positions, open orders, margin; 404 UserNotFound',
      errors: ACCOUNT_ERRORS,
      handler: (req) => json(accountJson(state(), config, account(req))),
    },
    {
      method: 'GET',
      path: '/account/{account_id}/pubkey',
      tag: 'accounts',
      summary: "The owner's RegistrationKey; 404 UserNotFound",
      errors: ACCOUNT_ERRORS,
      handler: (req) => json(account(req).owner),
    },
    {
      method: 'GET',
      path: '/account/{account_id}/fees/withdrawal',
      tag: 'accounts',
      summary:
        'Withdrawal fee in quote-token units (a number); proportional to protocol debt when unhealthy. With ?tokenId, the same fee in that token, exactly as a withdrawal of it is charged',
      query: [
        {
          name: 'tokenId',
          description:
            'State the fee in this token (rounded up from the quote fee at the token’s reference price)',
          schema: { type: 'integer', minimum: 0, maximum: 2147483647 },
        },
      ],
      ok: {
        description: 'The fee in whole units of the quote token, or of tokenId when given',
        contentType: 'application/json',
        schema: { type: 'number' },
      },
      errors: [...ACCOUNT_ERRORS, 'TokenNotFound'],
      handler: (req) => {
        account(req);
        const raw = req.query.get('tokenId');
        if (raw === null) {
          const quote = config.tokens.find((t) => t.tokenId === config.quoteTokenId)!;
          return json(human(withdrawalFeeQuote(config, state()), quote.decimals));
        }
        if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2147483647)
          throw new HttpError('BadRequest', `"${raw}" is not a token id`);
        const token = config.tokens.find((t) => t.tokenId === Number(raw));
        if (!token) throw new HttpError('TokenNotFound', `token ${raw} does not exist`);
        return json(human(withdrawalFeeInToken(config, state(), token.tokenId), token.decimals));
      },
    },
    accountHistory('deposit', 'DepositInfo rows, paged (uint64 cursor)', (a) =>
      history(a.req, depositsOf.of(state().deposits, a.id), views.deposit),
    ),
    accountHistory('withdrawal', 'WithdrawalInfo rows, paged (uint64 cursor)', (a) =>
      history(a.req, withdrawalsOf.of(state().withdrawals, a.id), views.withdrawal),
    ),
    accountHistory('transfer', 'TransferRow rows sent and received, paged (uint64 cursor)', (a) =>
      history(a.req, transfersOf.of(state().transfers, a.id), views.transfer(a.id)),
    ),
    {
      method: 'POST',
      path: '/devnet/protocol-debt',
      tag: 'devnet',
      summary:
        'Devnet control: set the simulated protocol debt (quote units); > 0 makes the protocol unhealthy',
      body: JSON_BODY('The debt in scaled quote units', {
        type: 'object',
        required: ['amount'],
        properties: { amount: { type: 'string', pattern: '^(0|[1-9]\\d{0,30})$' } },
      }),
      errors: ['AcceptedMediaType', 'BadRequest'],
      handler: (req) => {
        const body = parseJsonBody(req) as { amount?: unknown };
        if (typeof body.amount !== 'string' || !SCALED_AMOUNT.test(body.amount))
          throw new HttpError('BadRequest', 'amount must be a scaled integer string');
        devnet.setProtocolDebt(BigInt(body.amount));
        return json({ protocolDebt: body.amount });
      },
    },
  ];
}
