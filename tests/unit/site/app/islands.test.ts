// The islands (site/app/islands.ts, decision 085): which pages hydrate the router, and what each
// island's browser entry may bring with it. An entry that reached React Router would put its
// ≈ 35 kB runtime back on every page that shows the island, so the sources are walked from each
// entry, import by import, the way the bundler does.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentIsland, scriptIsland, staticPage, wantsHydration } from '#site/app/islands.ts';
import { ISLAND_ENTRY_DIR } from '#site/shared/island-entries.ts';
import { startedIslands } from '#site/app/island-runtime.ts';
import { specifierTarget } from '#eslint-rules/import-names.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const ENTRIES = readdirSync(path.join(ROOT, ISLAND_ENTRY_DIR)).filter((f) => f.endsWith('.ts'));

describe('wantsHydration', () => {
  it('is false when every matched route is static', () => {
    expect(wantsHydration([{ handle: staticPage }, { handle: { hydrate: false } }])).toBe(false);
  });

  it('is true as soon as one matched route has not opted out', () => {
    expect(wantsHydration([{ handle: staticPage }, { handle: undefined }])).toBe(true);
    expect(wantsHydration([{ handle: staticPage }, { handle: { hydrate: true } }])).toBe(true);
    expect(wantsHydration([{ handle: staticPage }, { handle: { title: 'Board' } }])).toBe(true);
  });

  it('treats only an explicit false as static', () => {
    expect(wantsHydration([{ handle: { hydrate: 0 } }])).toBe(true);
    expect(wantsHydration([{ handle: null }])).toBe(true);
  });

  it('is false with no match at all', () => {
    expect(wantsHydration([])).toBe(false);
  });
});

describe('island names', () => {
  it('are kebab-case, so that they can be entry file names', () => {
    expect(scriptIsland('live-balance').name).toBe('live-balance');
    expect(componentIsland('payment-form', () => null).kind).toBe('component');
    expect(() => scriptIsland('Live Balance')).toThrow(/kebab-case/);
    expect(() => scriptIsland('../escape')).toThrow(/kebab-case/);
  });
});

/** The modules an entry loads in the browser: relative and `#` imports followed, packages listed. */
function importGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const seen = new Set<string>();
  const resolve = (from: string, spec: string): string => {
    const target = specifierTarget(ROOT, from, spec);
    const base = target ?? path.resolve(path.dirname(from), spec);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
    const found = candidates.find((file) => existsSync(file) && file.match(/\.tsx?$/));
    if (!found) throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${spec}`);
    return found;
  };
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    files.push(path.relative(ROOT, file));
    const source = readFileSync(file, 'utf8');
    // Type-only imports are erased by the bundler and load nothing.
    const imports = source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)';/gms);
    for (const [, spec] of imports) {
      if (spec!.startsWith('.') || spec!.startsWith('#')) visit(resolve(file, spec!));
      else packages.add(spec!.replace(/\?.*$/, ''));
    }
  };
  visit(entry);
  return { files, packages };
}

describe('each island entry', () => {
  it('exists for at least the header balance and the payment form', () => {
    expect(ENTRIES).toEqual(expect.arrayContaining(['live-balance.ts', 'payment-form.ts']));
  });

  it.each(ENTRIES)('%s starts the island of its own name', async (file) => {
    await import(path.join(ROOT, ISLAND_ENTRY_DIR, file));
    expect(startedIslands).toContain(path.basename(file, '.ts'));
  });

  it.each(ENTRIES)('%s brings neither React Router nor zod nor a server renderer', (file) => {
    const { files, packages } = importGraph(path.join(ROOT, ISLAND_ENTRY_DIR, file));
    const heavy = [...packages].filter(
      (name) =>
        name === 'react-router' ||
        name.startsWith('react-router/') ||
        name === 'zod' ||
        name === 'react-dom/server',
    );
    expect(heavy, `reached through ${files.join(', ')}`).toEqual([]);
  });

  const scripts = ENTRIES.filter((file) =>
    readFileSync(path.join(ROOT, ISLAND_ENTRY_DIR, file), 'utf8').includes('startScriptIsland('),
  );

  it.each(scripts)('%s, a script island, brings no React at all', (file) => {
    const { files, packages } = importGraph(path.join(ROOT, ISLAND_ENTRY_DIR, file));
    const react = [...packages].filter((name) => name.startsWith('react'));
    expect(react, `reached through ${files.join(', ')}`).toEqual([]);
  });
});
