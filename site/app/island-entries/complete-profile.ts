// The complete-profile popup on the dashboard and the sign-in page
// (components/account/complete-profile-dialog.tsx).
import { completeProfileIsland } from '../components/account/complete-profile-dialog';
import { hydrateIsland } from '../island-hydrate';

hydrateIsland(completeProfileIsland);
