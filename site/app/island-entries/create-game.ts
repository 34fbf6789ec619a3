// The create page's option grid and summary (components/rooms/create-game-form.tsx).
import { createGameIsland } from '../components/rooms/create-game-form';
import { hydrateIsland } from '../island-hydrate';

hydrateIsland(createGameIsland);
