// Game screens: create, waiting room, join, board, history. routes.ts spreads this list into the app's routes.
import type { RouteConfigEntry } from '@react-router/dev/routes';

export const gameRoutes: RouteConfigEntry[] = [];
