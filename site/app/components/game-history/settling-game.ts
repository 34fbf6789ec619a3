// The game just played is paid out a moment after it ends: while game history does not list it
// yet, a script island asks the API every 1.5 s (for a minute) and reloads once it is there.
import type { HistoryEntry } from '#site/server/rooms/games.ts';
import { scriptIsland } from '../../islands';
import { apiFetch } from '../account/api';
import { reloadWhen } from '../reload-when';

export const settlingGameScript = scriptIsland('settling-game');

/** On the note that the game is being paid out; its value is the room's id. */
export const SETTLING_ATTRIBUTE = 'data-settling-room';

const EVERY_MS = 1_500;
const FOR_MS = 60_000;

export function startSettlingGame(): void {
  const roomId = document
    .querySelector(`[${SETTLING_ATTRIBUTE}]`)
    ?.getAttribute(SETTLING_ATTRIBUTE);
  if (!roomId) return;
  reloadWhen(
    async () => {
      const answer = await apiFetch<{ games: HistoryEntry[] }>('/api/games', { fallbackError: '' });
      return answer.ok && answer.data.games.some((game) => game.roomId === roomId);
    },
    { everyMs: EVERY_MS, forMs: FOR_MS },
  );
}
