// JSON Merge Patch (game/merge-patch.ts) and the room view's small messages (game/room-sync.ts):
// a patch made from a to b, applied to a, gives b, for arbitrary JSON and for every step of real
// games; and the view's nullable keys, which a merge patch can only remove, are exactly the
// schema's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ViewFollower, VIEW_NULLABLE_PATHS, applyViewPatch } from '#game/room-sync.ts';
import { applyMergePatch, createMergePatch, jsonEqual } from '#game/merge-patch.ts';
import { nextDeadline } from '#game/room-machine.ts';
import { roomViewSchema, type RoomView } from '#game/protocol.ts';
import { toView } from '#game/view.ts';
import { roomInput, seats, startRoom } from './helpers';

/** RFC 7386 cannot write a null into an object: its own domain is JSON whose objects hold none. */
function withoutNullMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullMembers);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, withoutNullMembers(v)]),
    );
  }
  return value;
}

const jsonArb = fc.jsonValue({ maxDepth: 4 }).map(withoutNullMembers);
const memberArb = jsonArb.filter((v) => v !== null);
/** Pairs that share most of their structure, as consecutive views do. */
const nearPairArb = fc
  .tuple(
    fc.dictionary(fc.string({ maxLength: 3 }), memberArb, { maxKeys: 6 }),
    fc.dictionary(fc.string({ maxLength: 3 }), memberArb, { maxKeys: 3 }),
    fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  )
  .map(([a, changes, removed]) => {
    const b: Record<string, unknown> = { ...a, ...changes };
    for (const key of removed) delete b[key];
    return [a, b] as const;
  });

