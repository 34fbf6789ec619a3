// The hourly reality check on the board: how long this sitting has lasted and today's net result
// (from the server, Lusaka day), then keep playing or stop.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { GameDialog } from '../../game/game-dialog';
import { apiFetch } from '../account/api';
import { formatZmw } from '#game/ngwee.ts';
import { useSitting } from './use-sitting';
import { PATHS } from '#site/shared/paths.ts';

interface PlaySummary {
  date: string;
  stakes: number;
  winnings: number;
  refunds: number;
  net: number;
}

function duration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours === 1 ? '1 hour' : `${hours} hours`;
  const m = rest === 1 ? '1 minute' : `${rest} minutes`;
  if (hours === 0) return minutes < 1 ? 'less than a minute' : m;
  return rest === 0 ? h : `${h} ${m}`;
}

export function RealityCheck({ active }: { active: boolean }) {
  const sitting = useSitting(active);
  const navigate = useNavigate();
  const [summary, setSummary] = useState<PlaySummary | null>(null);

  useEffect(() => {
    if (!sitting.due) return;
    let live = true;
    void apiFetch<{ summary: PlaySummary }>('/api/me/play-summary', { fallbackError: '' }).then(
      (answer) => {
        if (live && answer.ok) setSummary(answer.data.summary);
      },
    );
    return () => {
      live = false;
    };
  }, [sitting.due]);

  const net = summary?.net ?? 0;
  return (
    <GameDialog
      open={sitting.due}
      title="Time for a break?"
      onCancel={sitting.acknowledge}
      className="reality-check"
    >
      <p data-testid="reality-check-time">
        You have been playing for {duration(sitting.playedMs)} in this sitting.
      </p>
      {summary ? (
        <p data-testid="reality-check-summary">
          Today: staked {formatZmw(summary.stakes)}, won {formatZmw(summary.winnings)}, refunded{' '}
          {formatZmw(summary.refunds)}. Your net result is{' '}
          <strong>
            {net < 0 ? `a loss of ${formatZmw(-net)}` : `a gain of ${formatZmw(net)}`}
          </strong>
          .
        </p>
      ) : (
        <p>Loading today&apos;s result…</p>
      )}
      <p>
        A game you sit in goes on without you: the turn timer rolls for you. You can set limits or
        take a break on the <Link to={PATHS.responsiblePlay}>responsible play</Link> page.
      </p>
      <div className="game-dialog__actions">
        <button type="button" className="button" onClick={sitting.acknowledge}>
          Keep playing
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            sitting.acknowledge();
            void navigate(PATHS.dashboard);
          }}
        >
          Stop for now
        </button>
      </div>
    </GameDialog>
  );
}
