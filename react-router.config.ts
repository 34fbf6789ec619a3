import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { writeServiceWorker } from '#site/pwa/write-service-worker.ts';

export default {
  appDirectory: 'site/app',
  buildDirectory: 'build',
  ssr: true,
  // The service worker lists the finished build's files (site/pwa, decision 055).
  async buildEnd({ reactRouterConfig }) {
    await writeServiceWorker(path.join(reactRouterConfig.buildDirectory, 'client'));
  },
} satisfies Config;
