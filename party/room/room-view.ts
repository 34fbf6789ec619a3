// What the room shows: the projected view, versioned (docs/protocol.md, "Small messages"). Each
// change is computed once into the next view and sent once as JSON to every admitted socket: a
// merge patch from the previous version to those that hold it, the whole state to a socket that
// holds nothing yet (a newcomer, or one that asked `sync`). The spectator count is connection state:
// a change of count is announced at most once a second, as a patch of that one key. Also the
// public status for GET.
import type * as Party from 'partykit/server';
import { createMergePatch } from '#game/merge-patch.ts';
import { toView } from '#game/view.ts';
import type { RoomView as View } from '#game/protocol.ts';
import type { RoomServerStatus } from '#wire/site-room.ts';
import { countAdmitted, countSpectators } from './connections';
import { patchMessage, stateMessage } from './messages';
import { seatedUidsOf, type RoomActor } from './room-actor';
import { SpectatorCount } from './spectator-count';

export class RoomView {
  private readonly spectators = new SpectatorCount();
  /** The view of `version`, as last sent to everyone (null before the first). */
  private current: View | null = null;
  private version = 0;
  /** The whole-state JSON of `version`, built at most once per version. */
  private wholeJson: string | null = null;
  /** Admitted sockets that hold the current version (they get patches). */
  private readonly holders = new Set<string>();
  /** A newcomer was given a live count that the others do not have yet. */
  private countAhead = false;
  /** The finished game's rematch, as the site last pushed it (call 1). */
  private rematch: View['rematch'] = undefined;

  constructor(
    private readonly room: Party.Room,
    private readonly actor: () => RoomActor | null,
    /** Runs a task in the room's queue (the delayed spectator announcement). */
    private readonly serial: (task: () => Promise<void>) => Promise<void>,
  ) {}

  /** The site's word on the rematch; true when it changed (then broadcast the state). */
  setRematch(rematch: View['rematch']): boolean {
    if (JSON.stringify(rematch) === JSON.stringify(this.rematch)) return false;
    this.rematch = rematch;
    return true;
  }

  spectatorCount(closing?: Party.Connection): number {
    return countSpectators(this.room, seatedUidsOf(this.actor()), closing);
  }

  /**
   * The machine (or the spectator count) changed: the next version goes to every admitted socket
   * but `closing`, as one patch message (one whole-state message to those holding nothing).
   */
  broadcastState(closing?: Party.Connection): void {
    const actor = this.actor();
    if (!actor) return;
    this.spectators.sent = this.spectatorCount(closing);
    const view = toView(actor.getSnapshot(), { spectators: this.spectators.sent });
    const next = this.rematch ? { ...view, rematch: this.rematch } : view;
    const before = this.current;
    let patch = before
      ? (createMergePatch(before, next) as Record<string, unknown> | undefined)
      : undefined;
    // A newcomer holds a count the others do not: the patch carries the count in any case.
    if (this.countAhead && before) patch = { ...patch, spectators: next.spectators };
    if (before && patch === undefined) return;
    this.current = next;
    this.version += 1;
    this.wholeJson = null;
    this.countAhead = false;
    const patchJson = before && patch ? patchMessage(this.version, patch) : null;
    for (const connection of this.room.getConnections()) {
      if (!connection.state || connection.id === closing?.id) continue;
      if (patchJson !== null && this.holders.has(connection.id)) {
        connection.send(patchJson);
      } else {
        connection.send(this.whole(next));
        this.holders.add(connection.id);
      }
    }
  }

  /**
   * The whole state to one socket (a newcomer, or a `sync`), with the live spectator count. From
   * then on it gets the patches.
   */
  sendState(connection: Party.Connection): void {
    const actor = this.actor();
    if (!actor) return;
    if (!this.current) {
      this.broadcastState();
      if (this.holders.has(connection.id)) return;
    }
    const current = this.current;
    if (!current) return;
    const live = this.spectatorCount();
    if (live === current.spectators) {
      connection.send(this.whole(current));
    } else {
      connection.send(stateMessage(this.version, { ...current, spectators: live }));
      // The others learn the count in the announcement, which must then carry it even if it is
      // back to what they hold.
      this.countAhead = true;
    }
    this.holders.add(connection.id);
  }

  /** Whether a socket holds the current version (it was sent a whole state since it connected). */
  holds(connectionId: string): boolean {
    return this.holders.has(connectionId);
  }

  /** A socket closed. */
  forget(connectionId: string): void {
    this.holders.delete(connectionId);
  }

  /** A spectator came or went: everyone gets the new count soon, in one patch. */
  announceSpectators(): void {
    this.spectators.schedule(() => {
      void this.serial(async () => {
        if (this.countAhead || this.spectatorCount() !== this.spectators.sent) {
          this.broadcastState();
        }
      });
    });
  }

  /** The whole-state message of the current version (`current`, the view it was built from). */
  private whole(current: View): string {
    this.wholeJson ??= stateMessage(this.version, current);
    return this.wholeJson;
  }

  /** The whole view a spectator's socket would be sent now (call 8), or null with no game. */
  spectatorView(): View | null {
    const actor = this.actor();
    if (!actor) return null;
    return toView(actor.getSnapshot(), { spectators: this.spectatorCount() });
  }

  publicStatus(roomId: string, settled: boolean): RoomServerStatus {
    const actor = this.actor();
    const view = actor ? toView(actor.getSnapshot(), { spectators: 0 }) : null;
    return {
      roomId,
      status: view?.status ?? 'unknown',
      players: view?.joinedOrder.length ?? 0,
      spectators: countSpectators(this.room, seatedUidsOf(actor)),
      sockets: countAdmitted(this.room),
      settled,
    };
  }
}
