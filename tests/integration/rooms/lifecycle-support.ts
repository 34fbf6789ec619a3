// What the rooms lifecycle suites share: the settings of a room and the room as the API answers it.
export const settings = { amount: 20, time: 10, maxPlayers: 3, privacy: 'Public' };

export type Room = {
  roomId: string;
  roomName: string;
  hostId: string;
  amount: number;
  time: number;
  maxPlayers: number;
  privacy: string;
  isActive: boolean;
  status: string;
  participants: Record<string, { uid: string; name: string; joinedAt: string }>;
  joinedOrder: string[];
  createdAt: string;
  serverSeedHash: string;
};
