// What the room shows: the projected state sent to admitted sockets with the live spectator count
// (a change of count announced at most once a second), and the public status for GET.
import type * as Party from 'partykit/server';
import { toView } from '../../game';
import { countSpectators, sendToAdmitted } from './connections';
import { stateMessage } from './messages';
import { seatedUidsOf, type RoomActor } from './room-actor';
import { SpectatorCount } from './spectator-count';

export class RoomView {
  private readonly spectators = new SpectatorCount();

  constructor(
    private readonly room: Party.Room,
    private readonly actor: () => RoomActor | null,
    /** Runs a task in the room's queue (the delayed spectator announcement). */
    private readonly serial: (task: () => Promise<void>) => Promise<void>,
  ) {}

  /** The state as it is now, with the spectator count filled in from the live connections. */
  stateMessage(spectators: number): string {
    return stateMessage(toView((this.actor() as RoomActor).getSnapshot(), { spectators }));
  }

  spectatorCount(closing?: Party.Connection): number {
    return countSpectators(this.room, seatedUidsOf(this.actor()), closing);
  }

  broadcastState(closing?: Party.Connection): void {
    if (!this.actor()) return;
    this.spectators.sent = this.spectatorCount(closing);
    sendToAdmitted(this.room, this.stateMessage(this.spectators.sent), closing);
  }

  /** A spectator came or went: everyone gets the new count soon, in one state. */
  announceSpectators(): void {
    this.spectators.schedule(() => {
      void this.serial(async () => {
        if (this.spectatorCount() !== this.spectators.sent) this.broadcastState();
      });
    });
  }

  publicStatus(roomId: string, settled: boolean) {
    const actor = this.actor();
    const view = actor ? toView(actor.getSnapshot(), { spectators: 0 }) : null;
    return {
      roomId,
      status: view?.status ?? 'unknown',
      players: view?.joinedOrder.length ?? 0,
      spectators: countSpectators(this.room, seatedUidsOf(actor)),
      settled,
    };
  }
}
