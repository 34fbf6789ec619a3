// The Africa's Talking adapter against the fake gateway (tests/support/fake-sms-gateway.ts), which
// follows the gateway's published request and answer; then the phone sign-in through it: a refusal
// or a timeout is a clear 503 and leaves nothing half-done (the code before still works, the one
// never sent does not), and the log line names neither the number nor the code.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { africasTalkingSender } from '#site/server/sms/africastalking.ts';
import { SmsNotSent } from '#site/server/sms/sender.ts';
import { expectConsoleError } from '#tests/support/console-errors.ts';
import {
  FAKE_SMS_API_KEY,
  FAKE_SMS_USERNAME,
  startFakeSmsGateway,
  type FakeSmsGateway,
} from '#tests/support/fake-sms-gateway.ts';
import { captureConsole, startAuthApp, type AuthApp } from '../auth/harness';

let gateway: FakeSmsGateway;
beforeAll(async () => {
  gateway = await startFakeSmsGateway();
});
afterAll(() => gateway.close());
afterEach(() => {
  gateway.mode = 'accept';
});

// A gateway that answers is given all the time a loaded machine needs (beside a second suite the
// fake's answer once took more than 300 ms); only a gateway that never answers waits out a timeout.
const ANSWERS_WITHIN_MS = 10_000;
const options = (timeoutMs = ANSWERS_WITHIN_MS) => ({
  url: gateway.url,
  username: FAKE_SMS_USERNAME,
  apiKey: FAKE_SMS_API_KEY,
  timeoutMs,
});

async function failure(send: Promise<void>): Promise<SmsNotSent> {
  const error = await send.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsNotSent);
  return error as SmsNotSent;
}

describe("Africa's Talking adapter", () => {
  it('posts the published form with the key header, the number in international form', async () => {
    const sender = africasTalkingSender({ ...options(), from: 'ZEDTRUCK' });
    await sender.send({ to: '0961234567', text: '123456 is your code.' });
    const [request] = gateway.sent.slice(-1);
    expect(request).toMatchObject({
      username: FAKE_SMS_USERNAME,
      to: '+260961234567',
      message: '123456 is your code.',
      from: 'ZEDTRUCK',
    });
    expect(request!.headers).toMatchObject({
      apikey: FAKE_SMS_API_KEY,
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    });
    // No sender id configured: the gateway's default (the field left out).
    await africasTalkingSender(options()).send({ to: '0771234567', text: 'x' });
    expect(gateway.sent.at(-1)).toMatchObject({ to: '+260771234567', from: null });
  });

  it('fails clearly when the gateway refuses the recipient, the key, or answers nonsense', async () => {
    gateway.mode = 'no-credit';
    const refused = await failure(
      africasTalkingSender(options()).send({ to: '0961234567', text: 'x' }),
    );
    expect(refused.failure).toBe('refused');
    expect(refused.message).toBe('the SMS gateway refused the message: 405 InsufficientBalance');
    gateway.mode = 'accept';
    const key = await failure(
      africasTalkingSender({ ...options(), apiKey: 'wrong' }).send({ to: '0961234567', text: 'x' }),
    );
    expect(key).toMatchObject({ failure: 'refused', message: 'the SMS gateway answered HTTP 401' });
    const elsewhere = await failure(
      africasTalkingSender({
        ...options(),
        url: gateway.url.replace('/version1/messaging', '/x'),
      }).send({ to: '0961234567', text: 'x' }),
    );
    expect(elsewhere.failure).toBe('refused');
    const nonsense = await failure(
      africasTalkingSender({
        ...options(),
        fetch: async () => new Response('<xml/>', { status: 201 }),
      }).send({ to: '0961234567', text: 'x' }),
    );
    expect(nonsense.failure).toBe('unexpected');
    for (const error of [refused, key, elsewhere, nonsense]) {
      expect(error.message).not.toContain('961234567');
    }
  });

  it('gives up after its timeout, and says so', async () => {
    gateway.mode = 'hang';
    const before = gateway.requests.length;
    const error = await failure(
      africasTalkingSender(options(300)).send({ to: '0961234567', text: 'x' }),
    );
    expect(error).toMatchObject({
      failure: 'timeout',
      message: 'the SMS gateway did not answer within 300 ms',
    });
    expect(gateway.requests.length).toBe(before + 1);
  });

  it('says when the gateway cannot be reached', async () => {
    const closed = await startFakeSmsGateway();
    await closed.close();
    const error = await failure(
      africasTalkingSender({ ...options(), url: closed.url }).send({ to: '0961234567', text: 'x' }),
    );
    expect(error.failure).toBe('unreachable');
  });
});

describe('phone sign-in through the gateway', () => {
  let app: AuthApp;
  let next = '111111';
  beforeAll(async () => {
    app = await startAuthApp({
      // The sign-in waits out one gateway that hangs: 3 s, long enough for one that answers.
      sms: africasTalkingSender(options(3_000)),
      newCode: () => next,
    });
  });
  afterAll(() => app.close());

  it('sends the code through the gateway, and a failure leaves the code before working', async () => {
    expectConsoleError(/"error":"SmsNotSent: .*"msg":"sign-in code not sent to …67"/);
    const phone = '0951234567';
    const person = app.client('10.3.0.1');
    expect((await person.post('/api/auth/phone/start', { phone })).status).toBe(202);
    expect(gateway.sent.at(-1)).toMatchObject({
      to: '+260951234567',
      message: expect.stringMatching(/^111111 is your Zed Truck Company code\./),
    });

    const logs = captureConsole();
    try {
      for (const mode of ['no-credit', 'hang'] as const) {
        gateway.mode = mode;
        next = mode === 'hang' ? '333333' : '222222';
        app.advance(60_000);
        const failed = await person.post('/api/auth/phone/start', { phone });
        expect(failed, mode).toMatchObject({
          status: 503,
          json: {
            code: 'sms_not_sent',
            error: 'We could not send the SMS just now. Please try again in a minute.',
          },
        });
        expect(failed.headers.get('retry-after')).toBe('60');
      }
    } finally {
      logs.restore();
    }
    expect(logs.lines.filter((line) => line.includes('not sent to …67'))).toHaveLength(2);
    for (const line of logs.lines) {
      expect(line).not.toContain('951234567');
      for (const code of ['111111', '222222', '333333']) expect(line).not.toContain(code);
    }

    // The codes never sent do not work; the one sent first still does.
    gateway.mode = 'accept';
    for (const code of ['222222', '333333']) {
      const never = await person.post('/api/auth/phone/verify', { phone, code });
      expect(never.json.code).toBe('code_invalid');
    }
    const signedUp = await person.post('/api/auth/phone/verify', {
      phone,
      code: '111111',
      firstName: 'Mutale',
      lastName: 'Phiri',
      adult: true,
      terms: true,
    });
    expect(signedUp.status).toBe(201);
  });

  it('keeps no code at all when the first SMS to a number fails', async () => {
    expectConsoleError(/"error":"SmsNotSent: .*"msg":"sign-in code not sent to …68"/);
    gateway.mode = 'no-credit';
    next = '444444';
    const person = app.client('10.3.0.2');
    const phone = '0951234568';
    expect((await person.post('/api/auth/phone/start', { phone })).status).toBe(503);
    const verify = await person.post('/api/auth/phone/verify', { phone, code: '444444' });
    expect(verify.json.code).toBe('code_expired');
  });
});
