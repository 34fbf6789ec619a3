// The account page's change-password form (components/account/change-password-form.tsx).
import { changePasswordIsland } from '../components/account/change-password-form';
import { hydrateIsland } from '../island-hydrate';

hydrateIsland(changePasswordIsland);
