// The room machine's actor as the room server runs it: started with its emits collected, one event
// at a time, and what that event produced (changed, log entries, refusals, finished).
import type { Actor } from 'xstate';
import type { LogEntry } from '#game/log.ts';
import type { RoomErrorCode } from '#game/messages.ts';
import type { RoomEvent, roomMachine } from '#game/room-machine.ts';

export type RoomActor = Actor<typeof roomMachine>;
export type PersistedSnapshot = ReturnType<RoomActor['getPersistedSnapshot']>;

/** What one machine event produced, collected from the machine's emits. */
export interface Effects {
  changed: boolean;
  logs: LogEntry[];
  refusals: RoomErrorCode[];
  finished: boolean;
}

const noEffects = (): Effects => ({ changed: false, logs: [], refusals: [], finished: false });

/** Collects the emits of the actors it started; `send` returns what one event produced. */
export class EffectsCollector {
  private effects: Effects = noEffects();

  /** Listens to the actor's emits, then starts it. */
  start(actor: RoomActor): RoomActor {
    actor.on('changed', () => {
      this.effects.changed = true;
    });
    actor.on('log', (event) => {
      this.effects.logs.push(event.entry);
    });
    actor.on('refused', (event) => {
      this.effects.refusals.push(event.code);
    });
    actor.on('finished', () => {
      this.effects.finished = true;
    });
    // A failing action stops the actor (later events answer "Room is closed."); log it instead of
    // letting it escape as an unhandled error.
    actor.subscribe({ error: (error) => console.error('room machine stopped', error) });
    actor.start();
    return actor;
  }

  /** Sends one event to the actor and returns what it produced. */
  send(actor: RoomActor, event: RoomEvent): Effects {
    this.effects = noEffects();
    actor.send(event);
    const effects = this.effects;
    this.effects = noEffects();
    return effects;
  }
}

/** The uids that hold a seat (none before the actor exists). */
export function seatedUidsOf(actor: RoomActor | null): Set<string> {
  if (!actor) return new Set();
  return new Set(actor.getSnapshot().context.seats.map((seat) => seat.uid));
}
