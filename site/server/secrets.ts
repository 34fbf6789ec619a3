// The signing key that must survive restarts but that nobody should have to invent: generated once
// into the data folder, readable only by the owner.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ensurePrivateDir, ensurePrivateFile, writePrivateFile } from './data-dir';

export interface Secrets {
  internalSecret: string;
}

// A file written before sessions were known to need no key also holds a `sessionSecret`: ignored.
const secretsSchema = z.object({
  internalSecret: z.string().min(32),
});

const newSecret = () => randomBytes(32).toString('hex');

export async function loadOrCreateSecrets(file: string): Promise<Secrets> {
  await ensurePrivateDir(path.dirname(file));
  await ensurePrivateFile(file);
  const existing = await readSecrets(file);
  if (existing) return existing;
  const secrets: Secrets = { internalSecret: newSecret() };
  try {
    // `wx`: if another process created the file meanwhile, keep its secrets rather than ours.
    await writePrivateFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { flag: 'wx' });
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = await readSecrets(file);
    if (!written) throw new Error(`${file} exists but holds no valid secrets`, { cause: error });
    return written;
  }
}

async function readSecrets(file: string): Promise<Secrets | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = secretsSchema.safeParse(parseJson(text));
  if (!parsed.success) {
    throw new Error(`${file} is not valid: remove it to generate new secrets, or fix it by hand`);
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
