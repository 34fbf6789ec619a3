// The `web` benchmark's installability figures: Chromium's own reading of the web app manifest
// on the signed-out pages (its errors and the installability errors).
import type { Browser } from '@playwright/test';
import { figure, type Section } from '../support/report';
import { installability } from './browser-bytes';
import { notes } from './phases';
import type { Product } from './product';

export async function measureInstallability(browser: Browser, product: Product): Promise<Section> {
  const section: Section = {};
  for (const [name, urlPath] of [
    ['home', '/'],
    ['auth', '/auth'],
  ] as const) {
    const result = await installability(browser, `${product.baseUrl}${urlPath}`);
    section[name] = {
      manifestErrors: figure(result.manifestErrors.length, 'errors'),
      installabilityErrors: figure(result.installErrors.length, 'errors'),
    };
    notes.push(
      `installable.${name}: manifest ${result.manifestUrl ?? 'none'}; manifest errors: ${result.manifestErrors.join('; ') || 'none'}; installability errors: ${result.installErrors.join(', ') || 'none'}`,
    );
  }
  return section;
}
