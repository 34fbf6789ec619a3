// The dice check of a finished game, as the server renders it: the revealed seeds, and the logged
// rolls on the section for the script island that recomputes them in the browser
// (dice-check-script.ts). Without scripts it says how to check by hand. A daily challenge's seed
// stays sealed until the next day: then it says when to come back.
import type { FinishedGame } from '#site/server/rooms/settlement-record.ts';
import { Link } from 'react-router';
import { logEntrySchema } from '#game/log.ts';
import { formatDateTime } from '../account/dates';
import { useIslandScript } from '../island';
import { DICE_CHECK, diceCheckScript, type LoggedRoll } from './dice-check-script';
import { PATHS } from '#site/shared/paths.ts';

/** The game's dice rolls as its log recorded them (other entries, or malformed ones, skipped). */
export function loggedRollsOf(game: FinishedGame): LoggedRoll[] {
  const names = new Map(Object.entries(game.participants).map(([uid, p]) => [uid, p.name]));
  return game.logs.flatMap((raw) => {
    const parsed = logEntrySchema.safeParse(raw);
    if (!parsed.success || parsed.data.type !== 'dice_roll') return [];
    const entry = parsed.data;
    const name = names.get(entry.player) ?? 'Player';
    return [{ nonce: entry.nonce, name, roll: entry.roll, auto: entry.auto }];
  });
}

export function DiceCheck({ game }: { game: FinishedGame }) {
  if (game.fairness.serverSeed === null) return <SealedChallengeSeed game={game} />;
  return <RevealedDiceCheck game={game} serverSeed={game.fairness.serverSeed} />;
}

function RevealedDiceCheck({ game, serverSeed }: { game: FinishedGame; serverSeed: string }) {
  useIslandScript(diceCheckScript);
  const { fairness } = game;
  const data = {
    [DICE_CHECK.section]: '',
    [DICE_CHECK.serverSeed]: serverSeed,
    [DICE_CHECK.serverSeedHash]: fairness.serverSeedHash,
    [DICE_CHECK.clientSeed]: fairness.clientSeed,
    [DICE_CHECK.rolls]: JSON.stringify(loggedRollsOf(game)),
  };
  return (
    <section className="dice-check" aria-labelledby={`verify-${game.roomId}`} {...data}>
      <h3 id={`verify-${game.roomId}`}>Verify the dice</h3>
      <dl className="fairness__list">
        <div>
          <dt>Server seed (revealed)</dt>
          <dd className="mono">{serverSeed}</dd>
        </div>
        <div>
          <dt>Published hash</dt>
          <dd className="mono">{fairness.serverSeedHash}</dd>
        </div>
        <div>
          <dt>Client seed</dt>
          <dd className="mono">{fairness.clientSeed || '—'}</dd>
        </div>
      </dl>
      <p className="field__hint" data-verify-needs-script="">
        Your browser recomputes every roll from these seeds when scripts are on. By hand: each roll
        is HMAC-SHA256 of the client seed, a colon and the roll&apos;s number, keyed with the server
        seed (How to Play explains the rest).
      </p>
      <button type="button" className="button button--small" data-verify="" hidden>
        Verify the dice
      </button>
      <div aria-live="polite" data-verify-result="" />
    </section>
  );
}

/** A daily challenge's seed is the whole day's: it is revealed the next day, not at game over. */
function SealedChallengeSeed({ game }: { game: FinishedGame }) {
  return (
    <section className="dice-check" data-testid="sealed-seed">
      <h3>Verify the dice</h3>
      <p>
        This was the daily challenge of {game.dailyChallenge}: everyone rolls the same dice that
        day, so its seed stays secret until{' '}
        {game.seedRevealAt ? formatDateTime(game.seedRevealAt) : 'the next day'}. Come back then to
        check every roll; the <Link to={PATHS.challenge}>daily challenge</Link> page shows each
        revealed seed.
      </p>
    </section>
  );
}
