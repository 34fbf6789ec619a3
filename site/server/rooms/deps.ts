import type { Database } from '#db/client.ts';
import type { AuthConfig, AuthDeps } from '../auth/config';
import type { PartyClient } from './party-client';
import { createRoomService, type RoomService, type RoomsConfig } from './service';

/** What the rooms, games and internal routers need; build it once and hand it to all three. */
export interface RoomsDeps {
  database: Database;
  config: RoomsConfig;
  /** For the session middleware in front of the player routes. */
  auth: AuthConfig;
  clock?: () => number;
  partyClient?: PartyClient;
  /** Shortens the background pushes' backoff (tests). */
  pushRetry?: { firstDelayMs?: number; maxDelayMs?: number; maxAttempts?: number };
  /** A service built elsewhere (else one is built per deps object and shared by the routers). */
  service?: RoomService;
}

const services = new WeakMap<RoomsDeps, RoomService>();

/** The one room service of these deps: the routers and the sweeper share its pusher. */
export function roomServiceOf(deps: RoomsDeps): RoomService {
  if (deps.service) return deps.service;
  let service = services.get(deps);
  if (!service) {
    service = createRoomService({
      database: deps.database,
      config: deps.config,
      ...(deps.clock ? { clock: deps.clock } : {}),
      ...(deps.partyClient ? { partyClient: deps.partyClient } : {}),
      ...(deps.pushRetry ? { pushRetry: deps.pushRetry } : {}),
    });
    services.set(deps, service);
  }
  return service;
}

export function authDepsOf(deps: RoomsDeps): AuthDeps {
  return {
    database: deps.database,
    config: deps.auth,
    ...(deps.clock ? { clock: deps.clock } : {}),
  };
}
