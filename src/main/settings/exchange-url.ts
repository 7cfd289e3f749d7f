// Checks an exchange address a person typed before it is saved: a plain http(s) base URL, and something
// there that answers GET /info with a market list the app can parse and serves a /schema.proto with every
// action the app signs. Saving an address that does not work
// would leave the app pointed at nothing after a restart, so a failure here saves nothing.
import type { MarketsInfo } from '../../shared/exchange/info';
import { AppFailure } from '../../shared/result';
import { createHttpClient, type FetchLike } from '../exchange/http-client';
import { createExchangeClient } from '../exchange/exchange-client';
import { loadExchangeSchema } from '../exchange/exchange-schema';

const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/** The address in the one form the app keeps: scheme, host, port and path, without a trailing slash. */
export function normalizeExchangeUrl(text: string): string {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      'That is not a web address. Use one like https://exchange.example.com or http://127.0.0.1:8080.',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new AppFailure('INVALID_ARGUMENT', 'The exchange address must start with http:// or https://.');
  // Settings are a plain file: a password in the address would sit there unprotected.
  if (url.username || url.password)
    throw new AppFailure('INVALID_ARGUMENT', 'Leave any user name or password out of the address.');
  // Paths such as /info are appended to the address, which a query or fragment would swallow.
  if (url.search || url.hash || trimmed.includes('?') || trimmed.includes('#'))
    throw new AppFailure('INVALID_ARGUMENT', 'The address must not contain a ?query or a #fragment.');
  // Anyone on the way could change prices, balances and fees shown over plain http: only for an exchange
  // on this computer.
  if (url.protocol === 'http:' && !isLoopback(url.hostname))
    throw new AppFailure(
      'INVALID_ARGUMENT',
      'Use https:// for an exchange on another computer. Plain http:// is accepted only for one on this computer (localhost or 127.0.0.1).',
    );
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
