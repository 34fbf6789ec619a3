import { readdirSync } from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { ISLAND_ENTRY_DIR } from '#site/shared/island-entries.ts';

/** Every island's browser entry (site/app/islands.ts): one `.ts` file per island. */
function islandEntryFiles(): string[] {
  const dir = path.resolve(import.meta.dirname, ISLAND_ENTRY_DIR);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * The islands' entries are entries of the client build beside React Router's (decision 085): each
 * becomes its own chunk, recorded in the build's manifest, so the server can name an island's
 * files in a page's <head>. In development vite serves them as they are; they first load React
 * Router's refresh preamble, which the components they import expect.
 */
function islandEntries(): Plugin[] {
  const isEntry = (id: string) =>
    path.dirname(id) === path.resolve(import.meta.dirname, ISLAND_ENTRY_DIR) && id.endsWith('.ts');
  return [
    {
      name: 'ztc:island-entries',
      apply: 'build',
      buildStart() {
        if (this.environment.name !== 'client') return;
        for (const file of islandEntryFiles()) {
          this.emitFile({
            type: 'chunk',
            id: file,
            name: `island-${path.basename(file, '.ts')}`,
            preserveSignature: false,
          });
        }
      },
    },
    {
      name: 'ztc:island-entries-dev',
      apply: 'serve',
      transform(code, id) {
        if (!isEntry(id)) return;
        return `import 'virtual:react-router/inject-hmr-runtime';\n${code}`;
      },
    },
  ];
}

export default defineConfig({
  // The web app manifest, its icons and the offline page, copied as they are to the build's root.
  publicDir: 'site/public',
  // Kept in build/client/.vite/ (never served: a dot folder) so that the site server can name a lazy
  // chunk's or an island's files in a page's first HTML (site/server/lazy-chunks.ts).
  build: { manifest: true },
  plugins: [reactRouter(), ...islandEntries()],
});
