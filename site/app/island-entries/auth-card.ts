// The sign-in page's forms (components/account/auth-card.tsx).
import { authCardIsland } from '../components/account/auth-card';
import { hydrateIsland } from '../island-hydrate';

hydrateIsland(authCardIsland);
