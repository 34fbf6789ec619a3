// The room's game: the machine's actor, its log, the rules it is played under and the game's clock,
// and what one machine event does here (the machine decides; then the view goes out to the sockets,
// the change is stored, the alarm is armed, and a finished game is reported). The room server
// (party/room.ts) turns sockets, site calls and the alarm into these events, one at a time.
import type * as Party from 'partykit/server';
import { createActor } from 'xstate';
import type { LogEntry } from '#game/log.ts';
import { nextDeadline, roomMachine, type RoomEvent } from '#game/room-machine.ts';
import { RULES_VERSION } from '#game/rules.ts';
import type { RoomForParty } from '#wire/site-room.ts';
import { dueBotEvent, MAX_BOT_MOVES_PER_TICK } from './bots';
import { RoomClock, type ClockState } from './clock';
import { sendToAdmitted } from './connections';
import { followClock, nextMoment } from './deadlines';
import type { PartyEnv } from './env';
import { errorMessage, logMessage } from './messages';
import { presenceDrift } from './presence';
import {
  EffectsCollector,
  seatedUidsOf,
  type PersistedSnapshot,
  type RoomActor,
} from './room-actor';
import type { RoomView } from './room-view';
import type { SettlementReporter } from './settlement-reporter';
import { inputOf, machineInput } from './site-events';
import { playableHere } from './snapshot-format';
import { saveChange } from './storage';

/** What the game uses of the room server around it. */
export interface RoomGameHost {
  room: Party.Room;
  env: PartyEnv;
  view: RoomView;
  settlement: () => SettlementReporter;
  /** The room's id, for warnings. */
  roomId: () => string;
  /** Sets the room's one alarm from the game's next moment and everything else that wakes it. */
  armAlarm: () => Promise<void>;
}

export class RoomGame {
  actor: RoomActor | null = null;
  logs: LogEntry[] = [];
  /** The rules this room's game is played under (stored with its snapshot). */
  rules = RULES_VERSION;
  /** The game's time; the wall clock itself unless a test holds it (tests only). */
  clock = new RoomClock();
  private readonly effects = new EffectsCollector();

  constructor(private readonly host: RoomGameHost) {}

  /**
   * Starts the machine from a stored snapshot (already brought to today's format). A game this
   * release cannot play on (an unfinished one under other rules), or a snapshot the machine cannot
   * read, is not started: the room then holds no game (docs/decisions/093).
   */
  restore(snapshot: PersistedSnapshot): boolean {
    const finished = this.host.settlement().record !== undefined;
    if (!playableHere(this.rules, finished)) {
      console.warn(
        `room ${this.host.roomId()}: its game is played under rules ${this.rules}, not here`,
      );
      return false;
    }
    try {
      this.actor = this.effects.start(
        createActor(roomMachine, { snapshot, input: inputOf(snapshot) }),
      );
      return true;
    } catch (error) {
      console.warn(
        `room ${this.host.roomId()}: the stored game cannot be restored: ${String(error)}`,
      );
      this.actor = null;
      return false;
    }
  }

  /** A fresh machine for the site's room: it has no seats yet; the site's arrive as its first event. */
  startFromSite(room: RoomForParty): void {
    const input = machineInput(room, this.host.env.timeScale);
    this.actor = this.effects.start(createActor(roomMachine, { input }));
  }

  /**
   * Sends one event to the machine, then broadcasts and persists what it produced. Refusals go to
   * the sender only. Returns whether anything changed.
   */
  async apply(
    event: RoomEvent,
    sender?: Party.Connection,
    closing?: Party.Connection,
  ): Promise<boolean> {
    const actor = this.actor;
    if (!actor) return false;
    if (actor.getSnapshot().status !== 'active') {
      // The room reached its final state (closed by the site): nothing changes any more.
      sender?.send(errorMessage('room_closed'));
      return false;
    }
    const effects = this.effects.send(actor, event);

    for (const code of effects.refusals) sender?.send(errorMessage(code));
    if (!effects.changed && effects.logs.length === 0 && !effects.finished) return false;

    const { room, view } = this.host;
    const settlement = this.host.settlement();
    const firstIndex = this.logs.length;
    this.logs.push(...effects.logs);
    for (const entry of effects.logs) sendToAdmitted(room, logMessage(entry));
    view.broadcastState(closing);

    if (effects.finished) settlement.begin(Date.now());
    const clock = this.followClock(event.now);
    await saveChange(room.storage, {
      snapshot: actor.getPersistedSnapshot(),
      rules: this.rules,
      logs: { firstIndex, entries: effects.logs },
      settlement: settlement.record,
      clock,
    });
    await this.host.armAlarm();
    if (effects.finished) void settlement.settle();
    return true;
  }

  /** Processes every deadline that has passed (countdown end, turn timer, game end). */
  async tick(): Promise<void> {
    if (!this.actor) return;
    const now = this.now();
    const due = nextDeadline(this.actor.getSnapshot());
    if (due !== null && due <= now) await this.apply({ type: 'TICK', now });
    await this.moveBots(now);
  }

  /** Practice: the bots whose pause is over move, as a player would. */
  private async moveBots(now: number): Promise<void> {
    for (let i = 0; i < MAX_BOT_MOVES_PER_TICK; i++) {
      const event = dueBotEvent(this.actor, now, this.host.env.timeScale);
      if (!event || !(await this.apply(event))) return;
    }
  }

  /** A seat's socket came or went (the last of that player's sockets). */
  presence(uid: string, connected: boolean, closing?: Party.Connection, wall = Date.now()) {
    return this.apply(
      { type: 'PRESENCE', uid, connected, now: this.now(wall) },
      undefined,
      closing,
    );
  }

  /** Brings each seat's presence in line with the live connections (a restored room). */
  async syncPresence(): Promise<void> {
    const actor = this.actor;
    if (!actor) return;
    for (const { uid, connected } of presenceDrift(actor, this.host.room)) {
      await this.presence(uid, connected);
    }
  }

  seatedUids(): Set<string> {
    return seatedUidsOf(this.actor);
  }

  isSeated(uid: string): boolean {
    return this.seatedUids().has(uid);
  }

  // ---- the game's clock ----

  /** The game's time when the wall clock reads `wall`: every machine event carries it. */
  now(wall = Date.now()): number {
    return this.clock.now(wall);
  }

  /** The room's next moment on the game's clock: its next deadline or bot move, or null. */
  nextMoment(): number | null {
    return nextMoment(this.actor, this.now(), this.host.env.timeScale);
  }

  /**
   * After a change at game time `time`: a held clock stops once the room waits for it, and runs
   * on once the game is over. Answers the clock's state when that moved it (to be stored).
   */
  private followClock(time: number): ClockState | undefined {
    return followClock(this.clock, time, Date.now(), () => this.nextMoment() !== null);
  }
}
