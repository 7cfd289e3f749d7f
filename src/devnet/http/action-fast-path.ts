// POST /action read and answered straight off the socket. node:http's per-request machinery (its parser
// callbacks, IncomingMessage and ServerResponse, the body stream, writeHead) cost the devnet's thread about
// as much as executing the action itself, and signed actions are what a busy client sends most. So each new
// connection is read here first: a request this path fully understands (exactly `POST /action HTTP/1.1`,
// only the plain headers below, an octet-stream body of an acceptable length, all of it received) is
// answered here with the bytes node:http would have written; anything else, at any point, hands the
// connection with every byte it has sent to node:http, which serves it from then on as it serves every
// other connection (routes, streams, every error answer). Nothing is decided here that node:http decides
// differently: a request this path is unsure of is node:http's.
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpResponse } from './response';
import { responseParts } from './response';

/** Headers a fast request may carry (each at most once); any other header hands the connection over. */
const PLAIN_HEADERS = new Set([
  'host',
  'content-type',
  'content-length',
  'connection',
  'user-agent',
  'accept',
  'accept-encoding',
  'accept-language',
  'sec-fetch-mode',
]);

const HEAD_END = Buffer.from('\r\n\r\n');
/** a head longer than this is not a plain POST /action: node:http reads it (and its size limits apply) */
const MAX_FAST_HEAD_BYTES = 2048;
/** anything but printable ASCII, tab and the line breaks: node:http judges such a head */
const UNUSUAL_BYTE = /[^\t\r\n\x20-\x7e]/;
/** what node:http answers a connection that sent no complete head in time (then it closes it) */
const REQUEST_TIMEOUT = Buffer.from(
  `HTTP/1.1 408 ${STATUS_CODES[408]}\r\nConnection: close\r\n\r\n`,
  'ascii',
);
/** node:http keeps an idle keep-alive connection this much longer than the timeout it advertises */
const KEEP_ALIVE_GRACE_MS = 1000;

/** A plain POST /action head: what this path reads from it. */
export interface PlainHead {
  /** the head's bytes, its closing blank line included */
  bytes: Buffer;
  host: string;
  contentType: string;
  bodyLength: number;
}

/** A complete POST /action this path answers, or why node:http must read the connection instead. */
export type FastRequest =
  { kind: 'action'; head: PlainHead; body: Buffer; length: number } | { kind: 'incomplete' | 'other' };

function readHead(bytes: Buffer, end: number, maxBodyBytes: number): PlainHead | null {
  const head = bytes.toString('latin1', 0, end);
  if (UNUSUAL_BYTE.test(head)) return null;
  const lines = head.split('\r\n');
  if (lines[0] !== 'POST /action HTTP/1.1') return null;
  const headers = new Map<string, string>();
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    if (colon <= 0 || line.includes('\r') || line.includes('\n')) return null;
    const name = line.slice(0, colon).toLowerCase();
    if (!PLAIN_HEADERS.has(name) || headers.has(name)) return null;
    headers.set(name, line.slice(colon + 1).trim());
  }
  const host = headers.get('host');
  const contentType = headers.get('content-type');
  const declared = headers.get('content-length');
  const connection = headers.get('connection');
  if (host === undefined || contentType === undefined || declared === undefined) return null;
  if (connection !== undefined && connection.toLowerCase() !== 'keep-alive') return null;
  if (!/^\d{1,7}$/.test(declared) || Number(declared) > maxBodyBytes) return null;
  const bodyLength = Number(declared);
  return { bytes: Buffer.from(bytes.subarray(0, end + HEAD_END.length)), host, contentType, bodyLength };
}

/**
 * Reads one request from the start of `bytes`. `length` is how many bytes the request took (head and body);
 * bytes after it belong to the next request. `previous`: the last head read on this connection; a client
 * sends the same head again and again (only a different length changes it), and the same bytes read the
 * same, so they are compared instead of read again.
 */
export function readFastRequest(bytes: Buffer, maxBodyBytes: number, previous?: PlainHead): FastRequest {
  const end = bytes.indexOf(HEAD_END);
  if (end < 0 || end > MAX_FAST_HEAD_BYTES)
    return { kind: bytes.length > MAX_FAST_HEAD_BYTES ? 'other' : 'incomplete' };
  const headLength = end + HEAD_END.length;
  const head =
    previous !== undefined &&
    previous.bytes.length === headLength &&
    bytes.compare(previous.bytes, 0, headLength, 0, headLength) === 0
      ? previous
      : readHead(bytes, end, maxBodyBytes);
  if (head === null) return { kind: 'other' };
  const length = headLength + head.bodyLength;
  if (bytes.length < length) return { kind: 'incomplete' };
  return { kind: 'action', head, body: bytes.subarray(headLength, length), length };
}

let dateText = '';
let dateExpiresMs = 0;
/** The Date header's value, made once a second as node:http makes it. */
function httpDate(): string {
  const now = Date.now();
  if (now >= dateExpiresMs) {
    const date = new Date(now);
    dateText = date.toUTCString();
    dateExpiresMs = now - date.getMilliseconds() + 1000;
  }
  return dateText;
}

