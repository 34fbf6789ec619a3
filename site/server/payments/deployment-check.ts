// Payments that are free money must never back a public site, and sandbox balances must never turn
// into real ones (docs/decisions/018). Checked before the site listens and before `npm start` builds.
import { createDatabase } from '#db/client.ts';
import { heldSandboxMoney } from '#db/payments.ts';
import type { PaymentsConfig } from './config';

export const PAWAPAY_SANDBOX_HOST = 'api.sandbox.pawapay.io';

export interface DeploymentFacts {
  /** The site's public origin: https means a public deployment. */
  publicUrl: string;
  payments: Pick<PaymentsConfig, 'provider' | 'pawapay'>;
  /** `ALLOW_SANDBOX_PAYMENTS=1`: a public demo on the sandbox, on purpose. */
  allowSandboxPayments: boolean;
  /** The database holds a payment made on the built-in sandbox. */
  heldSandboxMoney: boolean;
}

export type DeploymentVerdict = { ok: true; warnings: string[] } | { ok: false; reason: string };

export class PaymentsDeploymentError extends Error {
  override name = 'PaymentsDeploymentError';
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** Where the money would come from when it is not real, in the operator's words; null when real. */
export function sandboxDescription(payments: DeploymentFacts['payments']): string | null {
  if (payments.provider === 'sandbox') {
    return 'the built-in payment sandbox (PAYMENTS_PROVIDER=sandbox, the default)';
  }
  if (hostOf(payments.pawapay.baseUrl) === PAWAPAY_SANDBOX_HOST) {
    return `pawaPay's sandbox (PAWAPAY_BASE_URL is https://${PAWAPAY_SANDBOX_HOST}, the default)`;
  }
  return null;
}

/** Pure: whether the site may start with these payments, and why not. */
export function checkPaymentsDeployment(facts: DeploymentFacts): DeploymentVerdict {
  const sandbox = sandboxDescription(facts.payments);
  if (sandbox === null && facts.heldSandboxMoney) {
    return {
      ok: false,
      reason:
        'Refusing to start: the database holds payments made on the payment sandbox, so its ' +
        'balances are not real money, and a real payment provider would pay them out. Start the ' +
        'real provider on a clean database (a new DATABASE_URL, or a new DATA_DIR).',
    };
  }
  const isPublic = facts.publicUrl.toLowerCase().startsWith('https:');
  if (sandbox === null || !isPublic) return { ok: true, warnings: [] };
  if (facts.allowSandboxPayments) {
    return {
      ok: true,
      warnings: [
        `Payments run on ${sandbox} on a public site (ALLOW_SANDBOX_PAYMENTS=1): a demo, no real money moves.`,
      ],
    };
  }
  return {
    ok: false,
    reason:
      `Refusing to start: PUBLIC_URL is https (a public deployment) but payments run on ${sandbox}, ` +
      'where deposits complete without any real money: anyone could fund a wallet and win or ' +
      'withdraw real stakes with it. For real money set PAYMENTS_PROVIDER=pawapay, ' +
      'PAWAPAY_BASE_URL=https://api.pawapay.io and PAWAPAY_API_TOKEN; for a demo on the sandbox, ' +
      'set ALLOW_SANDBOX_PAYMENTS=1.',
  };
}

/**
 * Reads the facts (the payment settings; the database only when a real provider is configured)
 * and throws `PaymentsDeploymentError` with the reason when the site must not start; answers the
 * warnings to print. The database must be migrated.
 */
export async function assertPaymentsDeployment(site: {
  publicUrl: string;
  payments: DeploymentFacts['payments'];
  allowSandboxPayments: boolean;
  databaseUrl: string;
  databaseAuthToken?: string | undefined;
}): Promise<string[]> {
  const { payments } = site;
  let held = false;
  if (sandboxDescription(payments) === null) {
    const database = createDatabase({
      url: site.databaseUrl,
      ...(site.databaseAuthToken ? { authToken: site.databaseAuthToken } : {}),
    });
    try {
      held = await heldSandboxMoney(database.read);
    } finally {
      database.close();
    }
  }
  const verdict = checkPaymentsDeployment({
    publicUrl: site.publicUrl,
    payments,
    allowSandboxPayments: site.allowSandboxPayments,
    heldSandboxMoney: held,
  });
  if (!verdict.ok) throw new PaymentsDeploymentError(verdict.reason);
  return verdict.warnings;
}
