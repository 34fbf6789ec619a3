// Sign-up and sign-in with a phone number and an SMS code, over real HTTP with the codes read from
// the SMS outbox (contract section 8, decision 090).
import { stat } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneCodes, users } from '#db/schema/people.ts';
import { accountDoor } from '#site/server/pages/account.ts';
import { newPerson, startAuthApp, type AuthApp } from './harness';

let app: AuthApp;
let numbers = 0;
let addresses = 0;

/** A number no other test of the file uses. */
function newNumber(): string {
  numbers += 1;
  return `097${String(4_000_000 + numbers).padStart(7, '0')}`;
}

/** A client speaking from an address of its own (the per-address limits stay out of the way). */
function client() {
  addresses += 1;
  return app.client(`10.9.${Math.floor(addresses / 250)}.${addresses % 250}`);
}

const details = { firstName: 'Chanda', lastName: 'Mulenga', adult: true, terms: true };
const MINUTE = 60_000;

beforeAll(async () => {
  app = await startAuthApp();
});
afterAll(async () => {
  await app.close();
});

/** Asks for a code (a minute after any earlier one: the resend limit) and reads it from the outbox. */
async function codeFor(phone: string, from = client()): Promise<string> {
  app.advance(MINUTE);
  const seen = (await app.smsMessages()).filter((m) => m.to === phone).length;
  const started = await from.post('/api/auth/phone/start', { phone });
  expect(started.status).toBe(202);
  return app.smsCode(phone, seen);
}

describe('a new number', () => {
  it('gets a code by SMS, then an account with the number proved (201), signed in', async () => {
    const phone = newNumber();
    const person = client();
    const started = await person.post('/api/auth/phone/start', {
      phone: `+260 ${phone.slice(1, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`,
    });
    expect(started.status).toBe(202);
    expect(started.json).toEqual({
      message: `We sent a 6-digit code by SMS to ${phone}. It works for 10 minutes.`,
      expiresInSeconds: 600,
      resendInSeconds: 60,
    });
    const [sms] = (await app.smsMessages()).filter((m) => m.to === phone);
    expect(sms!.code).toMatch(/^\d{6}$/);
    expect(sms!.text).toContain(`#${sms!.code}`);
    expect((await stat(sms!.file)).mode & 0o777).toBe(0o600);
    expect((await stat(app.smsDir)).mode & 0o777).toBe(0o700);

    // The code alone: right, but a new number needs names, 18+ and the terms first; the code holds.
    const bare = await person.post('/api/auth/phone/verify', { phone, code: sms!.code });
    expect(bare).toMatchObject({
      status: 400,
      json: { code: 'first_name_required', error: 'First name is required.' },
    });
    for (const [missing, code] of [
      ['lastName', 'last_name_required'],
      ['adult', 'adult_required'],
      ['terms', 'terms_not_accepted'],
    ] as const) {
      const answer = await person.post('/api/auth/phone/verify', {
        phone,
        code: sms!.code,
        ...details,
        [missing]: missing === 'lastName' ? ' ' : false,
      });
      expect(answer.json.code, missing).toBe(code);
    }
    const created = await person.post('/api/auth/phone/verify', {
      phone,
      code: `${sms!.code!.slice(0, 3)} ${sms!.code!.slice(3)}`,
      ...details,
    });
    expect(created.status).toBe(201);
    expect(created.json.user).toMatchObject({
      firstName: 'Chanda',
      lastName: 'Mulenga',
      phone,
      phoneVerified: true,
      email: '',
      emailVerified: false,
      isGuest: false,
    });
    const me = await person.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ phone, phoneVerified: true });
    // Used once: the same code again finds nothing.
    const again = await client().post('/api/auth/phone/verify', { phone, code: sms!.code });
    expect(again.json.code).toBe('code_expired');
  });

  it('takes an email (unproved, its link mailed) and refuses one already registered', async () => {
    const taken = newPerson();
    await client().post('/api/auth/signup', taken);
    const phone = newNumber();
    const person = client();
    const code = await codeFor(phone, person);
    const refused = await person.post('/api/auth/phone/verify', {
      phone,
      code,
      ...details,
      email: taken.email.toUpperCase(),
    });
    expect(refused).toMatchObject({ status: 409, json: { code: 'email_taken' } });
    const bad = await person.post('/api/auth/phone/verify', {
      phone,
      code,
      ...details,
      email: 'a@b.zm, c@d.zm',
    });
    expect(bad.json.code).toBe('invalid_email');
    const email = `phone.${phone}@example.zm`;
    const created = await person.post('/api/auth/phone/verify', { phone, code, ...details, email });
    expect(created.status).toBe(201);
    expect(created.json.user).toMatchObject({ email, emailVerified: false, phoneVerified: true });
    expect((await app.mailedLink(email, '/auth/verify')).searchParams.get('token')).toBeTruthy();
  });
});

