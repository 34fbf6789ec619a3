// A TCP proxy on 127.0.0.1 and a free port, forwarding to one target, that can cut the line: while
// it is down every open connection is reset and every new one is closed at once, as when a network
// between two machines drops everything. Healed, it forwards again. It can also lose the answers
// only: requests reach the target, which does the work, and the connection is reset as soon as the
// answer starts to come back (the caller cannot tell whether anything happened).
import { createServer, connect, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Connections accepted so far (forwarded or not). */
  connections(): number;
  /** Connections refused or cut while down. */
  dropped(): number;
  /** Answers reset on their way back so far. */
  lostAnswers(): number;
  setDown(down: boolean): void;
  setLosingAnswers(losing: boolean): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host?: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let down = false;
  let dropped = 0;
  let connections = 0;
  let losing = false;
  let lost = 0;
  const server = createServer((client) => {
    connections += 1;
    if (down) {
      dropped += 1;
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host ?? '127.0.0.1');
    open.add(client);
    const end = () => {
      open.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (losing) {
        lost += 1;
        client.resetAndDestroy();
        return end();
      }
      if (!client.write(chunk)) {
        upstream.pause();
        client.once('drain', () => upstream.resume());
      }
    });
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    dropped: () => dropped,
    lostAnswers: () => lost,
    setLosingAnswers(value) {
      losing = value;
    },
    setDown(value) {
      down = value;
      if (!down) return;
      // Resetting the client's side closes the upstream one through `end`.
      for (const socket of open) {
        dropped += 1;
        socket.resetAndDestroy();
      }
      open.clear();
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
