// Terms and Conditions for a real-money game in Zambia. Static: ships no JavaScript.
import { Link } from 'react-router';
import { SupportReach } from '../components/support-contact';
import { BRAND } from '../content/brand';
import { TERMS_VERSION } from '#site/shared/terms.ts';
import { staticPage } from '../islands';
import contentStyles from '../styles/content.css?url';
import type { Route } from './+types/terms';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Terms and Conditions · ${BRAND.name}` },
  {
    name: 'description',
    content:
      'The rules for accounts, wallets, stakes, payouts, refunds, fair dice, responsible play and ' +
      'disputes on the Truck Company game.',
  },
];

export default function Terms() {
  const mail = <SupportReach />;
  return (
    <article className="content container">
      <header className="content__header">
        <p className="eyebrow">Legal</p>
        <h1>Terms and Conditions</h1>
        <p className="content__lead">
          These terms are the agreement between you and {BRAND.name} ({BRAND.city}) when you use
          this site and play the Truck Company game for money. Please read them before you deposit.
          Where a section says &ldquo;we&rdquo;, it means {BRAND.name}.
        </p>
        <p data-testid="terms-version">Version {TERMS_VERSION}.</p>
      </header>

      <nav className="content__toc" aria-label="On this page">
        <ol>
          <li>
            <a href="#eligibility">Who may play</a>
          </li>
          <li>
            <a href="#account">Your account</a>
          </li>
          <li>
            <a href="#wallet">Your wallet, deposits and withdrawals</a>
          </li>
          <li>
            <a href="#stakes">Stakes and escrow</a>
          </li>
          <li>
            <a href="#payouts">Results and payouts</a>
          </li>
          <li>
            <a href="#refunds">Refunds</a>
          </li>
          <li>
            <a href="#fairness">Fair dice</a>
          </li>
          <li>
            <a href="#conduct">Fair play</a>
          </li>
          <li>
            <a href="#responsible">Responsible play</a>
          </li>
          <li>
            <a href="#disputes">Complaints and disputes</a>
          </li>
          <li>
            <a href="#general">General terms</a>
          </li>
        </ol>
      </nav>

      <section id="eligibility" aria-labelledby="eligibility-title">
        <h2 id="eligibility-title">1. Who may play</h2>
        <ul>
          <li>
            You must be <strong>18 years old or older</strong> to open an account, deposit or play
            for money. We may ask for proof of age at any time and close accounts of people under
            18, returning any balance to the mobile-money number in their name.
          </li>
          <li>
            You may hold one account only, in your own name, with your own mobile-money number.
          </li>
          <li>Guests may watch games without an account but cannot stake, deposit or withdraw.</li>
        </ul>
      </section>

      <section id="account" aria-labelledby="account-title">
        <h2 id="account-title">2. Your account</h2>
        <p>
          Give us true details (names, phone number, email) and keep them up to date. Keep your
          password to yourself; you are responsible for what happens in your account until you tell
          us it has been misused. Tell us at once through {mail} if you think someone else has used
          it.
        </p>
      </section>

      <section id="wallet" aria-labelledby="wallet-title">
        <h2 id="wallet-title">3. Your wallet, deposits and withdrawals</h2>
        <ul>
          <li>
            Your wallet holds Zambian kwacha (ZMW). It is not a bank account and earns no interest.
          </li>
          <li>
            Deposits and withdrawals go through MTN, Airtel or Zamtel mobile money, by way of our
            licensed payment partner. A deposit reaches your wallet once your operator confirms it
            (you approve it on your phone with your PIN). A single deposit or withdrawal can be up
            to ZMW 50,000.
          </li>
          <li>
            <strong>Fees:</strong> we add no fee of our own to deposits or withdrawals. Your mobile
            network operator may charge its usual mobile-money fees and levies; those are between
            you and your operator.
          </li>
          <li>
            Withdrawals go only to a Zambian mobile-money number. The amount leaves your wallet when
            you ask for it and is held until the operator confirms; if the operator refuses or the
            payment fails, the full amount returns to your wallet.
          </li>
          <li>
            Every movement is shown in your account history with its status: pending, completed or
            failed. Only completed deposits can be staked.
          </li>
          <li>
            We may pause a withdrawal to check it when the law requires it (for example, to prevent
            fraud or money laundering) and will tell you why when we are allowed to.
          </li>
        </ul>
      </section>

      <section id="stakes" aria-labelledby="stakes-title">
        <h2 id="stakes-title">4. Stakes and escrow</h2>
        <p>
          Stakes are ZMW 10, 20, 30, 40 or 50, chosen by the room&apos;s host. When you create or
          join a room, the stake moves from your wallet into <strong>escrow</strong>: a separate
          account that belongs to that room and that nobody can spend. It stays there until the game
          ends, the room closes, or you leave while the room is still waiting. You need the full
          stake in your wallet to take a seat.
        </p>
      </section>

      <section id="payouts" aria-labelledby="payouts-title">
        <h2 id="payouts-title">5. Results and payouts</h2>
        <ul>
          <li>The pot is the stake times the number of players.</li>
          <li>
            The player with the highest net profit on the final statement wins (see{' '}
            <Link to={PATHS.howToPlay}>How to Play</Link>). A tie on net profit goes to the player
            with more trucks.
          </li>
          <li>
            The winners receive <strong>80 % of the pot</strong>, rounded down to the ngwee. If
            players are still level after the truck count, they share that 80 % equally, each share
            rounded down to the ngwee.
          </li>
          <li>
            We keep the rest of the pot (20 %, plus any ngwee left over from rounding) as our fee
            for running the game.
          </li>
          <li>
            Winnings are paid into the winners&apos; wallets as soon as the game ends. The result is
            decided by the game server alone, from the moves recorded in the game&apos;s log.
          </li>
        </ul>
      </section>

      <section id="refunds" aria-labelledby="refunds-title">
        <h2 id="refunds-title">6. Refunds</h2>
        <ul>
          <li>
            <strong>Leaving a waiting room:</strong> you may leave until the last seat fills, and
            your whole stake returns to your wallet.
          </li>
          <li>
            <strong>A room that never fills</strong> closes after 30 minutes and every stake is
            returned in full.
          </li>
          <li>
            <strong>Once the game has started</strong> you cannot leave or get your stake back. If
            you disconnect, the game continues and rolls for you.
          </li>
          <li>
            If a game cannot be finished because of a fault on our side, we return every stake of
            that game in full.
          </li>
        </ul>
      </section>

      <section id="fairness" aria-labelledby="fairness-title">
        <h2 id="fairness-title">7. Fair dice (provably fair)</h2>
        <p>Every roll can be checked by anyone after the game:</p>
        <ol>
          <li>
            When a room is created, the server draws a secret <em>server seed</em> (32 random bytes,
            written in hex) and publishes its SHA-256 hash before anyone joins.
          </li>
          <li>
            Each player&apos;s browser sends a random <em>client seed</em> when joining. The
            game&apos;s client seed is the players&apos; seeds in joining order, joined with
            &ldquo;:&rdquo;.
          </li>
          <li>
            Roll number <em>n</em> (counting from 0 over the whole game, automatic rolls included)
            is HMAC-SHA256 with the server seed as key and &ldquo;client seed:n&rdquo; as message.
            The first 4-byte word of the result below 4,294,967,292 gives the roll: the word modulo
            6, plus 1.
          </li>
          <li>
            After the game the server seed is shown in the game&apos;s record, so you can check its
            hash and recompute every roll.
          </li>
        </ol>
      </section>

      <section id="conduct" aria-labelledby="conduct-title">
        <h2 id="conduct-title">8. Fair play</h2>
        <p>
          Do not play with more than one account, share a room with accounts you control, agree
          moves with other players, use bots or scripts, or take advantage of a fault in the site.
          If we find any of this, we may cancel the games involved, return stakes, and close the
          accounts concerned. We will tell you what we found and you may answer before we decide.
        </p>
      </section>

      <section id="responsible" aria-labelledby="responsible-title">
        <h2 id="responsible-title">9. Responsible play</h2>
        <p>
          The game is a way to practise business thinking. Playing for money carries the risk of
          losing your stake.
        </p>
        <ul>
          <li>
            Only stake money you can afford to lose; never money for rent, food or school fees.
          </li>
          <li>Decide a limit before you start, take breaks, and do not chase losses.</li>
          <li>
            You can set daily, weekly and monthly deposit and loss limits, and exclude yourself for
            24 hours, 7, 30 or 180 days, or for good, on your{' '}
            <Link to={PATHS.responsiblePlay}>responsible play</Link> page. A lower limit applies at
            once, a higher one after 24 hours; an exclusion is never shortened or lifted early. You
            can also write to {mail} and we will do it for you.
          </li>
          <li>
            If gambling is causing you or your family harm, talk to someone you trust, your church
            or a health worker, or contact us and we will help you close your account.
          </li>
        </ul>
      </section>

      <section id="disputes" aria-labelledby="disputes-title">
        <h2 id="disputes-title">10. Complaints and disputes</h2>
        <ol>
          <li>
            Write to us through {mail} within 30 days of the game or payment. Give the room or
            transaction shown in your history.
          </li>
          <li>
            We reply within 10 working days. We check the game&apos;s log, its fair-dice record and
            our ledger, and explain what we found.
          </li>
          <li>
            If you are not satisfied, you may take the matter to the Competition and Consumer
            Protection Commission or the courts of Zambia. Nothing in these terms takes away your
            rights as a consumer under Zambian law.
          </li>
        </ol>
      </section>

      <section id="general" aria-labelledby="general-title">
        <h2 id="general-title">11. General terms</h2>
        <ul>
          <li>
            We may change these terms. We will show the new terms on this page and tell you when you
            next sign in; changes never apply to a game that has already started.
          </li>
          <li>
            You may close your account at any time; we pay your remaining balance to your
            mobile-money number.
          </li>
          <li>
            We are not responsible for losses caused by your network operator, your phone or your
            internet connection, but we never keep money that is yours.
          </li>
          <li>
            How we handle your personal data is set out in our{' '}
            <Link to="/privacy">Privacy Policy</Link>.
          </li>
          <li>These terms are governed by the laws of the Republic of Zambia.</li>
        </ul>
      </section>
    </article>
  );
}
