// The header's leave control. Outside a live game it is a plain link to the dashboard; during one
// it asks first, since the game (and the stake in its pot) goes on without the player.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { GameDialog } from '../game/game-dialog';
import { PATHS } from '#site/shared/paths.ts';

export const LEAVE_LABEL = 'Leave to the dashboard';

export function LeaveControl({ confirm, icon }: { confirm: boolean; icon: React.ReactNode }) {
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Link
        to={PATHS.dashboard}
        className="game-header__leave"
        aria-label={LEAVE_LABEL}
        onClick={(event) => {
          if (!confirm) return;
          event.preventDefault();
          setAsking(true);
        }}
      >
        {icon}
      </Link>
      <GameDialog open={asking} title="Leave the game?" onCancel={() => setAsking(false)}>
        <p>
          The game goes on without you: when your turn comes the server rolls for you, and your
          stake stays in the pot. You can come back from the dashboard while it lasts.
        </p>
        <div className="game-dialog__actions">
          <button type="button" className="button" onClick={() => setAsking(false)} autoFocus>
            Stay in the game
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setAsking(false);
              void navigate(PATHS.dashboard);
            }}
          >
            Leave
          </button>
        </div>
      </GameDialog>
    </>
  );
}
