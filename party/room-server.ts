// The room party's stand-in until the real room server lands: it proves that `partykit dev` starts
// and is reachable, and turns players away honestly instead of pretending to run a game.
import type * as Party from 'partykit/server';
import { closeUnavailable, statusResponse } from './unavailable';

export default class RoomServer implements Party.Server {
  constructor(readonly room: Party.Room) {}

  onRequest(request: Party.Request): Response {
    return statusResponse(request, this.room);
  }

  onConnect(connection: Party.Connection): void {
    closeUnavailable(connection);
  }
}

RoomServer satisfies Party.Worker;
