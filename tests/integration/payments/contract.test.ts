import { createPaymentProvider } from '#site/server/payments/create-provider.ts';
import { PAWAPAY_SANDBOX_BASE_URL } from '#site/server/payments/pawapay.ts';
import { createMemorySandboxStore } from '#site/server/payments/sandbox-store.ts';
import { startFakePawapay } from '#tests/support/fake-pawapay.ts';
import { startCallbackSink } from '#tests/support/fake-pawapay/callback-sink.ts';
import { describeProviderContract } from './provider-contract';

describeProviderContract('sandbox', async () => {
  const sink = await startCallbackSink();
  const config = {
    provider: 'sandbox' as const,
    publicUrl: sink.origin,
    internalSecret: 'contract-test-secret',
    sandboxDelayMs: 30,
    pawapay: { baseUrl: PAWAPAY_SANDBOX_BASE_URL, apiToken: '' },
  };
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
  const config = {
    provider: 'pawapay' as const,
    publicUrl: sink.origin,
    internalSecret: 'unused',
    sandboxDelayMs: 0,
    pawapay: { baseUrl: fake.baseUrl, apiToken: fake.apiToken },
  };
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
