// "Link Google" on the account page (components/account/link-google-form.tsx).
import { linkGoogleIsland } from '../components/account/link-google-form';
import { hydrateIsland } from '../island-hydrate';

hydrateIsland(linkGoogleIsland);
