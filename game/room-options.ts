// The choices a host has when creating a room: one list each, which the create-game screen offers,
// How to Play describes and the site's validation accepts (nothing else).
import { MAX_PLAYERS, MIN_PLAYERS } from './board';

export const STAKE_OPTIONS_ZMW = [10, 20, 30, 40, 50] as const;
export const TIME_OPTIONS_MINUTES = [10, 20, 30, 40, 60] as const;
export const PLAYER_COUNT_OPTIONS: readonly number[] = Array.from(
  { length: MAX_PLAYERS - MIN_PLAYERS + 1 },
  (_, i) => MIN_PLAYERS + i,
);
export const PRIVACY_OPTIONS = ['Public', 'Private'] as const;
export type Privacy = (typeof PRIVACY_OPTIONS)[number];

/**
 * The room quick match opens when no public room at the stake waits (contract section 8): a public
 * 4-player, 10-minute room, the shape most players pick.
 */
export const QUICK_MATCH = { maxPlayers: 4, timeMinutes: 10, privacy: 'Public' } as const;

/** The stake of the dashboard's first action, "Play ZMW 10 now": the smallest one. */
export const QUICK_PLAY_STAKE_ZMW = STAKE_OPTIONS_ZMW[0];
