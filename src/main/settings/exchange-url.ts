// Checks an exchange address a person typed before it is saved: a plain http(s) base URL, and something
// there that answers GET /info with a market list the app can parse and serves a /schema.proto with every
// action the app signs. Saving an address that does not work
// would leave the app pointed at nothing after a restart, so a failure here saves nothing.
import type { MarketsInfo } from '../../shared/exchange/info';
import { AppFailure } from '../../shared/result';
import { createHttpClient, type FetchLike } from '../exchange/http-client';
import { createExchangeClient } from '../exchange/exchange-client';
import { loadExchangeSchema } from '../exchange/exchange-schema';
import { isLoopback, parseWebAddress } from './web-address';

/** The address in the one form the app keeps: scheme, host, port and path, without a trailing slash. */
export function normalizeExchangeUrl(text: string): string {
  const trimmed = text.trim();
  const url = parseWebAddress(trimmed, {
    name: 'exchange',
    one: 'an exchange',
    example: 'https://exchange.example.com',
  });
  // Paths such as /info are appended to the address, which a query or fragment would swallow.
  if (url.search || url.hash || trimmed.includes('?') || trimmed.includes('#'))
    throw new AppFailure('INVALID_ARGUMENT', 'The address must not contain a ?query or a #fragment.');
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/** A warning for addresses whose traffic anyone on the way could read or change; null when there is none. */
export function exchangeUrlWarning(baseUrl: string): string | null {
  const url = new URL(baseUrl);
  if (url.protocol === 'https:' || isLoopback(url.hostname)) return null;
  return 'This address is not encrypted (http://): anyone on the network path could change what the app shows you. Your keys never leave this computer either way.';
}

export interface CheckedExchange {
  baseUrl: string;
  info: MarketsInfo;
}

/** Normalizes the address and asks the exchange there for its markets; throws a plain-words AppFailure. */
export async function checkExchangeUrl(
  text: string,
  options: { fetchImpl?: FetchLike; timeoutMs?: number } = {},
): Promise<CheckedExchange> {
  const baseUrl = normalizeExchangeUrl(text);
  const http = createHttpClient({
    baseUrl,
    timeoutMs: options.timeoutMs ?? 5_000,
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  });
  let info: MarketsInfo;
  try {
    info = await createExchangeClient(http).info();
  } catch (error) {
    if (!(error instanceof AppFailure)) throw error;
    switch (error.code) {
      case 'EXCHANGE_UNREACHABLE':
        throw new AppFailure(
          'EXCHANGE_UNREACHABLE',
          `Nothing answered at ${baseUrl}. Check the address and that the exchange is running.`,
        );
      case 'NOT_FOUND':
        throw new AppFailure(
          'EXCHANGE_BAD_RESPONSE',
          `${baseUrl} answered, but has no /info market list: it does not look like an exchange this app can use.`,
        );
      default:
        throw new AppFailure(
          'EXCHANGE_BAD_RESPONSE',
          `${baseUrl} answered /info with something that is not an exchange's market list (${error.message})`,
        );
    }
  }
  let protoText: string;
  try {
    protoText = await http.getText('/schema.proto');
  } catch (error) {
    if (!(error instanceof AppFailure)) throw error;
    throw new AppFailure(
      'EXCHANGE_BAD_RESPONSE',
      `${baseUrl} lists markets but serves no /schema.proto, so Perpetua cannot know how to sign for it (${error.message})`,
    );
  }
  loadExchangeSchema(protoText, baseUrl);
  return { baseUrl, info };
}
