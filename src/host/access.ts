// Who may use the browser host. The address the host prints carries a one-time token; the first page load
// trades it for an HttpOnly, SameSite=Strict session cookie and is redirected to the bare address, so the
// token is spent before it can be replayed from the browser's history, a screenshot or a shell log. A person
// who needs a second browser asks the host for a fresh address (Enter in its terminal).
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** tokens handed out but not yet used; the oldest is forgotten first */
const MAX_OPEN_TOKENS = 128;
/** browser sessions (cookies) the host remembers; the oldest is forgotten first */
const MAX_SESSIONS = 32;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function secret(): string {
  return randomBytes(32).toString('base64url');
}

export interface HostAccess {
  /** a fresh one-time token */
  mintToken(): string;
  /** spends a token and returns the new session id, or null if the token is unknown or already spent */
  exchange(token: string): string | null;
  /** is this session id (from the cookie) one the host handed out? */
  isSession(id: string): boolean;
  /** the session id carried by a Cookie header, if it is a valid one */
  sessionOf(cookieHeader: string | undefined): string | null;
  /** the Set-Cookie value for a session */
  cookieFor(id: string): string;
}

/**
 * The cookie's name carries the port: browsers share cookies across the ports of one host name, so two
 * hosts on 127.0.0.1 must not overwrite each other's session.
 */
export function createHostAccess(port: number, firstToken?: string): HostAccess {
  const cookieName = `perpetua_host_${port}`;
  const open: string[] = firstToken ? [firstToken] : [];
  const sessions: string[] = [];

  const find = (list: string[], value: string): number => {
    let index = -1;
    // every entry is compared, so timing does not reveal which one matched
    list.forEach((entry, i) => {
      if (sameSecret(value, entry)) index = i;
    });
    return index;
  };

  const access: HostAccess = {
    mintToken() {
      const token = secret();
      open.push(token);
      if (open.length > MAX_OPEN_TOKENS) open.shift();
      return token;
    },
    exchange(token) {
      const index = find(open, token);
      if (index < 0) return null;
      open.splice(index, 1);
      const id = secret();
      sessions.push(id);
      if (sessions.length > MAX_SESSIONS) sessions.shift();
      return id;
    },
    isSession: (id) => find(sessions, id) >= 0,
    sessionOf(cookieHeader) {
      for (const part of (cookieHeader ?? '').split(';')) {
        const eq = part.indexOf('=');
        if (eq < 0 || part.slice(0, eq).trim() !== cookieName) continue;
        const value = part.slice(eq + 1).trim();
        if (access.isSession(value)) return value;
      }
      return null;
    },
    cookieFor: (id) => `${cookieName}=${id}; Path=/; HttpOnly; SameSite=Strict`,
  };
  return access;
}
