// The files a lazily imported module or an island needs, read from the client build's vite
// manifest (`build.manifest`), so that a page can name them in its first HTML (`modulepreload`, an
// island's entry) instead of the browser finding them only once the page's own code has run
// (decisions 065 and 085).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ISLAND_ENTRY_DIR } from '#site/shared/island-entries.ts';

/** One entry of vite's `.vite/manifest.json`: the output file and the chunks it imports. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

function readManifest(clientDirectory: string): Manifest | null {
  try {
    return JSON.parse(
      readFileSync(path.join(clientDirectory, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
  } catch {
    return null;
  }
}

/** `key`'s chunk and every chunk it imports statically, each once, imports first. */
function filesFrom(manifest: Manifest, keys: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(`/${chunk.file}`);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * The public URLs of the chunks built from `sourcePaths` (relative to the project root, as vite
 * names them) and of every chunk they import statically, in load order; none when the build has no
 * manifest (development). A source the build does not have adds nothing.
 */
export function chunkFilesOf(clientDirectory: string, sourcePaths: readonly string[]): string[] {
  const manifest = readManifest(clientDirectory);
  return manifest ? filesFrom(manifest, sourcePaths) : [];
}

/**
 * Each island's files by its name (`island-entries/<name>.ts`): its entry first, then the chunks
 * it imports; empty when the build has no manifest.
 */
export function islandFilesOf(clientDirectory: string): Record<string, readonly string[]> {
  const manifest = readManifest(clientDirectory);
  const islands: Record<string, readonly string[]> = {};
  if (!manifest) return islands;
  for (const [key, chunk] of Object.entries(manifest)) {
    const source = chunk.src ?? key;
    if (!chunk.isEntry || path.posix.dirname(source) !== ISLAND_ENTRY_DIR) continue;
    const entry = `/${chunk.file}`;
    const imports = filesFrom(manifest, [key]).filter((file) => file !== entry);
    islands[path.posix.basename(source, '.ts')] = [entry, ...imports];
  }
  return islands;
}
