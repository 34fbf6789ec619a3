import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { BUILD_DIRECTORY_VARIABLE } from '#scripts/build-site.ts';
import { writeServiceWorker } from '#site/pwa/write-service-worker.ts';

export default {
  appDirectory: 'site/app',
  // A build writes to a folder of its own, then takes build/'s place whole (scripts/build-site.ts).
  buildDirectory: process.env[BUILD_DIRECTORY_VARIABLE] ?? 'build',
  ssr: true,
  // The service worker lists the finished build's files (site/pwa, decision 055).
  async buildEnd({ reactRouterConfig }) {
    await writeServiceWorker(path.join(reactRouterConfig.buildDirectory, 'client'));
  },
} satisfies Config;
