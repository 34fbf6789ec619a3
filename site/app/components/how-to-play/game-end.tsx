// How to Play, sections 7–11: the end of a game, the finance statement, the winner and payout,
// the provably fair dice, and leaving a room.
import { Link } from 'react-router';
import { TIME_OPTIONS_MINUTES } from '#game/room-options.ts';

const SHORTEST = Math.min(...TIME_OPTIONS_MINUTES);
const LONGEST = Math.max(...TIME_OPTIONS_MINUTES);

/** 7. When the game ends. */
export function GameEndSection() {
  return (
    <section id="end" aria-labelledby="end-title">
      <h2 id="end-title">7. When the game ends</h2>
      <p>
        The clock starts with the first roll and runs for the room&apos;s time ({SHORTEST} to{' '}
        {LONGEST} minutes). When it reaches zero the game ends at once, whoever&apos;s turn it is.
        The board stays on screen: every player sees who won and why, the statements and a short
        lesson on their own game, with a rematch and the game history one tap away.
      </p>
    </section>
  );
}

/** 8. The finance statement, with an example. */
export function StatementSection() {
  return (
    <section id="statement" aria-labelledby="statement-title">
      <h2 id="statement-title">8. The finance statement</h2>
      <p>Every player gets a statement, worked out the same way for everyone:</p>
      <ol>
        <li>
          <strong>Revenue</strong>: everything you earned (tiles and truck fees received).
        </li>
        <li>
          <strong>Deductions</strong>: charitable giving, investment and tithe, each 10 % of your
          revenue (rounded down).
        </li>
        <li>
          <strong>Net operating profit</strong> = revenue − expenses − the three deductions.
        </li>
        <li>
          <strong>Net profit</strong> = net operating profit − tax.
        </li>
      </ol>
      <table className="content__table">
        <caption>An example statement</caption>
        <tbody>
          <tr>
            <th scope="row">Revenue</th>
            <td>2,010</td>
          </tr>
          <tr>
            <th scope="row">Expenses</th>
            <td>−1,000</td>
          </tr>
          <tr>
            <th scope="row">Charitable (10 %)</th>
            <td>−201</td>
          </tr>
          <tr>
            <th scope="row">Investment (10 %)</th>
            <td>−201</td>
          </tr>
          <tr>
            <th scope="row">Tithe (10 %)</th>
            <td>−201</td>
          </tr>
          <tr>
            <th scope="row">Net operating profit</th>
            <td>407</td>
          </tr>
          <tr>
            <th scope="row">Tax</th>
            <td>−150</td>
          </tr>
          <tr>
            <th scope="row">Net profit</th>
            <td>
              <strong>257</strong>
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/** 9. Who wins, and the payout. */
export function WinnerSection() {
  return (
    <section id="winner" aria-labelledby="winner-title">
      <h2 id="winner-title">9. Who wins, and the payout</h2>
      <p>
        The player with the highest <strong>net profit</strong> wins. If two or more are level, the
        one with more trucks wins. Players still level after that share the prize equally.
      </p>
      <p>
        The pot is the stake times the number of players. The winner receives{' '}
        <strong>80 % of the pot</strong> (rounded down to the ngwee) in their wallet; the remaining
        20 % is the site&apos;s fee. For example, 4 players at ZMW 20 make a pot of ZMW 80: the
        winner gets ZMW 64.
      </p>
    </section>
  );
}

/** 10. Fair dice you can check. */
export function FairDiceSection() {
  return (
    <section id="fair" aria-labelledby="fair-title">
      <h2 id="fair-title">10. Fair dice you can check</h2>
      <p>
        Nobody, not even us, can steer the dice. When a room is created, the server picks a secret{' '}
        <em>server seed</em> and shows you its fingerprint (a SHA-256 hash) straight away. Each
        player&apos;s browser adds its own random <em>client seed</em> when joining. Every roll is
        computed from both seeds and the roll&apos;s number, with HMAC-SHA256.
      </p>
      <p>
        When the game ends, the server seed is revealed in the game&apos;s history. Anyone can check
        that it matches the fingerprint shown at the start and recompute every roll. The full recipe
        is in our <Link to="/terms#fairness">Terms and Conditions</Link>.
      </p>
    </section>
  );
}

/** 11. Leaving, refunds and coming back. */
export function LeavingSection() {
  return (
    <section id="leaving" aria-labelledby="leaving-title">
      <h2 id="leaving-title">11. Leaving, refunds and coming back</h2>
      <ul>
        <li>
          While a room is still waiting for players you may leave, and your stake comes back to your
          wallet. If the host leaves, the next player becomes host.
        </li>
        <li>Once the last seat fills you can no longer leave: the game is starting.</li>
        <li>
          Close the page during a game and you stay in it: the timer rolls for you, and you can come
          back from the dashboard at any time.
        </li>
        <li>A room that does not fill within 30 minutes closes and refunds every stake.</li>
      </ul>
    </section>
  );
}
