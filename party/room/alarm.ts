// One alarm per room: the earliest of the machine's next deadline and the next settlement try, or
// none when neither is due.
import type * as Party from 'partykit/server';

export async function armAlarm(
  storage: Party.Storage,
  deadline: number | null,
  nextSettlementAttempt: number | null,
): Promise<void> {
  const candidates: number[] = [];
  if (deadline !== null) candidates.push(deadline);
  if (nextSettlementAttempt !== null) candidates.push(nextSettlementAttempt);
  if (candidates.length === 0) {
    await storage.deleteAlarm();
    return;
  }
  await storage.setAlarm(Math.min(...candidates));
}
