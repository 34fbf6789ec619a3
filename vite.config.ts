import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  // The web app manifest, its icons and the offline page, copied as they are to the build's root.
  publicDir: 'site/public',
  // Kept in build/client/.vite/ (never served: a dot folder) so that the site server can name a lazy
  // chunk's files in a page's first HTML (site/server/lazy-chunks.ts).
  build: { manifest: true },
  plugins: [reactRouter()],
});
