// The reference room for the `room` benchmark: a PartyKit party that does nothing but broadcast every
// message it receives to every connection in the room (the sender included). Same `partykit dev`
// process, same transport as the real room server (bench/room/partykit.json), none of its work.
import type * as Party from 'partykit/server';

export default class EchoServer implements Party.Server {
  constructor(readonly room: Party.Room) {}

  onMessage(message: string | ArrayBuffer | ArrayBufferView): void {
    this.room.broadcast(message as string | ArrayBuffer);
  }
}

EchoServer satisfies Party.Worker;
