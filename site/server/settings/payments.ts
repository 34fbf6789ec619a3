// The payments' settings (`PAYMENTS_PROVIDER`, `SANDBOX_DELAY_MS`, `PAWAPAY_*`) sliced into
// `PaymentsConfig`, and the two switches about money: a public sandbox and proved phones.
import { z } from 'zod';
import { providerNames } from '#game/payment-vocabulary.ts';
import type { PaymentsConfig } from '../payments/config';
import { PAWAPAY_SANDBOX_BASE_URL } from '../payments/pawapay';
import { SANDBOX_DEFAULT_DELAY_MS } from '../payments/sandbox';
import { blankAsUnset, flag, httpUrl, optional } from './fields';

export const paymentsVariables = z.object({
  PAYMENTS_PROVIDER: z.preprocess(
    blankAsUnset,
    z.enum(providerNames, { error: 'must be sandbox or pawapay' }).default('sandbox'),
  ),
  SANDBOX_DELAY_MS: z.preprocess(
    blankAsUnset,
    z.coerce.number().int('must be whole milliseconds').min(0).default(SANDBOX_DEFAULT_DELAY_MS),
  ),
  ALLOW_SANDBOX_PAYMENTS: flag('allow'),
  WITHDRAWALS_NEED_PROVED_PHONE: flag('required'),
  PAWAPAY_BASE_URL: optional(httpUrl),
  PAWAPAY_API_TOKEN: optional(z.string().trim()),
});

type PaymentsVariables = z.infer<typeof paymentsVariables>;

export function paymentsIssues(e: PaymentsVariables): string[] {
  return e.PAYMENTS_PROVIDER === 'pawapay' && !e.PAWAPAY_API_TOKEN
    ? ['PAWAPAY_API_TOKEN: is required with PAYMENTS_PROVIDER=pawapay']
    : [];
}

export function paymentsOf(
  e: PaymentsVariables,
  publicUrl: string,
  internalSecret: string,
): PaymentsConfig {
  return {
    provider: e.PAYMENTS_PROVIDER,
    publicUrl,
    internalSecret,
    sandboxDelayMs: e.SANDBOX_DELAY_MS,
    pawapay: {
      baseUrl: e.PAWAPAY_BASE_URL ?? PAWAPAY_SANDBOX_BASE_URL,
      apiToken: e.PAWAPAY_API_TOKEN ?? '',
    },
  };
}
