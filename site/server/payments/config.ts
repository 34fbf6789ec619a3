import { PAWAPAY_SANDBOX_BASE_URL, type PawapayConfig } from './pawapay';
import type { ProviderName } from './provider';
import { SANDBOX_DEFAULT_DELAY_MS } from './sandbox';

export interface PaymentsConfig {
  provider: ProviderName;
  /** The site's public origin (the sandbox posts its callbacks there). */
  publicUrl: string;
  internalSecret: string;
  sandboxDelayMs: number;
  pawapay: PawapayConfig;
}

type Env = Record<string, string | undefined>;

/** Reads PAYMENTS_PROVIDER, SANDBOX_DELAY_MS, PAWAPAY_BASE_URL and PAWAPAY_API_TOKEN; throws on nonsense. */
export function paymentsConfigFromEnv(
  env: Env,
  site: { publicUrl: string; internalSecret: string },
): PaymentsConfig {
  const provider = env.PAYMENTS_PROVIDER?.trim() || 'sandbox';
  if (provider !== 'sandbox' && provider !== 'pawapay') {
    throw new Error(`PAYMENTS_PROVIDER must be sandbox or pawapay, not ${provider}`);
  }
  const delayText = env.SANDBOX_DELAY_MS?.trim();
  const sandboxDelayMs = delayText ? Number(delayText) : SANDBOX_DEFAULT_DELAY_MS;
  if (!Number.isSafeInteger(sandboxDelayMs) || sandboxDelayMs < 0) {
    throw new Error(`SANDBOX_DELAY_MS must be a whole number of milliseconds, not ${delayText}`);
  }
  const apiToken = env.PAWAPAY_API_TOKEN?.trim() ?? '';
  if (provider === 'pawapay' && apiToken === '') {
    throw new Error('PAYMENTS_PROVIDER=pawapay needs PAWAPAY_API_TOKEN');
  }
  return {
    provider,
    publicUrl: site.publicUrl,
    internalSecret: site.internalSecret,
    sandboxDelayMs,
    pawapay: { baseUrl: env.PAWAPAY_BASE_URL?.trim() || PAWAPAY_SANDBOX_BASE_URL, apiToken },
  };
}
