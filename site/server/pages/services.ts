// The page door: the site's services as one page request may use them, built per request from the
// caller (site/server/pages/caller.ts) and handed to React Router's loaders and actions in the load
// context (`context.services`). Every operation keeps the JSON API's guard, rate limit, checks,
// status, message and code: one service, two doors (decision 086).
import type { Request } from 'express';
import type { AdminAlertsDeps } from '../api/admin-alerts';
import type { AuthDeps } from '../auth/config';
import type { PublicUser } from '../auth/users';
import type { RoomsDeps } from '../rooms/deps';
import type { WalletDeps, WalletService } from '../wallet/service';
import { accountDoor } from './account';
import { pageCallerOf } from './caller';
import { consoleDoor } from './console';
import { playDoor } from './play';
import { roomsDoor } from './rooms';
import { gamesDoor, walletDoor } from './wallet';

export interface PageServicesDeps {
  auth: AuthDeps;
  wallet: WalletDeps & { wallet: WalletService };
  rooms: RoomsDeps;
  alerts: AdminAlertsDeps;
}

export function pageServices(deps: PageServicesDeps, req: Request, user: PublicUser | null) {
  const caller = pageCallerOf(req, user, deps.auth.config.publicUrl);
  return {
    account: accountDoor(deps.auth, caller),
    wallet: walletDoor(deps.wallet, caller),
    games: gamesDoor(deps.rooms, caller),
    console: consoleDoor(deps.wallet, deps.alerts, caller),
    play: playDoor(deps.auth, caller),
    rooms: roomsDoor(deps, caller),
  };
}

export type PageServices = ReturnType<typeof pageServices>;
