// The rules the site replays a reported game with, by the version the game was played under
// (docs/decisions/094). Today's rules are game/'s; when RULES_VERSION rises, the previous version's
// modules are kept (e.g. game/rules-v1/) and registered here until no game played under them can
// still be reported. A report under rules the site no longer has is refunded, never left in escrow.
import type { GameState } from '#game/game-state.ts';
import { replayReportedGame, type ReplayInput, type ReplayResult } from '#game/replay.ts';
import { RULES_VERSION } from '#game/rules.ts';
import { statementsOf } from '#game/statement.ts';
import type { Statement } from '#game/statement.ts';

export interface GameRules {
  replay(input: ReplayInput): ReplayResult;
  statements(players: GameState['players']): Record<string, Statement>;
}

const RULES: ReadonlyMap<number, GameRules> = new Map([
  [RULES_VERSION, { replay: replayReportedGame, statements: statementsOf }],
]);

export type RulesLookup =
  | { kind: 'known'; rules: GameRules }
  /** Played under rules newer than the site's (a deploy under way): a later try can succeed. */
  | { kind: 'newer' }
  /** Played under rules the site no longer has: the game is refunded. */
  | { kind: 'retired' };

export function rulesFor(version: number): RulesLookup {
  const rules = RULES.get(version);
  if (rules) return { kind: 'known', rules };
  return version > RULES_VERSION ? { kind: 'newer' } : { kind: 'retired' };
}
