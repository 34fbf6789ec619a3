// The bare reference for the `room` benchmark: a plain `ws` WebSocketServer in its own Node process
// that broadcasts every message to every connection of the same room (the URL path), the sender
// included — the transport alone, without PartyKit or workerd. Started by bench/room/run.ts, which
// reads the port from the first line this prints (`listening <port>`).
import { WebSocketServer, type WebSocket } from 'ws';

const rooms = new Map<string, Set<WebSocket>>();
const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });

server.on('connection', (socket, request) => {
  const room = request.url ?? '/';
  const members = rooms.get(room) ?? new Set<WebSocket>();
  rooms.set(room, members);
  members.add(socket);
  socket.on('message', (data, isBinary) => {
    for (const member of members) member.send(data, { binary: isBinary });
  });
  socket.on('close', () => {
    members.delete(socket);
    if (members.size === 0) rooms.delete(room);
  });
  socket.on('error', () => socket.terminate());
});

server.on('listening', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`listening ${port}`);
});

const stop = () => {
  for (const client of server.clients) client.terminate();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Dies with its parent (whose end of stdin closes then).
process.stdin.on('end', stop);
process.stdin.resume();
