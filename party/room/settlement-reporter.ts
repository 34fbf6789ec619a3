// Reporting the finished game to the site until it acknowledges: the settlement record in memory,
// one attempt at a time, each attempt's outcome stored and the next try left to the room's alarm.
import type * as Party from 'partykit/server';
import { toView } from '#game/view.ts';
import type { LogEntry } from '#game/log.ts';
import type { PartyEnv } from './env';
import type { RoomActor } from './room-actor';
import { afterAttempt, buildSettlement, newSettlement } from './settlement';
import { postSettlement } from './site-client';
import { saveSettlement, type SettlementRecord } from './storage';

/** What an attempt reads from the room at the moment it runs. */
export interface SettlementSource {
  roomId: string;
  actor: RoomActor | null;
  logs: LogEntry[];
  /** The rules the game was played under. */
  rules: number;
}

export class SettlementReporter {
  /** The stored record (none until the game has finished). */
  record: SettlementRecord | undefined;
  private settling = false;

  constructor(
    private readonly env: PartyEnv,
    /** The room, whose storage is read when an attempt is saved. */
    private readonly room: Pick<Party.Room, 'storage'>,
    private readonly source: () => SettlementSource,
    /** Re-arms the room's one alarm after an attempt (the next try may be its earliest time). */
    private readonly armAlarm: () => Promise<void>,
  ) {}

  /** The game finished: a record is started unless there is one already. */
  begin(now: number): void {
    if (!this.record) this.record = newSettlement(now);
  }

  /** When the next attempt is due, while the report is pending. */
  nextAttemptAt(): number | null {
    return this.record?.status === 'pending' ? this.record.nextAttemptAt : null;
  }

  get acknowledged(): boolean {
    return this.record?.status === 'acknowledged';
  }

  /** Reports the result until the site answers 200; retried from the alarm with backoff. */
  async settle(): Promise<void> {
    try {
      await this.trySettlement();
    } catch (error) {
      console.error('settlement attempt failed', error);
    }
  }

  private async trySettlement(): Promise<void> {
    const record = this.record;
    const { roomId, actor, logs, rules } = this.source();
    if (this.settling || !actor || record?.status !== 'pending') return;
    if (Date.now() < record.nextAttemptAt) return;
    this.settling = true;
    try {
      const snapshot = actor.getSnapshot();
      const result = snapshot.context.result;
      if (!result) return;
      const body = buildSettlement({
        roomId,
        view: toView(snapshot, { spectators: 0 }),
        result,
        logs: [...logs],
        rules,
      });
      const outcome = await postSettlement(this.env, roomId, body, Date.now());
      this.record = afterAttempt(record, outcome, Date.now());
      await saveSettlement(this.room.storage, this.record);
      await this.armAlarm();
    } finally {
      this.settling = false;
    }
  }
}
