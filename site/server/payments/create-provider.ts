import type { PaymentsConfig } from './config';
import { createPawapayProvider } from './pawapay';
import type { Clock } from '../clock';
import type { PaymentProvider } from './provider';
import { createSandboxProvider, type DeliverCallback } from './sandbox';
import type { SandboxStore } from './sandbox-store';

export interface PaymentsDeps {
  /** Where the sandbox keeps its payments (the database in the running site). */
  sandboxStore: SandboxStore;
  clock?: Clock;
  fetch?: typeof fetch;
  /** How the sandbox posts its callbacks (default: fetch). */
  deliver?: DeliverCallback;
}

/** A provider plus its background work: the sandbox's delivery timer (pawaPay has none). */
export interface ManagedPaymentProvider extends PaymentProvider {
  start(): void;
  stop(): Promise<void>;
}

export function createPaymentProvider(
  config: PaymentsConfig,
  deps: PaymentsDeps,
): ManagedPaymentProvider {
  if (config.provider === 'pawapay') {
    const provider = createPawapayProvider(config.pawapay, {
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.clock ? { clock: deps.clock } : {}),
    });
    return { ...provider, start() {}, async stop() {} };
  }
  return createSandboxProvider(
    {
      publicUrl: config.publicUrl,
      internalSecret: config.internalSecret,
      delayMs: config.sandboxDelayMs,
    },
    {
      store: deps.sandboxStore,
      ...(deps.clock ? { clock: deps.clock } : {}),
      ...(deps.deliver ? { deliver: deps.deliver } : {}),
    },
  );
}
