// The browser's start on a page that hydrates React Router (the board; every other page ships
// islands instead, site/app/islands.ts): React Router's default hydration, then the service worker.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { registerServiceWorker } from './service-worker-client';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

registerServiceWorker();
