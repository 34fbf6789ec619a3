// The lobby party's stand-in until the real lobby server lands.
import type * as Party from 'partykit/server';
import { closeUnavailable, statusResponse } from './unavailable';

export default class LobbyServer implements Party.Server {
  constructor(readonly room: Party.Room) {}

  onRequest(request: Party.Request): Response {
    return statusResponse(request, this.room);
  }

  onConnect(connection: Party.Connection): void {
    closeUnavailable(connection);
  }
}

LobbyServer satisfies Party.Worker;
