// The deposit and withdraw pages: one frame (back link, title, lead, the guest's sign-up banner or
// the mobile-money form) and one loader (signed-out people go to the sign-in page first).
import type { ReactNode } from 'react';
import { Link, redirect } from 'react-router';
import type { PublicUser } from '../../../server/auth/users';
import { PATHS } from '../../../shared/paths';
import { AccountPage } from './account-page';
import { Banner } from './banner';
import { PaymentForm, type PaymentKind } from './payment-form';
import { authPath, pathOf } from './return-to';

/** The routes' loader: `{user}`, or a redirect to the sign-in page that comes back here. */
export function paymentPageLoader(request: Request, user: PublicUser | null): { user: PublicUser } {
  if (!user) throw redirect(authPath(pathOf(request.url)));
  return { user };
}

const PAGES: Record<PaymentKind, { title: string; verb: string; path: string }> = {
  deposit: { title: 'Deposit', verb: 'deposit', path: PATHS.deposit },
  withdrawal: { title: 'Withdraw', verb: 'withdraw', path: PATHS.withdraw },
};

export function PaymentPage({
  kind,
  user,
  lead,
  before,
}: {
  kind: PaymentKind;
  user: PublicUser;
  lead: ReactNode;
  /** Shown above the form (a deposit made to join a room leads back to it). */
  before?: ReactNode;
}) {
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
        <>
          {before}
          <PaymentForm kind={kind} user={user} />
        </>
      )}
    </AccountPage>
  );
}
