import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'site/app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
