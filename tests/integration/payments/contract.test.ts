import { paymentsConfigFromEnv } from '#site/server/payments/config.ts';
import { createPaymentProvider } from '#site/server/payments/create-provider.ts';
import { createMemorySandboxStore } from '#site/server/payments/sandbox-store.ts';
import { startFakePawapay } from '#tests/support/fake-pawapay.ts';
import { startCallbackSink } from '#tests/support/fake-pawapay/callback-sink.ts';
import { describeProviderContract } from './provider-contract';

describeProviderContract('sandbox', async () => {
  const sink = await startCallbackSink();
  const config = paymentsConfigFromEnv(
    { PAYMENTS_PROVIDER: 'sandbox', SANDBOX_DELAY_MS: '30' },
    { publicUrl: sink.origin, internalSecret: 'contract-test-secret' },
  );
  const provider = createPaymentProvider(config, { sandboxStore: createMemorySandboxStore() });
  provider.start();
  return {
    provider,
    callbacks: () => sink.received().filter((c) => c.path === '/api/payments/callback/sandbox'),
    async close() {
      await provider.stop();
      await sink.close();
    },
  };
});

describeProviderContract('pawapay against the fake pawaPay', async () => {
  const sink = await startCallbackSink();
  const fake = await startFakePawapay({ completeAfterMs: 30 });
  fake.setCallbackUrl(sink.url('/api/payments/callback/pawapay'));
  const config = paymentsConfigFromEnv(
    {
      PAYMENTS_PROVIDER: 'pawapay',
      PAWAPAY_BASE_URL: fake.baseUrl,
      PAWAPAY_API_TOKEN: fake.apiToken,
    },
    { publicUrl: sink.origin, internalSecret: 'unused' },
  );
  const provider = createPaymentProvider(config, { sandboxStore: createMemorySandboxStore() });
  provider.start();
  return {
    provider,
    callbacks: () => sink.received(),
    async close() {
      await provider.stop();
      await fake.close();
      await sink.close();
    },
  };
});
