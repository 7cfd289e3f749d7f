// A loopback proxy in front of an exchange that counts the requests the app sends it, WebSocket upgrades
// passed through untouched: how a benchmark sees what the app asks of the exchange while it sits idle.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface CountingProxy {
  url: string;
  /** requests answered so far (upgrades not counted: the streams are one connection, not requests) */
  readonly requests: number;
  /** the paths asked since `from` (a count from `requests`), for telling what the app reads */
  pathsSince(from: number): string[];
  close(): Promise<void>;
}

export async function startCountingProxy(upstream: string): Promise<CountingProxy> {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    paths.push(`${req.method} ${(req.url ?? '').replace(/\?.*/, '')}`);
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.on('upgrade', (req, socket, head) => {
    const upstreamSocket = net.connect(Number(target.port), target.hostname, () => {
      const headers = Object.entries({ ...req.headers, host: target.host })
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`)
        .join('\r\n');
      upstreamSocket.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers}\r\n\r\n`);
      upstreamSocket.write(head);
      socket.pipe(upstreamSocket).pipe(socket);
    });
    const end = () => {
      socket.destroy();
      upstreamSocket.destroy();
    };
    upstreamSocket.on('error', end);
    socket.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return paths.length;
    },
    pathsSince: (from) => paths.slice(from),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
