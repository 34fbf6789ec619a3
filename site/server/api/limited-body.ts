// Reads a request's raw body up to a fixed size into `req.body` (a Buffer). A larger body, declared
// or streamed, is answered 413 at once and the connection closed: nothing past the limit is read or
// kept, and the caller cannot hold the request open by sending more.
import type { Request, RequestHandler, Response } from 'express';
import { sendCallRefusal } from './refusals';

function tooLarge(req: Request, res: Response): void {
  req.pause();
  res.set('Connection', 'close');
  sendCallRefusal(res, 413, 'body_too_large');
}

export function rawBodyUpTo(limit: number): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (!Number.isFinite(declared) || declared > limit) return tooLarge(req, res);
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish(() => tooLarge(req, res));
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () =>
      finish(() => {
        req.body = Buffer.concat(chunks);
        next();
      }),
    );
    req.once('error', () => finish(() => sendCallRefusal(res, 400, 'invalid_body')));
  };
}
