// Join a random room's live list (components/rooms/room-list.tsx).
import { roomListIsland } from '../components/rooms/room-list';
import { hydrateIsland } from '../island-hydrate';

hydrateIsland(roomListIsland);
