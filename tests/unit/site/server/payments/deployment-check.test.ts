// The start-up refusal: a public deployment does not run on free money, and a real provider does not
// inherit balances made of sandbox money (docs/decisions/018).
import { describe, expect, it } from 'vitest';
import {
  checkPaymentsDeployment,
  type DeploymentFacts,
} from '#site/server/payments/deployment-check.ts';

const SANDBOX = { provider: 'sandbox' as const, pawapay: { baseUrl: '', apiToken: '' } };
const PAWAPAY_SANDBOX = {
  provider: 'pawapay' as const,
  pawapay: { baseUrl: 'https://api.sandbox.pawapay.io', apiToken: 't' },
};
const PAWAPAY_LIVE = {
  provider: 'pawapay' as const,
  pawapay: { baseUrl: 'https://api.pawapay.io', apiToken: 't' },
};

function facts(overrides: Partial<DeploymentFacts>): DeploymentFacts {
  return {
    publicUrl: 'http://localhost:3000',
    payments: SANDBOX,
    allowSandboxPayments: false,
    heldSandboxMoney: false,
    ...overrides,
  };
}

describe('checkPaymentsDeployment', () => {
  it('lets a local (http) site run on the sandbox', () => {
    expect(checkPaymentsDeployment(facts({}))).toEqual({ ok: true, warnings: [] });
    expect(checkPaymentsDeployment(facts({ payments: PAWAPAY_SANDBOX }))).toEqual({
      ok: true,
      warnings: [],
    });
  });

  it('refuses a public (https) site on the built-in sandbox, saying why and what to set', () => {
    const verdict = checkPaymentsDeployment(facts({ publicUrl: 'https://play.example.zm' }));
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.reason).toContain('PUBLIC_URL is https');
    expect(verdict.reason).toContain('PAYMENTS_PROVIDER=sandbox');
    expect(verdict.reason).toContain('without any real money');
    expect(verdict.reason).toContain('ALLOW_SANDBOX_PAYMENTS=1');
    expect(verdict.reason).toContain('PAYMENTS_PROVIDER=pawapay');
  });

  it("refuses a public site on pawaPay's sandbox URL", () => {
    const verdict = checkPaymentsDeployment(
      facts({ publicUrl: 'https://play.example.zm', payments: PAWAPAY_SANDBOX }),
    );
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.reason).toContain('api.sandbox.pawapay.io');
    expect(verdict.reason).toContain('ALLOW_SANDBOX_PAYMENTS=1');
  });

  it('lets a public demo run on the sandbox with ALLOW_SANDBOX_PAYMENTS=1, with a warning', () => {
    for (const payments of [SANDBOX, PAWAPAY_SANDBOX]) {
      const verdict = checkPaymentsDeployment(
        facts({ publicUrl: 'https://demo.example.zm', payments, allowSandboxPayments: true }),
      );
      expect(verdict.ok).toBe(true);
      if (!verdict.ok) return;
      expect(verdict.warnings).toHaveLength(1);
      expect(verdict.warnings[0]).toContain('demo');
    }
  });

  it('lets a public site run on the real pawaPay', () => {
    expect(
      checkPaymentsDeployment(
        facts({ publicUrl: 'https://play.example.zm', payments: PAWAPAY_LIVE }),
      ),
    ).toEqual({ ok: true, warnings: [] });
  });

  it('refuses a real provider on a database that ever held sandbox money, whatever else is set', () => {
    for (const publicUrl of ['http://localhost:3000', 'https://play.example.zm']) {
      for (const allowSandboxPayments of [false, true]) {
        const verdict = checkPaymentsDeployment(
          facts({
            publicUrl,
            payments: PAWAPAY_LIVE,
            heldSandboxMoney: true,
            allowSandboxPayments,
          }),
        );
        expect(verdict.ok).toBe(false);
        if (verdict.ok) return;
        expect(verdict.reason).toContain('sandbox');
        expect(verdict.reason).toContain('clean database');
      }
    }
  });

  it('treats any other pawaPay host as real, and a trailing slash or path as the sandbox', () => {
    const odd = {
      provider: 'pawapay' as const,
      pawapay: { baseUrl: 'https://api.sandbox.pawapay.io/', apiToken: 't' },
    };
    expect(
      checkPaymentsDeployment(facts({ publicUrl: 'https://play.example.zm', payments: odd })).ok,
    ).toBe(false);
  });
});
