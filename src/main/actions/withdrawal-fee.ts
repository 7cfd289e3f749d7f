// The fee the exchange charges now for withdrawing a token from an account, stated in the withdrawn token
// (the exchange takes it out of the amount). The Withdraw form shows it while typing; the withdraw module
// shows it for review and checks it again right before signing.
import { AppFailure } from '../../shared/result';
import type { MarketsInfo } from '../../shared/exchange/info';
import type { ExchangeClient } from '../exchange/exchange-client';

export async function withdrawalFee(
  client: Pick<ExchangeClient, 'withdrawalFee'>,
  info: MarketsInfo,
  accountId: number,
  tokenId: number,
): Promise<bigint> {
  const token = info.tokens.find((t) => t.tokenId === tokenId);
  if (!token) throw new AppFailure('NOT_FOUND', `Token ${tokenId} does not exist on this exchange.`);
  return tokenId === info.quoteTokenId
    ? client.withdrawalFee(accountId, token.decimals)
    : client.withdrawalFee(accountId, token.decimals, tokenId);
}
