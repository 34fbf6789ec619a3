// How a player is named where anyone may read it (share cards, the challenge's leaderboard): the
// first word of the name only, never a surname, even when the first-name field holds a full name.
const MAX_FIRST_NAME = 20;

/** "Chanda Mulenga" → "Chanda"; '' when the name has no word. At most 20 characters. */
export function firstNameOf(name: string): string {
  return [...(name.trim().split(/\s+/)[0] ?? '')].slice(0, MAX_FIRST_NAME).join('');
}
