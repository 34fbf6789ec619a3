import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { accountRoutes } from './route-groups/account';
import { gameRoutes } from './route-groups/game';

export default [
  layout('routes/site-layout.tsx', [index('routes/home.tsx'), route('*', 'routes/not-found.tsx')]),
  route('login', 'routes/login.tsx'),
  ...accountRoutes,
  ...gameRoutes,
] satisfies RouteConfig;