/** An answer as node:http writes it on a keep-alive HTTP/1.1 connection: status line, headers, body. */
export function responseBytes(response: HttpResponse, keepAliveTimeoutMs: number): Buffer {
  const { headers, payload } = responseParts(response);
  let head = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? 'unknown'}\r\n`;
  for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
  head +=
    `Date: ${httpDate()}\r\nConnection: keep-alive\r\n` +
    `Keep-Alive: timeout=${Math.floor(keepAliveTimeoutMs / 1000)}\r\n\r\n`;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const bytes = Buffer.allocUnsafe(head.length + body.length);
  bytes.write(head, 0, 'latin1');
  body.copy(bytes, head.length);
  return bytes;
}

export interface ActionFastPathDeps {
  /**
   * Whether the devnet takes this request at all (its Host, its content type, the client's rate limit);
   * when it does not, node:http reads the request again and answers the refusal. Called last, once the
   * request is complete and plain, so it runs once for each request this path answers.
   */
  admit(request: { host: string; contentType: string; client: string }): boolean;
  /**
   * Hands `reply` the answer to an admitted body (POST /action's one definition, which node:http's route
   * answers with too: service/action-routes.ts), once: before it returns when the answer is ready at once,
   * or later. Or returns the answer as a promise (never rejected), which is then written when it settles.
   */
  answer(body: Buffer, reply: (response: HttpResponse) => void): void | Promise<HttpResponse>;
  maxBodyBytes: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/**
 * Puts this path in front of `server`'s own connection handling: every connection is read here until
 * something needs node:http, and from then on node:http serves it.
 */
export function serveActionsFirst(server: Server, deps: ActionFastPathDeps): void {
  const nodeListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const handOver = (socket: Socket): void => {
    for (const listener of nodeListeners) listener.call(server, socket);
  };
  server.on('connection', (socket: Socket) => serveConnection(socket, deps, handOver));
}

function serveConnection(socket: Socket, deps: ActionFastPathDeps, handOver: (s: Socket) => void): void {
  let buffered: Buffer = Buffer.alloc(0);
  let busy = false;
  /** an answer is written and the socket's buffer is full: nothing more is read until it drains */
  let draining = false;
  let answered = 0;
  let ended = false;
  let ours = true;
  let lastHead: PlainHead | undefined;
  /** the most one request this path answers can take; more than this waiting means requests are queued */
  const oneRequestBytes = MAX_FAST_HEAD_BYTES + deps.maxBodyBytes;
  /** deps.answer is running: an answer handed over now is written by the loop in next(), not re-entering it */
  let answering = false;
  let answeredAtOnce: HttpResponse | null = null;

  /** Writes an answer; false when the socket is gone or full (then nothing more is read until it drains). */
  const deliver = (response: HttpResponse): boolean => {
    busy = false;
    answered += 1;
    if (socket.destroyed) return false;
    if (answered === 1) socket.setTimeout(deps.keepAliveTimeoutMs + KEEP_ALIVE_GRACE_MS);
    if (!socket.write(responseBytes(response, deps.keepAliveTimeoutMs))) {
      // a client that does not read its answers is not read either (node:http does the same)
      draining = true;
      socket.pause();
      socket.once('drain', () => {
        draining = false;
        settle();
      });
      return false;
    }
    return true;
  };
  const reply = (response: HttpResponse): void => {
    if (answering) {
      answeredAtOnce = response;
      return;
    }
    if (deliver(response)) settle();
  };

  const release = (): void => {
    ours = false;
    socket.setTimeout(0);
    socket.removeListener('data', onData);
    socket.removeListener('end', onEnd);
    socket.removeListener('timeout', onTimeout);
    socket.removeListener('error', onError);
    handOver(socket);
    // what this path read and did not answer is the start of node:http's first request
    if (buffered.length > 0) socket.emit('data', buffered);
    if (ended) socket.emit('end');
  };

  const next = (): void => {
    // reading again once the answers are out (see onData)
    if (socket.isPaused()) socket.resume();
    while (ours && !busy && !draining && buffered.length > 0) {
      // a request not all here yet is node:http's too: its header and request timeouts then apply to it
      const request = readFastRequest(buffered, deps.maxBodyBytes, lastHead);
      if (
        request.kind !== 'action' ||
        !deps.admit({
          host: request.head.host,
          contentType: request.head.contentType,
          client: socket.remoteAddress ?? '?',
        })
      )
        return release();
      lastHead = request.head;
      buffered = buffered.subarray(request.length);
      busy = true;
      answering = true;
      try {
        deps.answer(request.body, reply)?.then(reply, onError);
      } catch {
        return onError();
      } finally {
        answering = false;
      }
      if (answeredAtOnce !== null) {
        const response: HttpResponse = answeredAtOnce;
        answeredAtOnce = null;
        if (!deliver(response)) return;
      }
    }
  };
  const settle = (): void => {
    next();
    if (ended && !busy && !draining && ours) socket.end();
  };

  function onData(chunk: Buffer): void {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    // A client sending requests faster than they are answered is read no further than one request ahead,
    // so what it sends waits in its own socket buffer, not in this process's memory.
    if ((busy || draining) && buffered.length > oneRequestBytes) socket.pause();
    else next();
  }
  function onEnd(): void {
    ended = true;
    if (busy || draining) return;
    if (buffered.length > 0) return release();
    socket.end();
  }
  function onTimeout(): void {
    if (busy || draining) return;
    // as node:http: a connection that never finished a request gets 408, an idle keep-alive one just closes
    if (answered === 0) socket.write(REQUEST_TIMEOUT);
    socket.destroy();
  }
  function onError(): void {
    socket.destroy();
  }

  socket.setTimeout(deps.headersTimeoutMs);
  socket.on('data', onData);
  socket.on('end', onEnd);
  socket.on('timeout', onTimeout);
  socket.on('error', onError);
}
