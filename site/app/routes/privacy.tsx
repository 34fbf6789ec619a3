// Privacy Policy under Zambia's Data Protection Act No. 3 of 2021. Static: ships no JavaScript.
import { Link } from 'react-router';
import { SupportReach } from '../components/support-contact';
import { BRAND } from '../content/brand';
import { staticPage } from '../islands';
import contentStyles from '../styles/content.css?url';
import type { Route } from './+types/privacy';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Privacy Policy · ${BRAND.name}` },
  {
    name: 'description',
    content:
      'What personal data we collect, why, how long we keep it, who we share it with, and your ' +
      "rights under Zambia's Data Protection Act No. 3 of 2021.",
  },
];

export default function Privacy() {
  const mail = <SupportReach />;
  return (
    <article className="content container">
      <header className="content__header">
        <p className="eyebrow">Legal</p>
        <h1>Privacy Policy</h1>
        <p className="content__lead">
          {BRAND.name}, {BRAND.city}, is the data controller for the personal data you give us on
          this site. We handle it under the Data Protection Act No. 3 of 2021 of Zambia: only what
          we need, for reasons we state here, kept safe and for no longer than necessary.
        </p>
      </header>

      <section aria-labelledby="collect-title">
        <h2 id="collect-title">1. What we collect</h2>
        <table className="content__table">
          <caption>The personal data we hold and where it comes from</caption>
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Where from</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>First name, surname, phone number, email address</td>
              <td>You, when you sign up or complete your profile</td>
            </tr>
            <tr>
              <td>Your password, stored only as a one-way argon2id hash</td>
              <td>You, when you sign up</td>
            </tr>
            <tr>
              <td>Google account identifier, email and names</td>
              <td>Google, only if you choose &ldquo;Continue with Google&rdquo;</td>
            </tr>
            <tr>
              <td>
                Wallet records: deposits, withdrawals, stakes, refunds and winnings; the
                mobile-money number and network used; payment references and statuses
              </td>
              <td>You, our payment partner and your mobile network operator</td>
            </tr>
            <tr>
              <td>Game records: rooms, seats, rolls, purchases, statements, results, dice seeds</td>
              <td>The game server, as you play</td>
            </tr>
            <tr>
              <td>
                Security data: a session cookie, the time and network (IP) address of sign-in
                attempts, error logs
              </td>
              <td>Your browser, automatically</td>
            </tr>
          </tbody>
        </table>
        <p>
          We do not collect identity documents unless the law requires a check, and we never ask for
          your mobile-money PIN: you enter it only on your own phone.
        </p>
      </section>

      <section aria-labelledby="why-title">
        <h2 id="why-title">2. Why we use it, and on what basis</h2>
        <ul>
          <li>
            <strong>To run your account, wallet and games</strong>, the agreement you make with us
            in our <Link to="/terms">Terms and Conditions</Link> (performance of a contract).
          </li>
          <li>
            <strong>To keep financial records</strong> and prevent fraud and money laundering, as
            Zambian law requires (legal obligation).
          </li>
          <li>
            <strong>To keep the site secure</strong>: slowing down password guessing, finding and
            fixing faults (our legitimate interest in a safe service, balanced against your rights).
          </li>
          <li>
            <strong>To answer you</strong> when you contact support.
          </li>
        </ul>
        <p>
          We do not sell your data, do not use it for advertising, and make no decisions about you
          by automated profiling. The game&apos;s results come from its published rules only.
        </p>
      </section>

      <section aria-labelledby="share-title">
        <h2 id="share-title">3. Who we share it with</h2>
        <ul>
          <li>
            Our payment partner and your mobile network operator (MTN, Airtel or Zamtel) receive
            your phone number and the amount, to make each deposit or withdrawal.
          </li>
          <li>Google, only if you sign in with Google, to confirm who you are.</li>
          <li>
            The companies that host our servers, under contracts that bind them to protect it.
          </li>
          <li>
            Other players see only your first name and surname in rooms and results, never your
            phone number, email or balance.
          </li>
          <li>Authorities, when Zambian law obliges us to.</li>
        </ul>
        <p>
          Where a partner processes data outside Zambia, we transfer it only as the Act allows and
          with safeguards that give it the same protection.
        </p>
      </section>

      <section aria-labelledby="keep-title">
        <h2 id="keep-title">4. How long we keep it</h2>
        <ul>
          <li>Account details: while your account is open, then up to 12 months.</li>
          <li>
            Wallet and game records: for as long as financial and tax law requires, generally up to
            10 years after the transaction.
          </li>
          <li>Sessions: 30 days after your last visit; ended at once when you log out.</li>
          <li>Sign-in attempt records: a few hours; error logs: up to 90 days.</li>
          <li>Guest (watch-only) accounts hold no personal details and are removed when unused.</li>
        </ul>
      </section>

      <section aria-labelledby="cookies-title">
        <h2 id="cookies-title">5. Cookies</h2>
        <p>
          We use one cookie to keep you signed in (HttpOnly, so scripts cannot read it), and, during
          a Google sign-in, short-lived cookies that expire after 10 minutes. These are strictly
          necessary for the service. We use no advertising or tracking cookies.
        </p>
      </section>

      <section aria-labelledby="security-title">
        <h2 id="security-title">6. How we protect it</h2>
        <p>
          Connections are encrypted (HTTPS). Passwords are stored only as argon2id hashes and
          session tokens only as SHA-256 hashes, so a copy of our database would reveal neither.
          Access to personal data is limited to the staff who need it for their work. If a breach
          ever puts your data at risk, we will tell you and the Data Protection Commissioner as the
          Act requires.
        </p>
      </section>

      <section aria-labelledby="rights-title">
        <h2 id="rights-title">7. Your rights</h2>
        <p>Under the Data Protection Act No. 3 of 2021 you may:</p>
        <ul>
          <li>ask what data we hold about you and get a copy;</li>
          <li>have wrong or incomplete data corrected;</li>
          <li>
            have your data erased, except records the law obliges us to keep (these we only store);
          </li>
          <li>object to or ask us to restrict a use of your data;</li>
          <li>receive your data in a common, machine-readable format;</li>
          <li>withdraw any consent you gave, at any time;</li>
          <li>
            complain to the Office of the Data Protection Commissioner of Zambia if you think we got
            it wrong.
          </li>
        </ul>
        <p>
          Write to us through {mail} to use any of these rights, or use “Your data” on your account
          page. We answer within 30 days and may ask you to confirm who you are first.
        </p>
      </section>

      <section aria-labelledby="children-title">
        <h2 id="children-title">8. Children</h2>
        <p>
          The game is for adults aged 18 and over. We do not knowingly collect data about children;
          if we learn that an account belongs to a child, we close it and delete what the law
          allows.
        </p>
      </section>

      <section aria-labelledby="contact-title">
        <h2 id="contact-title">9. Contact and changes</h2>
        <p>
          {BRAND.name}, {BRAND.city}. Write to us through {mail}. If we change this policy we show
          the new version here and tell you when you next sign in.
        </p>
      </section>
    </article>
  );
}
