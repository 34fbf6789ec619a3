// Pushes room changes to the room servers and the public list to the lobby AFTER each commit, in the
// background. Each push re-reads the committed state, so a late push never sends an older picture
// than an earlier one; a failed push is retried with backoff and never undoes anything (the room
// server can always pull the room itself, protocol call 2).
import type { PartyClient } from './party-client';
import { warnAs } from '../logging';
import type { PublicRoom, RoomForParty } from '#wire/site-room.ts';

export interface PublisherOptions {
  client: Pick<PartyClient, 'sendRoom' | 'sendLobby'>;
  loadRoom(roomId: string): Promise<RoomForParty | null>;
  loadLobby(): Promise<PublicRoom[]>;
  /** The site's clock (ms): when a lobby read began, sent with the list. */
  now?: () => number;
  retry?: { firstDelayMs?: number; maxDelayMs?: number; maxAttempts?: number };
  /**
   * The least time between two lobby pushes (default 250 ms). Every push re-reads the whole public
   * list, so under load the changes of that interval go out together in one read and one push.
   */
  lobbyMinIntervalMs?: number;
  log?: (message: string) => void;
}

export interface RoomPublisher {
  roomChanged(roomId: string): void;
  lobbyChanged(): void;
  /** Resolves once every push scheduled so far has succeeded or given up. */
  idle(): Promise<void>;
  /** Stops retrying (pending pushes give up at their next wait). */
  stop(): void;
}

interface Worker {
  dirty: boolean;
  running: Promise<void> | null;
}

export function createRoomPublisher(options: PublisherOptions): RoomPublisher {
  const firstDelayMs = options.retry?.firstDelayMs ?? 500;
  const maxDelayMs = options.retry?.maxDelayMs ?? 30_000;
  const maxAttempts = options.retry?.maxAttempts ?? 20;
  const lobbyMinIntervalMs = options.lobbyMinIntervalMs ?? 250;
  const log = options.log ?? warnAs('rooms');
  const now = options.now ?? Date.now;
  const workers = new Map<string, Worker>();
  const sleepers = new Set<() => void>();
  let stopped = false;

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref?.();
      sleepers.add(wake);
    });
  }

  async function drain(key: string, worker: Worker, push: () => Promise<void>): Promise<void> {
    while (worker.dirty && !stopped) {
      worker.dirty = false;
      for (let attempt = 1; ; attempt += 1) {
        try {
          await push();
          break;
        } catch (error) {
          const detail = error instanceof Error ? error.message : String(error);
          if (attempt >= maxAttempts || stopped) {
            log(`giving up pushing ${key} after ${attempt} attempts: ${detail}`);
            break;
          }
          await sleep(Math.min(maxDelayMs, firstDelayMs * 2 ** (attempt - 1)));
          // A newer change re-reads the state before the next attempt.
          if (worker.dirty) break;
        }
      }
    }
  }

  function schedule(key: string, push: () => Promise<void>): void {
    if (stopped) return;
    let worker = workers.get(key);
    if (!worker) {
      worker = { dirty: false, running: null };
      workers.set(key, worker);
    }
    worker.dirty = true;
    if (worker.running) return;
    const current = worker;
    current.running = drain(key, current, push).finally(() => {
      current.running = null;
      if (current.dirty && !stopped) schedule(key, push);
      else workers.delete(key);
    });
  }

  return {
    roomChanged(roomId) {
      schedule(`room:${roomId}`, async () => {
        const room = await options.loadRoom(roomId);
        if (room) await options.client.sendRoom(room);
      });
    },
    lobbyChanged() {
      schedule('lobby', async () => {
        const at = now();
        await options.client.sendLobby(await options.loadLobby(), at);
        // Changes that arrive meanwhile mark the worker dirty and go out in the next push.
        if (lobbyMinIntervalMs > 0) await sleep(lobbyMinIntervalMs);
      });
    },
    async idle() {
      for (;;) {
        const running = [...workers.values()].flatMap((w) => (w.running ? [w.running] : []));
        if (running.length === 0) return;
        await Promise.all(running);
      }
    },
    stop() {
      stopped = true;
      for (const wake of [...sleepers]) wake();
    },
  };
}
