// The rules every address a person types into Settings must meet, whatever answers there: a plain http(s)
// URL, no credentials (settings are a plain file), no fragment, and plain http:// only on this computer,
// because anyone on the way could change what an unencrypted answer says.
import { AppFailure } from '../../shared/result';

export const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/** How messages name what answers there, e.g. { name: 'exchange', one: 'an exchange' }, and a working example. */
export interface AddressKind {
  name: string;
  one: string;
  example: string;
}

export function parseWebAddress(text: string, { name, one, example }: AddressKind): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `That is not a web address. Use one like ${example} or http://127.0.0.1:8080.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new AppFailure('INVALID_ARGUMENT', `The ${name} address must start with http:// or https://.`);
  if (url.username || url.password)
    throw new AppFailure('INVALID_ARGUMENT', 'Leave any user name or password out of the address.');
  if (url.protocol === 'http:' && !isLoopback(url.hostname))
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `Use https:// for ${one} on another computer. Plain http:// is accepted only for one on this computer (localhost or 127.0.0.1).`,
    );
  return url;
}
