import type { PawapayConfig } from './pawapay';
import type { ProviderName } from '#game/payment-vocabulary.ts';

/** The payments' slice of the site's settings (site/server/config.ts reads them). */
export interface PaymentsConfig {
  provider: ProviderName;
  /** The site's public origin (the sandbox posts its callbacks there). */
  publicUrl: string;
  internalSecret: string;
  sandboxDelayMs: number;
  pawapay: PawapayConfig;
}
