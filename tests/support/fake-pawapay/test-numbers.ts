// pawaPay's sandbox test numbers for Zambia (docs.pawapay.io/v2/docs/test_numbers): the outcome of a
// payment follows the MSISDN's last three digits, per provider. Any other number completes.

export type FakeOutcome =
  { status: 'COMPLETED' } | { status: 'FAILED'; failureCode: string } | { status: 'SUBMITTED' };

type Table = Readonly<Record<string, FakeOutcome>>;

const failed = (failureCode: string): FakeOutcome => ({ status: 'FAILED', failureCode });
const submitted: FakeOutcome = { status: 'SUBMITTED' };

const TABLES: Readonly<Record<string, { deposit: Table; payout: Table }>> = {
  MTN_MOMO_ZMB: {
    deposit: {
      '019': failed('PAYER_LIMIT_REACHED'),
      '029': failed('PAYER_NOT_FOUND'),
      '039': failed('PAYMENT_NOT_APPROVED'),
      '069': failed('UNSPECIFIED_FAILURE'),
      '129': submitted,
    },
    payout: {
      '079': failed('RECIPIENT_NOT_FOUND'),
      '119': failed('UNSPECIFIED_FAILURE'),
      '129': submitted,
    },
  },
  AIRTEL_OAPI_ZMB: {
    deposit: {
      '019': failed('PAYER_LIMIT_REACHED'),
      '039': failed('PAYMENT_NOT_APPROVED'),
      '049': failed('INSUFFICIENT_BALANCE'),
      '069': failed('UNSPECIFIED_FAILURE'),
      '129': submitted,
    },
    payout: {
      '089': failed('RECIPIENT_NOT_FOUND'),
      '119': failed('UNSPECIFIED_FAILURE'),
      '129': submitted,
    },
  },
  ZAMTEL_ZMB: {
    deposit: {
      '704': failed('INSUFFICIENT_BALANCE'),
      '712': failed('UNSPECIFIED_FAILURE'),
      '789': submitted,
    },
    payout: {
      '712': failed('UNSPECIFIED_FAILURE'),
      '789': submitted,
    },
  },
};

export function fakeOutcome(
  kind: 'deposit' | 'payout',
  provider: string,
  msisdn: string,
): FakeOutcome {
  return TABLES[provider]?.[kind][msisdn.slice(-3)] ?? { status: 'COMPLETED' };
}

export const PROVIDER_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  MTN_MOMO_ZMB: ['26076', '26096'],
  AIRTEL_OAPI_ZMB: ['26077', '26097'],
  ZAMTEL_ZMB: ['26095'],
};

export function providerOfMsisdn(msisdn: string): string | null {
  if (!/^260\d{9}$/.test(msisdn)) return null;
  for (const [provider, prefixes] of Object.entries(PROVIDER_PREFIXES)) {
    if (prefixes.some((prefix) => msisdn.startsWith(prefix))) return provider;
  }
  return null;
}
