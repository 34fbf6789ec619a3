import { describe, expect, it } from 'vitest';
import { paymentsConfigFromEnv } from '#site/server/payments/config.ts';
import { createPaymentProvider } from '#site/server/payments/create-provider.ts';
import { PAWAPAY_SANDBOX_BASE_URL } from '#site/server/payments/pawapay.ts';
import { createMemorySandboxStore } from '#site/server/payments/sandbox-store.ts';

const site = { publicUrl: 'http://localhost:3000', internalSecret: 's3cret' };

describe('payments configuration', () => {
  it('defaults to the built-in sandbox with a 1500 ms phone', () => {
    expect(paymentsConfigFromEnv({}, site)).toEqual({
      provider: 'sandbox',
      ...site,
      sandboxDelayMs: 1500,
      pawapay: { baseUrl: PAWAPAY_SANDBOX_BASE_URL, apiToken: '' },
    });
    expect(PAWAPAY_SANDBOX_BASE_URL).toBe('https://api.sandbox.pawapay.io');
  });

  it('reads pawaPay settings', () => {
    const config = paymentsConfigFromEnv(
      {
        PAYMENTS_PROVIDER: 'pawapay',
        PAWAPAY_API_TOKEN: ' tok ',
        PAWAPAY_BASE_URL: 'https://api.pawapay.io',
      },
      site,
    );
    expect(config).toMatchObject({
      provider: 'pawapay',
      pawapay: { baseUrl: 'https://api.pawapay.io', apiToken: 'tok' },
    });
  });

  it.each([
    [{ PAYMENTS_PROVIDER: 'stripe' }, /PAYMENTS_PROVIDER/],
    [{ PAYMENTS_PROVIDER: 'pawapay' }, /PAWAPAY_API_TOKEN/],
    [{ SANDBOX_DELAY_MS: 'soon' }, /SANDBOX_DELAY_MS/],
    [{ SANDBOX_DELAY_MS: '-5' }, /SANDBOX_DELAY_MS/],
  ])('refuses %j', (env, message) => {
    expect(() => paymentsConfigFromEnv(env, site)).toThrow(message);
  });

  it('builds the provider the configuration names', () => {
    const deps = { sandboxStore: createMemorySandboxStore() };
    expect(createPaymentProvider(paymentsConfigFromEnv({}, site), deps).name).toBe('sandbox');
    const pawapay = paymentsConfigFromEnv(
      { PAYMENTS_PROVIDER: 'pawapay', PAWAPAY_API_TOKEN: 't' },
      site,
    );
    expect(createPaymentProvider(pawapay, deps).name).toBe('pawapay');
  });
});
