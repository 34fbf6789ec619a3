// Thousands of random, oversized and malformed messages from players and spectators: the room server
// answers each with an error within its limits (a flood is answered a bounded number of times and
// closed), never crashes, and the game does not move.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseClientMessage } from '#game/protocol.ts';
import { CLOSE } from '#party/room/limits.ts';
import { MESSAGE_RATE_LIMIT, REFUSED_MESSAGE_LIMIT } from '#party/room/rate-limit.ts';
import { mustConnect, stateOf } from '#tests/support/ws-client.ts';
import { makeRoom, sleep, startEnvironment, type Environment } from './support/environment';
import { gameOf } from './support/replay';

// Real durations (20 s turns): nothing moves by itself while the fuzz runs.
const TIME_SCALE = 1;

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment({ timeScale: TIME_SCALE, testClock: true });
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
      // Never undefined: JSON.stringify would drop the key and leave a well-formed intent.
      extra: fc.anything({ maxDepth: 2 }).filter((extra) => extra !== undefined),
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

/** What the current player may send: nothing that could move the game (no offer is open). */
const annMessages = fc.oneof(
  malformed,
  fc.constantFrom('{"type":"buyTruck"}', '{"type":"declineTruck"}'),
);

/** A message the room would take as a roll. */
function isRoll(message: string | Buffer): boolean {
  if (typeof message !== 'string') return false;
  const parsed = parseClientMessage(message);
  return parsed.ok && parsed.message.type === 'roll';
}

const ALLOWED_ERRORS = new Set([
  'Invalid message.',
  'Too many messages. Please slow down.',
  "You're not part of this room.",
  "It's not your turn to roll.",
  'There is no truck offer open for you.',
]);

/** Sends `messages` on a fresh socket and returns the errors they were answered with. */
async function sendAndCollect(url: string, messages: (string | Buffer)[]): Promise<string[]> {
  const client = await mustConnect(url);
  await client.waitFor((m) => m.type === 'state');
  const mark = client.messages.length;
  for (const message of messages) client.send(message);
  const until = Date.now() + 20_000;
  for (;;) {
    const errors = client.messages.slice(mark).filter((m) => m.type === 'error');
    if (errors.length >= messages.length || Date.now() > until || !client.isOpen()) {
      await client.close();
      return errors.map((m) => String(m.message));
    }
    await sleep(25);
  }
}

/** Runs `task` on each item, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, task: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    results.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  }
  return results;
}

describe('fuzz', () => {
  // The flood below checks that nothing moved: the current player's messages must not hold a roll
  // (one would be taken, answered with the game's next state rather than an error).
  it('the current player’s messages never hold a roll', () => {
    fc.assert(
      fc.property(annMessages, (message) => !isRoll(message)),
      { numRuns: 50_000 },
    );
  });

  // 90 sockets' bursts and a 3,000-message flood: on a loaded machine this takes longer than the
  // default 20 s, and nothing in it waits on the wall clock.
  it(
    'answers each bad message with an error within the limits, and changes nothing',
    { timeout: 120_000 },
    async () => {
      const room = makeRoom({ players: ['ann', 'ben'] });
      await env.putRoom(room);
      const ann = await mustConnect(env.ticketUrl(room.roomId, 'ann'));
      const ben = await mustConnect(env.ticketUrl(room.roomId, 'ben'));
      const watcher = await mustConnect(env.ticketUrl(room.roomId, 'w1'));
      await watcher.waitFor((m) => m.type === 'state' && stateOf(m).status === 'active', 15_000);
      // The room's clock stands still while the flood runs, however slow the machine: the turn timer
      // must not roll for ann, since "nothing moved" is what is checked (docs/decisions/083).
      await env.clock(room.roomId, 'hold');
      await sleep(200);
      const before = stateOf(watcher.messages.filter((m) => m.type === 'state').at(-1)!);
      expect(before.turn?.currentPlayer).toBe('ann');
      const logMark = watcher.messages.length;

      // Batches of as many messages as one socket may send at once (its burst; at most as many
      // refusals as it may make before it is closed), each on a fresh socket: every message is read
      // and answered. The current player sends only what cannot change the game; everyone else
      // sends anything.
      const batch = Math.min(MESSAGE_RATE_LIMIT.capacity, REFUSED_MESSAGE_LIMIT.capacity);
      const anyone = fc.oneof(malformed, validIntent);
      // A round: one batch each from ann, ben and a watcher, side by side (each user's sockets are
      // capped per room).
      const plans = Array.from({ length: 30 }, (_, round) => [
        { uid: 'ann', messages: fc.sample(annMessages, batch) },
        { uid: 'ben', messages: fc.sample(anyone, batch) },
        { uid: `w${2 + (round % 3)}`, messages: fc.sample(anyone, batch) },
      ]).flat();
      const answers = await inBatches(plans, 3, ({ uid, messages }) =>
        sendAndCollect(env.ticketUrl(room.roomId, uid), messages),
      );
      plans.forEach(({ messages }, i) => {
        expect(answers[i]).toHaveLength(messages.length);
        for (const message of answers[i]!) expect(ALLOWED_ERRORS.has(message), message).toBe(true);
      });
      const all = answers.flat();
      expect(all).toContain('Invalid message.');
      expect(all).toContain("You're not part of this room.");
      expect(all).toContain("It's not your turn to roll.");

      // One socket sending thousands at once: a bounded number of answers, then it is closed.
      const flooder = await mustConnect(env.ticketUrl(room.roomId, 'w5'));
      await flooder.waitFor((m) => m.type === 'state');
      const floodMark = flooder.messages.length;
      const flood = fc.sample(fc.oneof(malformed, validIntent), 3_000);
      for (const message of flood) flooder.send(message);
      expect(await flooder.closed).toEqual(CLOSE.refusedMessages);
      const floodAnswers = flooder.messages.slice(floodMark).filter((m) => m.type === 'error');
      expect(floodAnswers.length).toBeLessThanOrEqual(MESSAGE_RATE_LIMIT.capacity + 2);
      for (const m of floodAnswers) expect(ALLOWED_ERRORS.has(String(m.message))).toBe(true);

      // Nothing moved: no log entry, the same game for a newcomer.
      expect(watcher.messages.slice(logMark).filter((m) => m.type === 'log')).toEqual([]);
      const late = await mustConnect(env.ticketUrl(room.roomId, 'late'));
      const after = stateOf(await late.waitFor((m) => m.type === 'state'));
      expect(gameOf(after as never)).toEqual(gameOf(before as never));
      expect(after.participants.ann?.connected).toBe(true);
      expect(after.participants.ben?.connected).toBe(true);

      // Still serving: the current player's roll goes through.
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

      await Promise.all([ann, ben, watcher, late, newcomer].map((client) => client.close()));
    },
  );
});
