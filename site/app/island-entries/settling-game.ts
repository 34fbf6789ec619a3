// Game history while the last game is being paid out (components/game-history/settling-game.ts).
import { settlingGameScript, startSettlingGame } from '../components/game-history/settling-game';
import { startScriptIsland } from '../island-runtime';

startScriptIsland(settlingGameScript, startSettlingGame);
