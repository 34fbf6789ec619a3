// The site shows only the contact details the operator configured (SUPPORT_EMAIL, SUPPORT_PHONE):
// no email address or phone number is written into the pages' source.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const APP = path.resolve(import.meta.dirname, '../../../site/app');
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z.]{2,}/g;
/** +260… or a local 09x/07x number, as people write them. */
const PHONE = /(?:\+?260|\b0)[79]\d[\s-]?\d{3}[\s-]?\d{4}\b/g;
/** Placeholders showing the expected format are not contact details. */
const ALLOWED = new Set(['you@example.com', '0961234567']);

test('no hard-coded email address or phone number in site/app', () => {
  const found: string[] = [];
  for (const entry of readdirSync(APP, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(tsx?|css)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    for (const match of [...text.matchAll(EMAIL), ...text.matchAll(PHONE)]) {
      if (!ALLOWED.has(match[0])) found.push(`${path.relative(APP, file)}: ${match[0]}`);
    }
  }
  expect(found).toEqual([]);
});
