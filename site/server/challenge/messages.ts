// The challenge's refusals: words for people, a stable code beside each (docs/api.md).
import { refuse, type Refusal } from '../api/refusals';

export const challengeMessages = {
  invalidDate: 'Please give a date as YYYY-MM-DD, today or earlier.',
  loadFailed: 'Could not load the daily challenge: please try again.',
} as const;

export function invalidDate(): Refusal {
  return refuse(400, 'invalid_date', challengeMessages.invalidDate);
}
