// The files a lazily imported module needs, read from the client build's vite manifest
// (`build.manifest`), so that a page can name them in its first HTML (`modulepreload`) instead of
// the browser finding them only once the page's own code has run (decision 065).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of vite's `.vite/manifest.json`: the output file and the chunks it imports. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The public URLs of the chunks built from `sourcePaths` (relative to the project root, as vite
 * names them) and of every chunk they import statically, in load order; none when the build has no
 * manifest (development). A source the build does not have adds nothing.
 */
export function chunkFilesOf(clientDirectory: string, sourcePaths: readonly string[]): string[] {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(
      readFileSync(path.join(clientDirectory, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
  } catch {
    return [];
  }
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(`/${chunk.file}`);
  };
  for (const source of sourcePaths) visit(source);
  return files;
}
