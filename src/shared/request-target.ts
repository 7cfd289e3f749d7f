// Reading a request target without ever throwing: Node hands the raw target through, so a path such as
// `//x:99999/` (which `new URL(target, base)` takes for a host with an invalid port) or a broken
// percent-escape must become a 400, not an exception in a server callback.

export interface RequestTarget {
  pathname: string;
  searchParams: URLSearchParams;
}

/** Parses an origin-form target (`/path?query`); null for anything else or anything malformed. */
export function parseTarget(raw: string | undefined): RequestTarget | null {
  // `//host/...` is what a proxy or a confused client sends, never a browser asking for a path here
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return null;
  try {
    // a fixed base keeps `//host/...` a path: the target is appended, never resolved against
    const url = new URL(`http://target.invalid${raw}`);
    return { pathname: url.pathname, searchParams: url.searchParams };
  } catch {
    return null;
  }
}

/** decodeURIComponent that answers null instead of throwing on a malformed escape such as `%E0%A4%A` */
export function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
