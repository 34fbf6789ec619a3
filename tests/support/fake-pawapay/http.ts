// The plain HTTP pieces of the fake pawaPay server: JSON answers, pawaPay's REJECTED body, and
// reading a request's body and fields.
import type { IncomingMessage, ServerResponse } from 'node:http';

export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** pawaPay's refusal: status REJECTED with a failure code and message. */
export function rejected(failureCode: string, failureMessage: string) {
  return { status: 'REJECTED', failureReason: { failureCode, failureMessage } };
}

/** The request's body, as sent. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The value as an object of fields, or an empty one when it is not an object. */
export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
