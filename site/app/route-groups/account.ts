// Account, wallet, admin and content screens. routes.ts spreads this list into the app's routes.
import { layout, route, type RouteConfigEntry } from '@react-router/dev/routes';

export const accountRoutes: RouteConfigEntry[] = [
  // Signed-in screens: each draws the game header itself (components/account/account-page.tsx).
  route('rentalgame/dashboard', 'routes/dashboard.tsx'),
  route('rentalgame/deposit', 'routes/deposit.tsx'),
  route('rentalgame/withdraw', 'routes/withdraw.tsx'),
  route('rentalgame/accounthistory', 'routes/account-history.tsx'),
  route('rentalgame/account', 'routes/account-settings.tsx'),
  route('rentalgame/responsible-play', 'routes/responsible-play-settings.tsx'),
  route('rentalgame/admin', 'routes/admin-dashboard.tsx'),
  // The console's first address, kept for bookmarks.
  route('admin/admindashboard', 'routes/admin-dashboard.tsx', { id: 'admin-dashboard-old' }),
  route('rentalgame/support', 'routes/support.tsx'),
  // Pages anyone may read, in the marketing frame (navbar and footer).
  layout('routes/site-layout.tsx', { id: 'account-site-layout' }, [
    route('auth', 'routes/auth.tsx'),
    route('auth/forgot', 'routes/auth-forgot.tsx'),
    route('auth/reset', 'routes/auth-reset.tsx'),
    route('auth/verify', 'routes/auth-verify.tsx'),
    route('rentalgame/howtoplay', 'routes/how-to-play.tsx'),
    route('terms', 'routes/terms.tsx'),
    route('responsible-play', 'routes/responsible-play.tsx'),
    route('privacy', 'routes/privacy.tsx'),
    route('library', 'routes/library.tsx'),
    route('about', 'routes/about.tsx'),
  ]),
];
