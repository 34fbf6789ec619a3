import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'architecture/boundaries')
    .map((m) => m.message);
}

describe('the architecture check', () => {
  it.each([
    [
      'game/x.ts',
      "import { createDatabase } from '../db/client';\nexport const a = createDatabase;",
    ],
    ['game/x.ts', "import { app } from '../site/server/app';\nexport const a = app;"],
    ['game/sub/x.ts', "import { y } from '../../party/room-server';\nexport const a = y;"],
    ['game/x.ts', "import fs from 'node:fs';\nexport const a = fs;"],
    ['game/x.ts', "import crypto from 'crypto';\nexport const a = crypto;"],
    ['game/x.ts', "import express from 'express';\nexport const a = express;"],
    ['game/x.ts', 'export const a = Math.random();'],
    ['game/x.ts', 'export const a = Date.now();'],
    ['game/x.ts', 'export const a = new Date();'],
    ['game/x.ts', 'export const a = performance.now();'],
    ['game/x.ts', 'export const a = crypto.getRandomValues(new Uint8Array(4));'],
    ['game/x.ts', 'setTimeout(() => 1, 10);'],
    ['game/x.ts', "export const a = () => import('../db/client');"],
    [
      'party/x.ts',
      "import { createDatabase } from '../db/client';\nexport const a = createDatabase;",
    ],
    ['party/x.ts', "export { app } from '../site/server/app';"],
    ['db/x.ts', "import { app } from '../site/server/app';\nexport const a = app;"],
    ['db/x.ts', "import { Room } from '../party/room-server';\nexport const a = Room;"],
    ['site/server/x.ts', "import { Room } from '../../party/room-server';\nexport const a = Room;"],
    ['site/shared/x.ts', "import { app } from '../server/app';\nexport const a = app;"],
    ['site/shared/x.ts', "import { Nav } from '../app/components/nav';\nexport const a = Nav;"],
    ['site/shared/x.ts', "import { db } from '../../db/client';\nexport const a = db;"],
    ['site/shared/sub/x.ts', "import { a } from '../../../party/x';\nexport const b = a;"],
    ['site/shared/x.ts', "import fs from 'node:fs';\nexport const a = fs;"],
    ['site/shared/x.ts', "import express from 'express';\nexport const a = express;"],
    // The browser bundle: pages may not pull in server modules, the database or Node built-ins.
    [
      'site/app/components/x.tsx',
      "import { authMessages } from '../../server/auth/messages';\nexport const a = authMessages;",
    ],
    ['site/app/routes/x.tsx', "export { sendError } from '../../server/api/refusals';"],
    ['site/app/x.ts', "export const a = () => import('../server/config');"],
    ['site/app/x.ts', "import { users } from '../../db/schema';\nexport const a = users;"],
    ['site/app/x.ts', "import { a } from '../../party/x';\nexport const b = a;"],
    // An inline `type` keeps the import statement (verbatimModuleSyntax): the module would load.
    [
      'site/app/x.ts',
      "import { type PublicUser } from '../server/auth/users';\nexport type A = PublicUser;",
    ],
    ['site/server/x.ts', "import { Nav } from '../app/components/nav';\nexport const a = Nav;"],
    // wire/: the messages between the site and the room servers. Only party/ and site/ use it.
    ['game/x.ts', "import { a } from '../wire/site-room';\nexport const b = a;"],
    ['db/x.ts', "import { a } from '../wire/site-room';\nexport const b = a;"],
    ['site/shared/x.ts', "import { a } from '../../wire/site-room';\nexport const b = a;"],
    ['wire/x.ts', "import { app } from '../site/server/app';\nexport const a = app;"],
    ['wire/x.ts', "import { Room } from '../party/room';\nexport const a = Room;"],
    ['wire/x.ts', "import { db } from '../db/client';\nexport const a = db;"],
    ['wire/x.ts', "import { a } from '../tests/support/bot';\nexport const b = a;"],
    ['wire/x.ts', "import fs from 'node:fs';\nexport const a = fs;"],
    ['wire/x.ts', "import express from 'express';\nexport const a = express;"],
    // The same arrows through package.json "imports" (`#folder/…`).
    ['game/x.ts', "import { app } from '#site/server/app.ts';\nexport const a = app;"],
    ['game/x.ts', "export const a = () => import('#db/client.ts');"],
    [
      'party/x.ts',
      "import { createDatabase } from '#db/client.ts';\nexport const a = createDatabase;",
    ],
    ['db/x.ts', "import { a } from '#wire/site-room.ts';\nexport const b = a;"],
    ['site/shared/x.ts', "import { app } from '#site/server/app.ts';\nexport const a = app;"],
    ['site/app/x.ts', "import { users } from '#db/schema.ts';\nexport const a = users;"],
    [
      'site/app/x.ts',
      "import { type PublicUser } from '#site/server/auth/users.ts';\nexport type A = PublicUser;",
    ],
    [
      'site/server/x.ts',
      "import { Nav } from '#site/app/components/nav.tsx';\nexport const a = Nav;",
    ],
    ['wire/x.ts', "import { a } from '#tests/support/bot.ts';\nexport const b = a;"],
    ['party/x.ts', "import { a } from '#nowhere/x.ts';\nexport const b = a;"],
  ])('refuses %s: %s', async (file, code) => {
    expect(await problems(file, code)).not.toEqual([]);
  });

  it.each([
    [
      'game/x.ts',
      "import { setup } from 'xstate';\nimport { b } from './board';\nexport const a = [setup, b];",
    ],
    ['game/x.ts', "import { sha256 } from '@oslojs/crypto/sha2';\nexport const a = sha256;"],
    ['game/x.ts', 'export const later = (now: number) => now + 5000;'],
    ['party/x.ts', "import { rollDie } from '../game/dice';\nexport const a = rollDie;"],
    ['db/x.ts', "import { createClient } from '@libsql/client';\nexport const a = createClient;"],
    [
      'site/server/x.ts',
      "import { createDatabase } from '../../db/client';\nexport const a = createDatabase;",
    ],
    [
      'site/server/x.ts',
      "import { rollDie } from '../../game/dice';\nexport const a = Date.now() + rollDie.length;",
    ],
    [
      'site/shared/x.ts',
      "import { b } from './y';\nimport { c } from '../../game/board';\nexport const a = [b, c];",
    ],
    ['site/shared/x.ts', "import { z } from 'zod';\nexport const a = z;"],
    ['site/app/x.ts', "import { a } from '../shared/return-to';\nexport const b = a;"],
    // A type is erased at build time: the screens may name the server's answer shapes.
    [
      'site/app/x.ts',
      "import type { PublicUser } from '../server/auth/users';\nexport type A = PublicUser;",
    ],
    ['site/app/x.ts', "export type { PublicRoom } from '../server/rooms/types';"],
    ['site/server/auth/x.ts', "import { a } from '../../shared/return-to';\nexport const b = a;"],
    [
      'wire/x.ts',
      "import { z } from 'zod';\nimport { b } from '../game/log';\nexport const a = [z, b];",
    ],
    ['wire/x.ts', "import { hmac } from '@oslojs/crypto/hmac';\nexport const a = hmac;"],
    ['party/room/x.ts', "import { a } from '../../wire/site-room';\nexport const b = a;"],
    ['party/x.ts', "import { a } from '../wire/signing';\nexport const b = a;"],
    ['site/server/rooms/x.ts', "import { a } from '../../../wire/site-room';\nexport const b = a;"],
    ['tests/x.test.ts', "import { a } from '../party/x';\nexport const b = [a, Math.random()];"],
    ['party/x.ts', "import { rollDie } from '#game/dice.ts';\nexport const a = rollDie;"],
    ['site/server/x.ts', "import { db } from '#db/client.ts';\nexport const a = db;"],
    [
      'site/app/x.ts',
      "import type { PublicUser } from '#site/server/auth/users.ts';\nexport type A = PublicUser;",
    ],
    ['site/app/x.ts', "import { a } from '#site/shared/return-to.ts';\nexport const b = a;"],
  ])('allows %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it('names the broken arrow in its message', async () => {
    const [message] = await problems('party/x.ts', "import '../db/client';");
    expect(message).toBe('party/ may not import db/ ("../db/client").');
    const [named] = await problems('game/x.ts', "import '#site/server/app.ts';");
    expect(named).toBe('game/ may not import site/server/ ("#site/server/app.ts").');
  });

  it('fails `npm run lint` on a real file that breaks an arrow', async () => {
    // The same rule is what `eslint .` runs: the config is the project's own eslint.config.js.
    const config = await eslint.calculateConfigForFile(path.join(root, 'game/any.ts'));
    expect(config.rules?.['architecture/boundaries']?.[0]).toBe(2);
  });

  it('lets only takeStake take a stake on the site (terms, exclusion and limits in its transaction)', async () => {
    const restricted = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
    };
    const taking = "import { stake } from '../../../db/money';\nexport const a = stake;";
    expect(await restricted('site/server/rooms/x.ts', taking)).not.toEqual([]);
    expect(
      await restricted('site/server/rooms/quick/x.ts', taking.replace('../', '../../')),
    ).not.toEqual([]);
    expect(await restricted('site/server/responsible-play/stake.ts', taking)).toEqual([]);
    const named = "import { stake } from '#db/money.ts';\nexport const a = stake;";
    expect(await restricted('site/server/rooms/x.ts', named)).not.toEqual([]);
    expect(await restricted('scripts/x.ts', named)).not.toEqual([]);
    expect(await restricted('site/server/responsible-play/stake.ts', named)).toEqual([]);
    const refunding =
      "import { refundStake } from '../../../db/money';\nexport const a = refundStake;";
    expect(await restricted('site/server/rooms/x.ts', refunding)).toEqual([]);
  });
});
