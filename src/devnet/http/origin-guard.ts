// DNS rebinding and cross-site pages: a web page can make the browser send requests to the devnet on
// loopback, either directly (its own Origin) or through a host name it re-points at 127.0.0.1 (a foreign
// Host). Neither may move devnet state. Programs (the app, bots, curl) send no Origin and a literal
// address or `localhost` as Host, so they are unaffected.
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

function hostnameOf(hostHeader: string): string | null {
  // `[::1]:port`, `127.0.0.1:port`, `localhost`
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(hostHeader);
  if (!match) return null;
  return match[1]!.startsWith('[') ? match[1]!.slice(1, -1) : match[1]!;
}

/** A Host naming the machine by address or as localhost: a rebinding attack needs a DNS name of its own. */
export function isLocalHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const name = hostnameOf(hostHeader);
  if (name === null) return false;
  return isIP(name) !== 0 || name.toLowerCase() === 'localhost';
}

/** Why a request is refused, or null when Host and Origin are acceptable. */
export function foreignRequest(headers: IncomingHttpHeaders): string | null {
  if (!isLocalHost(headers.host)) return 'this host name is not served (DNS rebinding protection)';
  const origin = headers.origin;
  if (origin !== undefined && origin !== `http://${headers.host}`)
    return 'requests from web pages of another origin are refused';
  return null;
}
