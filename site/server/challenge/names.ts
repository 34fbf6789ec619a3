// How a player appears on the challenge's leaderboard: the first word of the first name and the
// initial of the last name ("Chanda M."), never a full name, even when the first-name field holds one.
import { firstNameOf } from '#site/shared/first-name.ts';

export function leaderboardName(firstName: string, lastName: string): string {
  const first = firstNameOf(firstName);
  const initial = [...lastName.trim()][0]?.toLocaleUpperCase('en') ?? '';
  if (!first) return initial ? `Player ${initial}.` : 'Player';
  return initial ? `${first} ${initial}.` : first;
}
