// The waiting room below its title (components/rooms/waiting-room.tsx).
import { hydrateIsland } from '../island-hydrate';
import { waitingRoomIsland } from '../components/rooms/waiting-room';

hydrateIsland(waitingRoomIsland);
