// "Back to your game": a bar under every header while the person holds a seat (their
// `currentRoomId`), so no page is a dead end during a money game. Hidden on that room's own screens.
import { Link, useLocation } from 'react-router';
import { PATHS } from '#site/shared/paths.ts';

export function BackToGameBar({ roomId }: { roomId: string | null | undefined }) {
  const { pathname } = useLocation();
  if (!roomId || pathname.endsWith(`/${roomId}`)) return null;
  return (
    <div className="back-to-game" data-testid="back-to-game">
      <div className="container back-to-game__bar">
        <span>You have a seat in a game.</span>
        <Link className="button button--small" to={PATHS.currentGame}>
          Back to your game
        </Link>
      </div>
    </div>
  );
}
