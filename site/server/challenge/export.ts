// The challenge's part of "Your data" (`GET /api/me/export`): every counted result of the person.
import type { ExportSection } from '../data-rights/export';
import type { ChallengeDecisions } from '#game/challenge.ts';
import { resultsOf } from './results';

export const challengeExport: ExportSection = async (db, userId) => ({
  dailyChallenges: (await resultsOf(db, userId)).map((row) => ({
    date: row.date,
    roomId: row.roomId,
    netProfit: row.netProfit,
    ranked: row.ranked,
    finishedAt: new Date(row.finishedAt).toISOString(),
    decisions: JSON.parse(row.decisions) as ChallengeDecisions,
  })),
});
