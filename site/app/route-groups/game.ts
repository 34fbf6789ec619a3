// Game screens: create, waiting room, join, board, history, a finished game's shared page, practice, the daily challenge. routes.ts spreads this list into the app's routes.
import { route, type RouteConfigEntry } from '@react-router/dev/routes';

export const gameRoutes: RouteConfigEntry[] = [
  route('rentalgame/createnewgame', 'routes/create-game.tsx'),
  route('rentalgame/playerwaitingroom', 'routes/waiting-room.tsx', { id: 'waiting-room-current' }),
  route('rentalgame/playerwaitingroom/:roomId', 'routes/waiting-room.tsx', { id: 'waiting-room' }),
  route('rentalgame/joinrandomroom', 'routes/join-random.tsx'),
  route('rentalgame/joinwithlink', 'routes/join-with-link.tsx'),
  route('rentalgame/gameboard', 'routes/board.tsx', { id: 'board-current' }),
  route('rentalgame/boardgame/:roomId', 'routes/board.tsx', { id: 'board' }),
  route('rentalgame/gamehistory', 'routes/game-history.tsx'),
  route('rentalgame/gameresult/:roomId', 'routes/game-result.tsx'),
  route('rentalgame/practice', 'routes/practice.tsx'),
  route('rentalgame/challenge', 'routes/challenge.tsx'),
];
