// A stand-in for Africa's Talking's SMS API on 127.0.0.1, following its published request and
// answer: `POST /version1/messaging`, form-encoded `username`, `to` (international numbers, comma
// separated), `message`, `from?`; the key in the `apiKey` header; JSON when `Accept:
// application/json`. It answers 201 `{SMSMessageData: {Message, Recipients: [{statusCode, number,
// status, cost, messageId, messageParts}]}}` (statusCode 101 "Success" when sent), 401 with a text body
// for a wrong key or username, and per-recipient refusals (403 InvalidPhoneNumber, 405
// InsufficientBalance …). `mode` makes it refuse or hang, for the failure tests.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_SMS_USERNAME = 'zed-test';
export const FAKE_SMS_API_KEY = 'atsk_test_key';

/** How the fake answers the next messages. */
export type FakeSmsMode =
  | 'accept'
  /** 201, the recipient refused: 405 InsufficientBalance (the account ran out of credit). */
  | 'no-credit'
  /** Takes the request and never answers (the adapter's timeout must end it). */
  | 'hang';

export interface ReceivedSms {
  username: string;
  to: string;
  message: string;
  from: string | null;
  headers: IncomingMessage['headers'];
}

export interface FakeSmsGateway {
  /** The messaging endpoint, for `SMS_URL`. */
  url: string;
  mode: FakeSmsMode;
  /** Every message the fake accepted for delivery, in order. */
  sent: ReceivedSms[];
  /** Every well-formed request, whatever the answer. */
  requests: ReceivedSms[];
  close(): Promise<void>;
}

const INTERNATIONAL = /^\+\d{9,15}$/;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function recipient(number: string, statusCode: number, status: string) {
  const sent = statusCode < 200;
  return {
    statusCode,
    number,
    status,
    cost: sent ? 'ZMW 0.3500' : '0',
    messageId: sent ? `ATXid_${randomBytes(16).toString('hex')}` : 'None',
    ...(sent ? { messageParts: 1 } : {}),
  };
}

export async function startFakeSmsGateway(): Promise<FakeSmsGateway> {
  const hanging = new Set<ServerResponse>();
  const gateway: FakeSmsGateway = {
    url: '',
    mode: 'accept',
    sent: [],
    requests: [],
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer((req, res) => {
    void (async () => {
      const text = (status: number, body: string) =>
        res.writeHead(status, { 'Content-Type': 'text/plain' }).end(body);
      if (req.method !== 'POST' || req.url !== '/version1/messaging') return text(404, 'Not Found');
      const form = new URLSearchParams(await readBody(req));
      if (req.headers.apikey !== FAKE_SMS_API_KEY || form.get('username') !== FAKE_SMS_USERNAME) {
        return text(401, 'The supplied authentication is invalid');
      }
      const to = form.get('to');
      const message = form.get('message');
      if (!to) return text(400, "Request is missing required form field 'to'");
      if (!message) return text(400, "Request is missing required form field 'message'");
      const received: ReceivedSms = {
        username: form.get('username')!,
        to,
        message,
        from: form.get('from'),
        headers: req.headers,
      };
      gateway.requests.push(received);
      if (gateway.mode === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      const recipients = to.split(',').map((number) => {
        if (!INTERNATIONAL.test(number)) return recipient(number, 403, 'InvalidPhoneNumber');
        if (gateway.mode === 'no-credit') return recipient(number, 405, 'InsufficientBalance');
        return recipient(number, 101, 'Success');
      });
      const sent = recipients.filter((r) => r.statusCode < 200);
      if (sent.length > 0) gateway.sent.push(received);
      const answer = {
        SMSMessageData: {
          Message: `Sent to ${sent.length}/${recipients.length} Total Cost: ZMW ${(0.35 * sent.length).toFixed(4)}`,
          Recipients: recipients,
        },
      };
      // The gateway speaks JSON only when asked; otherwise XML, which this fake does not imitate.
      if (!String(req.headers.accept ?? '').includes('application/json')) {
        return text(406, 'Send Accept: application/json');
      }
      res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/version1/messaging`;
  return gateway;
}