describe('JSON Merge Patch', () => {
  it('apply(a, diff(a, b)) equals b for arbitrary JSON', () => {
    fc.assert(
      fc.property(jsonArb, jsonArb, (a, b) => {
        const patch = createMergePatch(a, b);
        if (patch === undefined) expect(jsonEqual(a, b)).toBe(true);
        else expect(applyMergePatch(a, patch)).toEqual(b);
      }),
      { numRuns: 2_000 },
    );
  });

  it('apply(a, diff(a, b)) equals b for objects that share most keys, and sends only the change', () => {
    fc.assert(
      fc.property(nearPairArb, ([a, b]) => {
        const patch = createMergePatch(a, b);
        const applied = patch === undefined ? a : applyMergePatch(a, patch);
        expect(applied).toEqual(b);
        if (patch !== undefined) {
          for (const key of Object.keys(patch as object)) {
            expect(jsonEqual((a as Record<string, unknown>)[key], b[key])).toBe(false);
          }
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('does not change its inputs', () => {
    fc.assert(
      fc.property(jsonArb, jsonArb, (a, b) => {
        const copyA = structuredClone(a);
        const copyB = structuredClone(b);
        const patch = createMergePatch(a, b);
        if (patch !== undefined) applyMergePatch(a, patch);
        expect(a).toEqual(copyA);
        expect(b).toEqual(copyB);
      }),
    );
  });

  it("applies RFC 7386's examples", () => {
    const cases: [unknown, unknown, unknown][] = [
      [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
      [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
      [{ a: 'b' }, { a: null }, {}],
      [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
      [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
      [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
      [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
      [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
      [
        ['a', 'b'],
        ['c', 'd'],
        ['c', 'd'],
      ],
      [{ a: 'b' }, ['c'], ['c']],
      [{ a: 'foo' }, null, null],
      [{ a: 'foo' }, 'bar', 'bar'],
      [{ e: null }, { a: 1 }, { e: null, a: 1 }],
      [[1, 2], { a: 'b', c: null }, { a: 'b' }],
      [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
    ];
    for (const [target, patch, result] of cases) {
      expect(applyMergePatch(target, patch)).toEqual(result);
    }
  });

  it('keeps a key named __proto__ as data, never as the prototype', () => {
    const patched = applyMergePatch({}, JSON.parse('{"__proto__":{"polluted":1}}')) as object;
    expect(Object.getPrototypeOf(patched)).toBe(Object.prototype);
    expect(Object.hasOwn(patched, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(createMergePatch({}, JSON.parse('{"__proto__":1}'))).toEqual(
      JSON.parse('{"__proto__":1}'),
    );
  });

  it('replaces arrays whole and removes a key with null', () => {
    expect(createMergePatch({ a: [1, 2, 3], b: 1 }, { a: [1, 2] })).toEqual({ a: [1, 2], b: null });
    expect(createMergePatch({ a: { x: 1, y: 2 } }, { a: { x: 1, y: 3 } })).toEqual({ a: { y: 3 } });
    expect(createMergePatch({ a: 1 }, { a: 1 })).toBeUndefined();
  });
});

/** Every view of a random game through the room machine, from the empty room to its end. */
function viewsOfGame(choices: number[]): RoomView[] {
  const room = startRoom(roomInput({ maxPlayers: 4, timeMinutes: 2 }));
  const views: RoomView[] = [];
  const look = (spectators = 0) => views.push(toView(room.actor.getSnapshot(), { spectators }));
  look();
  let now = 1_000;
  room.actor.send({ type: 'SEATS', seats: seats(4), now });
  look();
  room.actor.send({ type: 'PRESENCE', uid: 'p1', connected: true, now });
  look(2);
  room.actor.send({ type: 'TICK', now: nextDeadline(room.actor.getSnapshot()) ?? now });
  look(1);
  for (const choice of choices) {
    const { game, turnDeadline } = room.actor.getSnapshot().context;
    if (room.actor.getSnapshot().value !== 'active' || !game) break;
    now += 500 + (choice % 5_000);
    if (choice % 11 === 0) {
      now = turnDeadline ?? now;
      room.actor.send({ type: 'TICK', now });
    } else if (game.pendingPurchase && choice % 2 === 0) {
      room.actor.send({
        type: choice % 3 === 0 ? 'DECLINE_TRUCK' : 'BUY_TRUCK',
        by: game.pendingPurchase,
        now,
      });
    } else {
      room.actor.send({ type: 'ROLL', by: game.turn.currentPlayer, now });
    }
    look(choice % 7 === 0 ? 1 : 0);
  }
  const end = nextDeadline(room.actor.getSnapshot());
  if (end !== null) room.actor.send({ type: 'TICK', now: Math.max(end, now + 200_000) });
  look();
  return views;
}

describe('the room view through patches', () => {
  it('turns every view of a game into the next one exactly, nulls included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 1_000_000 }), { minLength: 50, maxLength: 400 }),
        (choices) => {
          const views = viewsOfGame(choices);
          const follower = new ViewFollower();
          follower.receive({ type: 'state', version: 1, state: views[0]! });
          for (let i = 1; i < views.length; i++) {
            const patch = createMergePatch(views[i - 1], views[i]);
            if (patch === undefined) continue;
            const followed = follower.receive({
              type: 'patch',
              version: follower.version + 1,
              patch: patch as Record<string, unknown>,
            });
            expect(followed.kind).toBe('view');
            expect(follower.view).toEqual(views[i]);
            expect(roomViewSchema.parse(follower.view)).toEqual(views[i]);
          }
          expect(follower.view?.result).not.toBeNull();
        },
      ),
      { numRuns: 30 },
    );
  });

  it('restores every nullable key of arbitrary views (a patch can only remove them)', () => {
    const views = viewsOfGame(Array.from({ length: 120 }, (_, i) => i * 7919));
    fc.assert(
      fc.property(
        fc.constantFrom(...views),
        fc.constantFrom(...views),
        fc.subarray([...VIEW_NULLABLE_PATHS]),
        (a, b, nulled) => {
          // b with some of its nullable keys set to null, wherever they exist
          const target = structuredClone(b) as unknown as Record<string, unknown>;
          for (const path of nulled) setNull(target, path);
          const next = target as unknown as RoomView;
          const patch = createMergePatch(a, next);
          expect(patch === undefined ? a : applyViewPatch(a, patch)).toEqual(next);
        },
      ),
    );
  });

  it("lists exactly the view schema's nullable keys", () => {
    expect(
      nullablePaths(roomViewSchema)
        .map((p) => p.join('.'))
        .sort(),
    ).toEqual(VIEW_NULLABLE_PATHS.map((p) => p.join('.')).sort());
  });

  it('asks for sync on a gap, ignores old patches, and starts again from a whole state', () => {
    const [first, second, third] = viewsOfGame([1, 2, 3, 4]).slice(-3) as [
      RoomView,
      RoomView,
      RoomView,
    ];
    const follower = new ViewFollower();
    expect(follower.receive({ type: 'patch', version: 2, patch: {} }).kind).toBe('gap');
    follower.receive({ type: 'state', version: 5, state: first });
    const patch = createMergePatch(first, second) as Record<string, unknown>;
    expect(follower.receive({ type: 'patch', version: 5, patch }).kind).toBe('stale');
    expect(follower.receive({ type: 'patch', version: 7, patch }).kind).toBe('gap');
    // Asked once: later patches wait for the whole state.
    expect(follower.receive({ type: 'patch', version: 8, patch }).kind).toBe('stale');
    expect(follower.receive({ type: 'state', version: 8, state: third }).kind).toBe('view');
    expect(follower.view).toEqual(third);
    expect(follower.version).toBe(8);
  });
});

function setNull(node: Record<string, unknown>, path: readonly string[]): void {
  const [key, ...rest] = path;
  if (key === undefined) return;
  const keys = key === '*' ? Object.keys(node) : [key];
  for (const k of keys) {
    if (!(k in node)) continue;
    if (rest.length === 0) node[k] = null;
    else if (typeof node[k] === 'object' && node[k] !== null) {
      setNull(node[k] as Record<string, unknown>, rest);
    }
  }
}

/** Paths of a zod schema's nullable members (records as `*`). */
function nullablePaths(schema: z.ZodType, at: string[] = []): string[][] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })
    ._zod.def;
  switch (def.type) {
    case 'nullable':
      return [at];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) =>
        nullablePaths(child, [...at, key]),
      );
    case 'record':
      return nullablePaths(def.valueType as z.ZodType, [...at, '*']);
    default:
      return [];
  }
}
