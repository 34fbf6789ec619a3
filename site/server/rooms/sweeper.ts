import type { RoomService } from './service';
import { warnAs } from '../logging';
import { clockOf } from '../clock';

export interface RoomSweeper {
  /** One pass now (also what the timer runs). */
  sweep(): Promise<string[]>;
  stop(): void;
}

/**
 * Wakes the room servers of games that should have been settled by now (see wakeOverdue), refunds
 * those whose room server holds no game any more (refundLost), and closes rooms that never filled
 * once they expire (30 min × GAME_TIME_SCALE) and refunds every stake. The timer is only a driver:
 * the expiry is stored with the room, so a restart loses nothing.
 */
export function startRoomSweeper(options: {
  service: Pick<RoomService, 'expire' | 'wakeOverdue' | 'refundLost'>;
  intervalMs?: number;
  clock?: () => number;
  log?: (message: string) => void;
}): RoomSweeper {
  const clock = clockOf(options);
  const log = options.log ?? warnAs('rooms');
  let running: Promise<string[]> | null = null;

  function sweep(): Promise<string[]> {
    running ??= (async () => {
      const now = clock();
      const closed = await options.service.expire(now);
      await options.service.wakeOverdue(now);
      await options.service.refundLost(now);
      return closed;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => {
    sweep().catch((error: unknown) =>
      log(`sweep failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, options.intervalMs ?? 10_000);
  timer.unref();

  return {
    sweep,
    stop: () => clearInterval(timer),
  };
}
