import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  // The web app manifest, its icons and the offline page, copied as they are to the build's root.
  publicDir: 'site/public',
  plugins: [reactRouter()],
});
