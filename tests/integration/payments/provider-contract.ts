// The behaviour every payment provider owes the wallet, as one suite run against each provider.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentProvider, VerifiedCallback } from '#site/server/payments/provider.ts';
import type { Operator, PaymentKind } from '#game/payment-vocabulary.ts';
import type { ReceivedCallback } from '#tests/support/fake-pawapay/callback-sink.ts';

export interface ContractHarness {
  provider: PaymentProvider;
  /** Every callback the provider has delivered to the site so far, as received. */
  callbacks(): ReceivedCallback[];
  close(): Promise<void>;
}

export async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function operatorOf(phone: string): Operator {
  if (phone.startsWith('095')) return 'zamtel';
  return /^0(97|77)/.test(phone) ? 'airtel' : 'mtn';
}

export function describeProviderContract(
  name: string,
  start: () => Promise<ContractHarness>,
): void {
  describe(`${name}: the payment provider contract`, () => {
    let h: ContractHarness;
    beforeEach(async () => {
      h = await start();
    });
    afterEach(async () => {
      await h.close();
    });

    async function pay(kind: PaymentKind, phone: string, amountNgwee = 2550) {
      const paymentId = randomUUID();
      const result = await h.provider.initiate({
        paymentId,
        kind,
        phone,
        operator: operatorOf(phone),
        amountNgwee,
      });
      return { paymentId, result };
    }

    /** The verified callbacks for one payment, once at least `count` of them have arrived. */
    async function callbacksFor(paymentId: string, count = 1): Promise<VerifiedCallback[]> {
      return waitFor(async () => {
        const verified: VerifiedCallback[] = [];
        for (const received of h.callbacks()) {
          const outcome = await h.provider.verifyCallback(received);
          if (!outcome.ok)
            throw new Error(`a delivered callback did not verify: ${outcome.reason}`);
          if (outcome.callback.paymentId === paymentId) verified.push(outcome.callback);
        }
        return verified.length >= count ? verified : undefined;
      }, `${count} callback(s) for ${paymentId}`);
    }

    it('completes an accepted deposit and delivers a callback that verifies', async () => {
      const { paymentId, result } = await pay('deposit', '0763456789');
      expect(result).toEqual({ outcome: 'accepted' });
      const [callback] = await callbacksFor(paymentId);
      expect(callback).toMatchObject({
        paymentId,
        kind: 'deposit',
        status: 'completed',
        providerStatus: 'COMPLETED',
      });
      expect(callback!.payload).toMatchObject({
        depositId: paymentId,
        amount: '25.5',
        currency: 'ZMW',
      });
      expect(await h.provider.checkStatus('deposit', paymentId)).toMatchObject({
        found: true,
        status: 'completed',
        providerStatus: 'COMPLETED',
      });
    });

    it('completes an accepted withdrawal', async () => {
      const { paymentId, result } = await pay('withdrawal', '0973456789', 10_000);
      expect(result).toEqual({ outcome: 'accepted' });
      const [callback] = await callbacksFor(paymentId);
      expect(callback).toMatchObject({ paymentId, kind: 'withdrawal', status: 'completed' });
      expect(callback!.payload).toMatchObject({ payoutId: paymentId, amount: '100' });
    });

    it.each([
      ['deposit', '0763456039', 'PAYMENT_NOT_APPROVED'],
      ['deposit', '0973456049', 'INSUFFICIENT_BALANCE'],
      ['deposit', '0763456029', 'PAYER_NOT_FOUND'],
      ['withdrawal', '0763456119', 'UNSPECIFIED_FAILURE'],
    ] as const)('fails a %s from %s with %s', async (kind, phone, reason) => {
      const { paymentId, result } = await pay(kind, phone);
      expect(result).toEqual({ outcome: 'accepted' });
      const [callback] = await callbacksFor(paymentId);
      expect(callback).toMatchObject({
        status: 'failed',
        providerStatus: 'FAILED',
        failureReason: reason,
      });
      expect(await h.provider.checkStatus(kind, paymentId)).toMatchObject({
        found: true,
        status: 'failed',
        failureReason: reason,
      });
    });

    it('leaves a …129 number pending, without a callback', async () => {
      const stuck = await pay('deposit', '0763456129');
      const done = await pay('deposit', '0763456789');
      expect(stuck.result).toEqual({ outcome: 'accepted' });
      // Once a payment made after it has called back, the stuck one has had its time.
      await callbacksFor(done.paymentId);
      expect(await h.provider.checkStatus('deposit', stuck.paymentId)).toMatchObject({
        found: true,
        status: 'pending',
      });
      const forStuck = [];
      for (const received of h.callbacks()) {
        const outcome = await h.provider.verifyCallback(received);
        if (outcome.ok && outcome.callback.paymentId === stuck.paymentId) forStuck.push(outcome);
      }
      expect(forStuck).toHaveLength(0);
      await expect(h.provider.resendCallback('deposit', stuck.paymentId)).rejects.toThrow();
    });

    it('answers duplicate when the same id is initiated again', async () => {
      const { paymentId } = await pay('deposit', '0763456789');
      const again = await h.provider.initiate({
        paymentId,
        kind: 'deposit',
        phone: '0763456789',
        operator: 'mtn',
        amountNgwee: 2550,
      });
      expect(again).toEqual({ outcome: 'duplicate' });
      await callbacksFor(paymentId);
    });

    it('answers a status check for a pending payment and for an unknown id', async () => {
      const { paymentId } = await pay('deposit', '0763456129');
      expect(await h.provider.checkStatus('deposit', paymentId)).toMatchObject({
        found: true,
        status: 'pending',
      });
      expect(await h.provider.checkStatus('deposit', randomUUID())).toEqual({ found: false });
    });

    it('re-delivers a callback on resend', async () => {
      const { paymentId } = await pay('deposit', '0763456789');
      const [first] = await callbacksFor(paymentId);
      await h.provider.resendCallback('deposit', paymentId);
      const both = await callbacksFor(paymentId, 2);
      expect(both[1]).toMatchObject({
        paymentId,
        status: first!.status,
        providerStatus: first!.providerStatus,
      });
    });

    it('refuses a delivered callback whose body was changed on the way', async () => {
      const { paymentId } = await pay('deposit', '0763456039');
      await callbacksFor(paymentId);
      const received = h.callbacks().at(-1)!;
      const forged = Buffer.from(received.rawBody).toString().replace('"FAILED"', '"COMPLETED"');
      expect(
        await h.provider.verifyCallback({
          ...received,
          rawBody: new Uint8Array(Buffer.from(forged)),
        }),
      ).toMatchObject({
        ok: false,
      });
    });

    it('predicts the operator of a number', async () => {
      expect(await h.provider.predictOperator('0961234567')).toBe('mtn');
      expect(await h.provider.predictOperator('0771234567')).toBe('airtel');
      expect(await h.provider.predictOperator('0951234567')).toBe('zamtel');
      expect(await h.provider.predictOperator('0981234567')).toBeNull();
    });
  });
}
