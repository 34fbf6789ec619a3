// Stands where the site's callback route will be: records every request exactly as received (raw
// body, Host, path, headers) and answers with a chosen status, 200 unless told otherwise.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './http';

export interface ReceivedCallback {
  method: string;
  authority: string;
  path: string;
  headers: Record<string, string | undefined>;
  rawBody: Uint8Array;
}

export interface CallbackSink {
  /** The origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  url(path: string): string;
  received(): ReceivedCallback[];
  answerWith(status: number): void;
  close(): Promise<void>;
}

function flatHeaders(req: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

export async function startCallbackSink(): Promise<CallbackSink> {
  const received: ReceivedCallback[] = [];
  let status = 200;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://sink');
    received.push({
      method: req.method ?? '',
      authority: req.headers.host ?? '',
      path: url.pathname,
      headers: flatHeaders(req),
      rawBody: new Uint8Array(body),
    });
    res.writeHead(status, { 'Content-Type': 'text/plain' });
    res.end(status === 200 ? 'recorded' : 'not now');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => new URL(path, origin).href,
    received: () => [...received],
    answerWith(next) {
      status = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
