// What `POST /api/practice` accepts (contract sections 7 and 8) and the words of its refusals.
import { MAX_BOTS, MIN_BOTS } from '#game/bots.ts';
import { refuse, type Refusal } from '../api/refusals';
import { refusalWords } from '../api/refusal-words';

export const PRACTICE_TIME_OPTIONS_MINUTES = [5, 10, 20, 30, 40, 50, 60] as const;
export const PRACTICE_BOT_OPTIONS = Array.from(
  { length: MAX_BOTS - MIN_BOTS + 1 },
  (_, i) => MIN_BOTS + i,
);

export interface PracticeSettings {
  timeMinutes: number;
  bots: number;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/**
 * `{challenge: true}` asks for the day's challenge (its settings are the day's: `time` and `bots`
 * are not read); absent or false, a practice game with the caller's settings.
 */
export function parseChallengeChoice(body: unknown): { ok: true; challenge: boolean } | Refusal {
  const value = field(body, 'challenge');
  if (value === undefined || value === null || value === false)
    return { ok: true, challenge: false };
  if (value === true) return { ok: true, challenge: true };
  return refuse(400, 'invalid_settings', refusalWords('invalid_settings', 'challenge'));
}

export function parsePracticeSettings(
  body: unknown,
): { ok: true; settings: PracticeSettings } | Refusal {
  const time = Number(field(body, 'time'));
  if (!(PRACTICE_TIME_OPTIONS_MINUTES as readonly number[]).includes(time)) {
    return refuse(400, 'invalid_settings', refusalWords('invalid_settings', 'practiceTime'));
  }
  const bots = Number(field(body, 'bots'));
  if (!Number.isInteger(bots) || bots < MIN_BOTS || bots > MAX_BOTS) {
    return refuse(400, 'invalid_settings', refusalWords('invalid_settings', 'bots'));
  }
  return { ok: true, settings: { timeMinutes: time, bots } };
}
