// One alarm per room: the earliest of the machine's next deadline and the next settlement try, or
// none when neither is due.
//
// Setting the alarm is a storage write, and the turn deadline moves later with every roll: so an
// alarm already set for an earlier moment (still to come) is left as it is. It wakes the room a
// little early, the room finds nothing due and sets the alarm again from the stored state. Every
// deadline is computed from the stored snapshot, so an early wake can never lose one.
import type * as Party from 'partykit/server';

export class RoomAlarm {
  /** What this instance last set: a time, null (none), or undefined (not set since it started). */
  private armed: number | null | undefined = undefined;

  async arm(
    storage: Party.Storage,
    deadline: number | null,
    nextSettlementAttempt: number | null,
    now: number,
  ): Promise<void> {
    const candidates: number[] = [];
    if (deadline !== null) candidates.push(deadline);
    if (nextSettlementAttempt !== null) candidates.push(nextSettlementAttempt);
    if (candidates.length === 0) {
      if (this.armed === null) return;
      await storage.deleteAlarm();
      this.armed = null;
      return;
    }
    const wanted = Math.min(...candidates);
    const armed = this.armed;
    if (armed !== undefined && armed !== null && armed > now && armed <= wanted) return;
    await storage.setAlarm(wanted);
    this.armed = wanted;
  }

  /** The alarm went off: storage holds none any more. */
  fired(): void {
    this.armed = null;
  }
}
