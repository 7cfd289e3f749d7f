// Raw bytes to a loopback server and its first answer line: for targets and headers an HTTP client would
// refuse to send or would normalise (broken percent-escapes, `//x:99999/`, absent Host, odd upgrades).
import { connect } from 'node:net';

export interface RawAnswer {
  /** the status code of the first answer, or 'closed' when the server closed without one */
  status: number | 'closed' | 'timeout';
  head: string;
  body: string;
}

export function rawRequest(port: number, text: string, timeoutMs = 3_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const finish = (status?: 'timeout'): void => {
      clearTimeout(timer);
      socket.destroy();
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const code = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
      resolve({ status: status ?? (code ? Number(code) : 'closed'), head, body });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('latin1');
      // one answer is enough: stop at the end of a body of known length, otherwise when the server closes
      const length = /content-length: (\d+)/i.exec(data)?.[1];
      const end = data.indexOf('\r\n\r\n');
      if (end >= 0 && length !== undefined && data.length >= end + 4 + Number(length)) finish();
    });
    socket.on('error', () => finish());
    socket.on('close', () => finish());
    socket.write(text);
  });
}
