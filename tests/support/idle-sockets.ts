// Connections that are opened and then say nothing, as half-open clients would: how the servers' connection
// caps and header deadlines are tried. Each socket goes into `held`, for the test to destroy.
import { connect, type Socket } from 'node:net';

/** Opens `count` silent connections to the port; resolves once each has connected or been refused. */
export function holdIdle(port: number, count: number, held: Socket[]): Promise<void> {
  return new Promise((resolve) => {
    let settled = 0;
    const done = (): void => {
      settled += 1;
      if (settled === count) resolve();
    };
    for (let i = 0; i < count; i += 1) {
      // closed by the server or not, never sent to
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', done);
      socket.once('error', done);
      socket.on('error', () => {});
      held.push(socket);
    }
  });
}
