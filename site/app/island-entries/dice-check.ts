// "Verify the dice" in game history (components/game-history/dice-check-script.ts).
import { diceCheckScript, startDiceChecks } from '../components/game-history/dice-check-script';
import { startScriptIsland } from '../island-runtime';

startScriptIsland(diceCheckScript, startDiceChecks);
