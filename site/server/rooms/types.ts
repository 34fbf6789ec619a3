import type { Privacy } from './settings';

export type RoomStatus = 'waiting' | 'countdown' | 'active' | 'ended' | 'closed';

/** The API's `room` (docs/api.md): what any client may see. Never the server seed. */
export interface PublicRoom {
  roomId: string;
  roomName: string;
  hostId: string;
  /** The stake in ZMW. */
  amount: number;
  time: number;
  maxPlayers: number;
  privacy: Privacy;
  isActive: boolean;
  status: RoomStatus;
  participants: Record<string, { uid: string; name: string; joinedAt: string }>;
  joinedOrder: string[];
  createdAt: string;
  serverSeedHash: string;
  /** A practice game against bots: amount 0, never listed (contract section 7). */
  practice: boolean;
}

/** What the room server learns from the site (protocol calls 1 and 2). */
export interface RoomForParty {
  roomId: string;
  stakeNgwee: number;
  timeMinutes: number;
  maxPlayers: number;
  serverSeed: string;
  status: 'waiting' | 'active' | 'ended' | 'closed';
  seats: { uid: string; name: string; clientSeed: string }[];
}
