// The production build is put in place whole: a site process starting while `npm start` or a test
// rebuilds (a second site on one checkout, another test file's server) always finds
// build/server/index.js. `react-router build` alone empties build/ for most of its run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { BUILD_DIR } from '#scripts/build-site.ts';
import { ensureSiteBuild, rebuildSite } from '#tests/support/build.ts';

it('keeps build/ whole while the site is rebuilt, twice at once', async () => {
  await ensureSiteBuild();
  const marker = path.join(BUILD_DIR, 'server/index.js');
  let building = true;
  let checks = 0;
  let missing = 0;
  const builds = Promise.all([rebuildSite(), rebuildSite()]).finally(() => {
    building = false;
  });
  while (building) {
    checks += 1;
    if (!existsSync(marker)) missing += 1;
    // Every 10 ms, not every turn of the event loop: a loop that spins takes one of the two cores
    // the two builds need (beside a second suite this test ran out of its time).
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await builds;
  expect(checks).toBeGreaterThan(100);
  expect(missing).toBe(0);
  expect(existsSync(path.join(BUILD_DIR, 'client/sw.js'))).toBe(true);
}, 240_000); // two production builds at once: up to 52 s alone on a 2-core machine
