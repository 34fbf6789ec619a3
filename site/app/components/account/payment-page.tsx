// The deposit and withdraw pages: one frame (back link, title, lead, the guest's sign-up banner or
// the mobile-money form island), one loader (signed-out people go to the sign-in page first; the
// proved numbers and a payment being followed are read on the server) and one action (the form
// posted without scripts, through the page door: the JSON API's limits, checks and services).
import type { ReactNode } from 'react';
import type { PublicRoom } from '#wire/site-room.ts';
import { data, Link, redirect } from 'react-router';
import type { AppLoadContext } from 'react-router';
import { PATHS } from '#site/shared/paths.ts';
import { formText } from '../../form-data';
import { Island } from '../island';
import { AllowanceGate, loadAllowance } from '../responsible-play/allowance';
import { AccountPage } from './account-page';
import { Banner } from './banner';
import type { PaymentFields, PaymentKind, RefusedPayment } from './payment-checks';
import { paymentFormIsland } from './payment-form';
import type { PaymentView } from './payment-follow';
import { isPhoneIntent, phoneAction } from './phone-action';
import type { PhoneFormState } from './phone-sign-in-checks';
import { authPath, pathOf } from './return-to';

const PAGES: Record<PaymentKind, { title: string; verb: string; path: string }> = {
  deposit: { title: 'Deposit', verb: 'deposit', path: PATHS.deposit },
  withdrawal: { title: 'Withdraw', verb: 'withdraw', path: PATHS.withdraw },
};

/** The payment a post started, followed by the page (`?payment=<id>`). */
const PAYMENT_PARAM = 'payment';
/** A withdrawal's number confirmed by its SMS code just now (`?phone=confirmed`). */
const PHONE_PARAM = 'phone';
const PHONE_CONFIRMED = 'confirmed';

/** The routes' loader: the user, a payment being followed, a withdrawal's proved numbers. */
export async function paymentPageLoader(
  request: Request,
  context: AppLoadContext,
  kind: PaymentKind,
) {
  const user = context.user;
  if (!user) throw redirect(authPath(pathOf(request.url)));
  const query = new URL(request.url).searchParams;
  const paymentId = query.get(PAYMENT_PARAM);
  const wallet = context.services.wallet;
  const player = !user.isGuest;
  const [followed, proved, allowance] = await Promise.all([
    player && paymentId ? wallet.payment(paymentId) : null,
    player && kind === 'withdrawal' ? wallet.provedNumbers() : null,
    player && kind === 'deposit' ? loadAllowance(context.services) : null,
  ]);
  const payment: PaymentView | null = followed?.ok
    ? {
        id: followed.payment.id,
        status: followed.payment.status,
        message: followed.payment.message,
      }
    : null;
  return {
    user,
    payment,
    numbers: proved === null ? undefined : proved.ok ? proved.numbers : ('failed' as const),
    allowance,
    // The key of this form's post without scripts: posting the same page again moves no money twice.
    idempotencyKey: crypto.randomUUID(),
    phoneConfirmed: kind === 'withdrawal' && query.get(PHONE_PARAM) === PHONE_CONFIRMED,
  };
}

/** The routes' action: the form posted without scripts. */
export async function paymentPageAction(
  request: Request,
  context: AppLoadContext,
  kind: PaymentKind,
) {
  if (!context.user) throw redirect(authPath(pathOf(request.url)));
  const form = await request.formData();
  // The withdraw page's phone confirm form (where the operator asks for a confirmed number).
  if (kind === 'withdrawal' && isPhoneIntent(formText(form, 'intent'))) {
    const answer = await phoneAction(context.services, form, 'prove');
    if (answer.kind === 'proved') {
      throw redirect(`${PAGES[kind].path}?${PHONE_PARAM}=${PHONE_CONFIRMED}`);
    }
    if (answer.kind === 'form') return data({ proving: answer.phone }, answer.status);
    throw data('This form is not one of this page.', 400);
  }
  const fields: PaymentFields = {
    phone: formText(form, 'phone'),
    operator: formText(form, 'operator'),
    amount: formText(form, 'amount'),
  };
  const key = formText(form, 'idempotencyKey') || undefined;
  const wallet = context.services.wallet;
  const answer =
    kind === 'deposit' ? await wallet.deposit(fields, key) : await wallet.withdraw(fields, key);
  if (answer.ok) {
    const next = new URL(request.url);
    next.searchParams.set(PAYMENT_PARAM, answer.paymentId);
    throw redirect(`${next.pathname}${next.search}`);
  }
  const refused: RefusedPayment = { fields, error: answer.error, code: answer.code };
  return data({ refused }, answer.status);
}

export function PaymentPage({
  kind,
  loaderData,
  refused,
  proving = null,
  lead,
  room = null,
}: {
  kind: PaymentKind;
  loaderData: Awaited<ReturnType<typeof paymentPageLoader>>;
  refused: RefusedPayment | null;
  /** Withdrawals: the phone confirm form's step posted without scripts. */
  proving?: PhoneFormState | null;
  lead: ReactNode;
  /** A deposit made to join a room leads back to it (shown above the form). */
  room?: PublicRoom | null;
}) {
  const { user, payment, numbers, idempotencyKey, phoneConfirmed, allowance } = loaderData;
  const page = PAGES[kind];
  const signUp = `${PATHS.auth}?mode=signup&returnTo=${encodeURIComponent(page.path)}`;
  return (
    <AccountPage user={user} className="payment">
      <p className="account__back">
        <Link to={PATHS.dashboard}>← Dashboard</Link>
      </p>
      <h1 className="account__title">{page.title}</h1>
      <p className="account__lead">{lead}</p>
      {user.isGuest ? (
        <Banner tone="error" title="Guests can only watch. Please sign up to play.">
          <p>
            <Link to={signUp}>Create an account</Link> to {page.verb} with mobile money. It takes a
            minute.
          </p>
        </Banner>
      ) : (
        <AllowanceGate allowance={allowance} kind="deposit">
          <Island
            of={paymentFormIsland}
            props={{
              kind,
              user,
              ...(numbers === undefined ? {} : { numbers }),
              idempotencyKey,
              refused,
              payment,
              path: page.path,
              room,
              proving,
              phoneConfirmed,
            }}
          />
        </AllowanceGate>
      )}
    </AccountPage>
  );
}