describe('a returning number', () => {
  it('signs in to the account that proved it (200), whatever names are sent', async () => {
    const phone = newNumber();
    const first = client();
    const created = await first.post('/api/auth/phone/verify', {
      phone,
      code: await codeFor(phone, first),
      ...details,
    });
    const id = (created.json.user as { id: string }).id;

    const later = client();
    const code = await codeFor(phone, later);
    const signedIn = await later.post('/api/auth/phone/verify', {
      phone,
      code,
      firstName: 'Someone',
      lastName: 'Else',
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user).toMatchObject({ id, firstName: 'Chanda', phoneVerified: true });
    expect(signedIn.setCookies.join()).toContain('session=');
    const rows = await app.db.database.read.select().from(users).where(eq(users.phone, phone));
    expect(rows).toHaveLength(1);
  });

  it('is never signed in to an account that only typed the number; that account keeps it typed', async () => {
    const phone = newNumber();
    const squatter = newPerson({ phone });
    const typed = await client().post('/api/auth/signup', squatter);
    expect(typed.json.user).toMatchObject({ phone, phoneVerified: false });

    const owner = client();
    const code = await codeFor(phone, owner);
    const bare = await owner.post('/api/auth/phone/verify', { phone, code });
    expect(bare.json.code).toBe('first_name_required');
    const created = await owner.post('/api/auth/phone/verify', { phone, code, ...details });
    expect(created.status).toBe(201);
    const ownerId = (created.json.user as { id: string }).id;
    expect(ownerId).not.toBe((typed.json.user as { id: string }).id);

    // The one who typed it still logs in with the password, the number still typed, not proved.
    const login = await client().post('/api/auth/login', {
      email: squatter.email,
      password: squatter.password,
    });
    expect(login.json.user).toMatchObject({ phone, phoneVerified: false });
    // The number's owner comes back to their own account.
    const back = client();
    const again = await back.post('/api/auth/phone/verify', {
      phone,
      code: await codeFor(phone, back),
    });
    expect(again.json.user).toMatchObject({ id: ownerId });
  });

  it('keeps a proved number: the profile cannot change it (phone_proved), other fields can', async () => {
    const phone = newNumber();
    const person = client();
    await person.post('/api/auth/phone/verify', {
      phone,
      code: await codeFor(phone, person),
      ...details,
    });
    const changed = await person.patch('/api/me', { ...details, phone: newNumber() });
    expect(changed).toMatchObject({ status: 409, json: { code: 'phone_proved' } });
    const renamed = await person.patch('/api/me', {
      firstName: 'Chanda',
      lastName: 'Banda',
      phone: `+260${phone.slice(1)}`,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.user).toMatchObject({ lastName: 'Banda', phone, phoneVerified: true });
  });
});

describe('wrong and old codes', () => {
  it('allows five tries: four wrong say how many are left, the fifth ends the code', async () => {
    const phone = newNumber();
    const person = client();
    const code = await codeFor(phone, person);
    const wrong = code === '000000' ? '111111' : '000000';
    const tries: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      tries.push((await person.post('/api/auth/phone/verify', { phone, code: wrong })).json);
    }
    expect(tries).toEqual([
      { code: 'code_invalid', error: expect.stringContaining('(4 tries left)') },
      { code: 'code_invalid', error: expect.stringContaining('(3 tries left)') },
      { code: 'code_invalid', error: expect.stringContaining('(2 tries left)') },
      {
        code: 'code_invalid',
        error: 'That code is not right. Check the SMS and try again (1 try left).',
      },
      {
        code: 'too_many_attempts',
        error: 'Too many wrong codes: this one no longer works. Ask for a new one.',
      },
    ]);
    // The right code is no good now either; a new code is.
    const right = await person.post('/api/auth/phone/verify', { phone, code, ...details });
    expect(right).toMatchObject({ status: 400, json: { code: 'too_many_attempts' } });
    app.advance(MINUTE);
    const fresh = await codeFor(phone, person);
    const created = await person.post('/api/auth/phone/verify', { phone, code: fresh, ...details });
    expect(created.status).toBe(201);
  });

  it('refuses a malformed code without counting it', async () => {
    const phone = newNumber();
    const person = client();
    const code = await codeFor(phone, person);
    for (const bad of ['12345', '1234567', 'abcdef', '', null]) {
      const answer = await person.post('/api/auth/phone/verify', { phone, code: bad });
      expect(answer.json).toEqual({
        code: 'code_invalid',
        error: 'Enter the 6-digit code from the SMS.',
      });
    }
    const [row] = await app.db.database.read.select().from(phoneCodes);
    expect(row).toBeDefined();
    const ok = await person.post('/api/auth/phone/verify', { phone, code, ...details });
    expect(ok.status).toBe(201);
  });

  it('lets a code expire after 10 minutes (the simulated clock)', async () => {
    const phone = newNumber();
    const person = client();
    const code = await codeFor(phone, person);
    app.advance(10 * MINUTE - 1);
    const bare = await person.post('/api/auth/phone/verify', { phone, code });
    expect(bare.json.code).toBe('first_name_required');
    app.advance(1);
    const late = await person.post('/api/auth/phone/verify', { phone, code, ...details });
    expect(late).toMatchObject({
      status: 400,
      json: { code: 'code_expired', error: 'This code has expired. Ask for a new one.' },
    });
  });

  it('replaces the old code with a new one', async () => {
    const phone = newNumber();
    const person = client();
    const old = await codeFor(phone, person);
    app.advance(MINUTE);
    const fresh = await codeFor(phone, person);
    if (old !== fresh) {
      const stale = await person.post('/api/auth/phone/verify', { phone, code: old, ...details });
      expect(stale.json.code).toBe('code_invalid');
    }
    const ok = await person.post('/api/auth/phone/verify', { phone, code: fresh, ...details });
    expect(ok.status).toBe(201);
  });

  it('answers code_expired for a number that was never sent a code', async () => {
    const answer = await client().post('/api/auth/phone/verify', {
      phone: newNumber(),
      code: '123456',
    });
    expect(answer).toMatchObject({ status: 400, json: { code: 'code_expired' } });
  });
});

describe('sending limits', () => {
  it('sends one code a minute to a number, five an hour, ten a day, with the wait in words', async () => {
    const phone = newNumber();
    const person = client();
    expect((await person.post('/api/auth/phone/start', { phone })).status).toBe(202);
    const soon = await person.post('/api/auth/phone/start', { phone });
    expect(soon).toMatchObject({
      status: 429,
      json: {
        code: 'rate_limited',
        error: 'We sent a code to this number a moment ago. Please wait 1 minute and try again.',
      },
    });
    expect(soon.headers.get('retry-after')).toBe('60');
    app.advance(45_000);
    const later = await client().post('/api/auth/phone/start', { phone });
    expect(later.json.error).toBe(
      'We sent a code to this number a moment ago. Please wait 15 seconds and try again.',
    );
    for (let i = 1; i < 5; i++) {
      app.advance(MINUTE);
      expect((await client().post('/api/auth/phone/start', { phone })).status).toBe(202);
    }
    app.advance(MINUTE);
    const hourly = await client().post('/api/auth/phone/start', { phone });
    expect(hourly.status).toBe(429);
    expect(hourly.json.error).toMatch(/^Too many codes asked for\. Please wait \d+ minutes/);
    app.advance(60 * MINUTE);
    for (let i = 0; i < 5; i++) {
      expect((await client().post('/api/auth/phone/start', { phone })).status).toBe(202);
      app.advance(MINUTE);
    }
    const daily = await client().post('/api/auth/phone/start', { phone });
    expect(daily.json.error).toMatch(
      /^Too many codes asked for this number today\. Please wait \d+ hours/,
    );
    // Another number is not held up by this one.
    expect((await client().post('/api/auth/phone/start', { phone: newNumber() })).status).toBe(202);
    app.advance(24 * 60 * MINUTE);
  });

  it('sends at most 60 codes an hour asked from one address, whatever the numbers', async () => {
    const shared = app.client('10.77.0.1');
    for (let i = 0; i < 60; i++) {
      const answer = await shared.post('/api/auth/phone/start', { phone: newNumber() });
      expect(answer.status, `code ${i + 1}`).toBe(202);
    }
    const refused = await shared.post('/api/auth/phone/start', { phone: newNumber() });
    expect(refused).toMatchObject({ status: 429, json: { code: 'rate_limited' } });
    expect(refused.json.error).toMatch(/^Too many codes asked for\. Please wait/);
    expect((await client().post('/api/auth/phone/start', { phone: newNumber() })).status).toBe(202);
    app.advance(60 * MINUTE);
  });

  it('refuses a missing or wrong number before counting anything', async () => {
    const person = client();
    expect((await person.post('/api/auth/phone/start', {})).json).toEqual({
      code: 'phone_required',
      error: 'Phone number is required.',
    });
    expect((await person.post('/api/auth/phone/start', { phone: '0123' })).json.code).toBe(
      'invalid_phone',
    );
    expect(
      (await person.post('/api/auth/phone/verify', { phone: '+1 555 0100', code: '123456' })).json
        .code,
    ).toBe('invalid_phone');
  });
});

describe('no account enumeration', () => {
  it('answers a number with an account exactly as one without, and never reads the accounts to send', async () => {
    const known = newNumber();
    const person = client();
    await person.post('/api/auth/phone/verify', {
      phone: known,
      code: await codeFor(known, person),
      ...details,
    });
    app.advance(MINUTE);
    const unknown = newNumber();
    // The start path cannot look: the accounts' table is out of reach while it runs.
    await app.db.database.client.execute('ALTER TABLE users RENAME TO users_hidden');
    try {
      const a = await client().post('/api/auth/phone/start', { phone: known });
      const b = await client().post('/api/auth/phone/start', { phone: unknown });
      expect(a.status).toBe(202);
      expect(b.status).toBe(202);
      expect(b.json).toEqual({
        ...a.json,
        message: (a.json.message as string).replace(known, unknown),
      });
    } finally {
      await app.db.database.client.execute('ALTER TABLE users_hidden RENAME TO users');
    }
    const texts = (await app.smsMessages())
      .filter((m) => m.to === known || m.to === unknown)
      .slice(-2)
      .map((m) => m.text.replaceAll(m.code!, 'CODE'));
    expect(texts[0]).toBe(texts[1]);
    // A wrong code reads the same for both too.
    const wrongA = await client().post('/api/auth/phone/verify', { phone: known, code: '000001' });
    const wrongB = await client().post('/api/auth/phone/verify', {
      phone: unknown,
      code: '000001',
    });
    expect(wrongA.json).toEqual(wrongB.json);
  });
});

describe('the page door (the auth page posted without scripts)', () => {
  it('takes the same codes under the same limits as the JSON API, and signs in with the cookie', async () => {
    const phone = newNumber();
    const address = '10.8.0.1';
    const door = accountDoor(app.deps, {
      user: null,
      sessionId: null,
      sessionToken: null,
      address,
      userAgent: 'phone-sign-in.test',
    });

    // A code asked for through the API counts against the page's form: one a minute per number.
    const code = await codeFor(phone, app.client(address));
    const again = await door.phoneStart({ phone });
    expect(again).toMatchObject({ ok: false, status: 429, code: 'rate_limited' });

    // The API's code, checked by the door: a new number needs the same details first.
    expect(await door.phoneVerify({ phone, code })).toMatchObject({
      ok: false,
      status: 400,
      code: 'first_name_required',
    });
    const signedIn = await door.phoneVerify({ phone, code, ...details });
    if (!signedIn.ok) throw new Error(signedIn.error);
    expect(signedIn.user).toMatchObject({ phone, firstName: details.firstName });
    expect(signedIn.cookie).toMatch(/HttpOnly/i);

    // Spent: the API refuses it as the door would.
    const spent = await client().post('/api/auth/phone/verify', { phone, code, ...details });
    expect(spent.status).toBe(400);
    const [row] = await app.db.database.read
      .select({ verified: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.phone, phone));
    expect(row?.verified).not.toBeNull();
  });
});
