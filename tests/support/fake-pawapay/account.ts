// The fake pawaPay's answers about the merchant account and numbers rather than a payment:
// `GET /v2/active-conf` (one country, three providers, all operational) and
// `POST /v2/predict-provider` (the provider of a Zambian number).
import { record, rejected } from './http';
import { providerOfMsisdn } from './test-numbers';

export function activeConf(): Record<string, unknown> {
  const operation = (status: string) => ({
    minAmount: '1',
    maxAmount: '20000',
    decimalsInAmount: 'TWO_PLACES',
    status,
  });
  return {
    companyName: 'Fake Merchant',
    signatureConfiguration: { signedRequestsOnly: false, signedCallbacks: true },
    countries: [
      {
        country: 'ZMB',
        prefix: '260',
        providers: ['MTN_MOMO_ZMB', 'AIRTEL_OAPI_ZMB', 'ZAMTEL_ZMB'].map((provider) => ({
          provider,
          currencies: [
            {
              currency: 'ZMW',
              operationTypes: {
                DEPOSIT: operation('OPERATIONAL'),
                PAYOUT: operation('OPERATIONAL'),
              },
            },
          ],
        })),
      },
    ],
  };
}

/** The HTTP status and body of a provider prediction for the request's `phoneNumber`. */
export function predictProvider(body: unknown): [number, unknown] {
  const given = record(body).phoneNumber;
  const digits = typeof given === 'string' ? given.replace(/\D/g, '') : '';
  const msisdn = digits.startsWith('0') ? `260${digits.slice(1)}` : digits;
  const provider = providerOfMsisdn(msisdn);
  if (!provider) return [400, rejected('INVALID_PHONE_NUMBER', 'Not a valid phone number.')];
  return [200, { country: 'ZMB', provider, phoneNumber: msisdn }];
}
