// Thousands of random, oversized and malformed messages from players and spectators: the room server
// answers each with an error, never crashes, and the game does not move.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mustConnect, stateOf, type TestClient } from '../../support/ws-client';
import { makeRoom, sleep, startEnvironment, type Environment } from './support/environment';
import { gameOf } from './support/replay';

// Real durations (20 s turns): nothing moves by itself while the fuzz runs.
const TIME_SCALE = 1;

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment({ timeScale: TIME_SCALE });
});

afterAll(async () => {
  await env?.close();
});

const malformed: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.string({ maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.json({ maxDepth: 4 }),
  fc.anything({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'undefined'),
  fc
    .record({
      type: fc.constantFrom('roll', 'buyTruck', 'declineTruck', 'ROLL', 'TICK', 'SEATS', 'state'),
      extra: fc.anything({ maxDepth: 2 }),
    })
    .map(({ type, extra }) => JSON.stringify({ type, extra })),
  fc.constantFrom(
    '',
    'null',
    '[]',
    '{}',
    '{"type":null}',
    '{"type":"roll"',
    '{"type":"roll","by":"ben"}',
    '{"type":"TICK","now":99999999999999}',
    '{"__proto__":{"type":"roll"}}',
    '{"type":"roll","constructor":{"prototype":{}}}',
    '[{"type":"roll"}]',
    '"roll"',
  ),
  fc
    .integer({ min: 4_097, max: 70_000 })
    .map((size) => `{"type":"roll","pad":"${'x'.repeat(size)}"}`),
  fc.uint8Array({ minLength: 1, maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
);

const validIntent = fc
  .constantFrom('roll', 'buyTruck', 'declineTruck')
  .map((type) => JSON.stringify({ type }));

const ALLOWED_ERRORS = new Set([
  'Invalid message.',
  'Too many messages. Please slow down.',
  "You're not part of this room.",
  "It's not your turn to roll.",
  'There is no truck offer open for you.',
]);

async function sendAndCollect(
  client: TestClient,
  messages: (string | Buffer)[],
): Promise<string[]> {
  const mark = client.messages.length;
  for (const message of messages) client.send(message);
  const until = Date.now() + 20_000;
  for (;;) {
    const errors = client.messages.slice(mark).filter((m) => m.type === 'error');
    if (errors.length >= messages.length || Date.now() > until) {
      return errors.map((m) => String(m.message));
    }
    await sleep(25);
  }
}

describe('fuzz', () => {
  it('answers every bad message with an error and changes nothing', async () => {
    const room = makeRoom({ players: ['ann', 'ben'] });
    await env.putRoom(room);
    const ann = await mustConnect(env.ticketUrl(room.roomId, 'ann'));
    const ben = await mustConnect(env.ticketUrl(room.roomId, 'ben'));
    const watchers = await Promise.all(
      ['w1', 'w2', 'w3'].map((uid) => mustConnect(env.ticketUrl(room.roomId, uid))),
    );
    const watcher = watchers[0]!;
    await watcher.waitFor((m) => m.type === 'state' && stateOf(m).status === 'active', 15_000);
    await sleep(200);
    const before = stateOf(watcher.messages.filter((m) => m.type === 'state').at(-1)!);
    expect(before.turn?.currentPlayer).toBe('ann');
    const logMark = watcher.messages.length;

    // The current player sends only what cannot change the game; everyone else sends anything.
    const plans: [TestClient, (string | Buffer)[]][] = [
      [
        ann,
        fc.sample(
          fc.oneof(malformed, fc.constantFrom('{"type":"buyTruck"}', '{"type":"declineTruck"}')),
          1_000,
        ),
      ],
      [ben, fc.sample(fc.oneof(malformed, validIntent), 1_000)],
      ...watchers.map((w): [TestClient, (string | Buffer)[]] => [
        w,
        fc.sample(fc.oneof(malformed, validIntent), 500),
      ]),
    ];
    const answers = await Promise.all(
      plans.map(([client, messages]) => sendAndCollect(client, messages)),
    );
    plans.forEach(([, messages], i) => {
      expect(answers[i]).toHaveLength(messages.length);
      for (const message of answers[i]!) expect(ALLOWED_ERRORS.has(message), message).toBe(true);
    });
    expect(answers.flat()).toContain('Too many messages. Please slow down.');
    expect(answers[2]).toContain("You're not part of this room.");
    expect(answers[1]).toContain("It's not your turn to roll.");

    // Nothing moved: no log entry, the same game for a newcomer.
    expect(watcher.messages.slice(logMark).filter((m) => m.type === 'log')).toEqual([]);
    const late = await mustConnect(env.ticketUrl(room.roomId, 'late'));
    const after = stateOf(await late.waitFor((m) => m.type === 'state'));
    expect(gameOf(after as never)).toEqual(gameOf(before as never));
    expect(after.participants.ann?.connected).toBe(true);
    expect(after.participants.ben?.connected).toBe(true);

    // Still serving: the current player's roll goes through.
    await sleep(2_100); // let ann's token bucket refill
    const mark = ann.messages.length;
    ann.send(JSON.stringify({ type: 'roll' }));
    const log = await ann.waitFor((m) => m.type === 'log', 5_000, mark);
    expect(log.entry).toMatchObject({ type: 'dice_roll', player: 'ann', nonce: 0 });

    // A newcomer gets the state, then the log so far.
    const newcomer = await mustConnect(env.ticketUrl(room.roomId, 'newcomer'));
    await newcomer.waitFor((m) => m.type === 'state');
    const replayed = await newcomer.waitFor((m) => m.type === 'log');
    expect(replayed.entry).toEqual(log.entry);
    expect(newcomer.messages.findIndex((m) => m.type === 'state')).toBeLessThan(
      newcomer.messages.findIndex((m) => m.type === 'log'),
    );

    await Promise.all([ann, ben, late, newcomer, ...watchers].map((client) => client.close()));
  });
});
