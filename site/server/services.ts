// Builds the site's services from its settings: the database, auth, the payment provider, the
// wallet with its reconciler, the rooms with their sweeper, and the `/api` router that puts them in
// front of the world. `main.ts` calls this once; `stop()` ends every timer and closes the database.
import path from 'node:path';
import { Router } from 'express';
import { createDatabase } from '#db/client.ts';
import { adminRouter } from './api/admin';
import { adminAlertsRouter } from './api/admin-alerts';
import { authRouter } from './api/auth';
import { challengeRouter } from './api/challenge';
import { dataRightsRouter } from './api/data-rights';
import { cardsRouter } from './api/cards';
import { sharePages } from './share/previews';
import { gamesRouter } from './api/games';
import { internalRouter } from './api/internal';
import { meRouter } from './api/me';
import { paymentsRouter } from './api/payments';
import { responsiblePlayRouter } from './api/responsible-play';
import { practiceRouter } from './api/practice';
import { roomsRouter } from './api/rooms';
import { supportRouter } from './api/support';
import { walletRouter } from './api/wallet';
import { accountRouter } from './api/account';
import type { AuthDeps } from './auth/config';
import { challengePages } from './challenge/pages';
import { challengeDepsOf } from './challenge/service';
import { resolveUser, sessionMiddleware } from './auth/middleware';
import { requireSameOrigin } from './auth/origin';
import type { SiteConfig } from './config';
import type { SiteServerDeps } from './create-site-server';
import { createMailer } from './mail/mailer';
import { createSmsSender } from './sms/create-sender';
import { purposeKey } from '#wire/signing.ts';
import { createOps, type SiteOps } from './ops';
import { pageServices } from './pages/services';
import { refusalCounts } from './refusal-counter';
import { practiceDepsOf } from './practice/service';
import { createPaymentProvider } from './payments/create-provider';
import { createDatabaseSandboxStore } from './payments/sandbox-store-db';
import { firstViewOf } from './rooms/first-view';
import { httpPartyClient } from './rooms/party-client';
import { roomServiceOf, type RoomsDeps } from './rooms/deps';
import { startRoomSweeper } from './rooms/sweeper';
import { createWalletService } from './wallet/service';

export interface ComposedSite {
  server: Pick<SiteServerDeps, 'apiRouter' | 'resolveUser' | 'pageServices' | 'context' | 'ops'>;
  /** Health, metrics, logs and backups (site/server/ops). */
  ops: SiteOps;
  /** Stops the background work (reconciler, sweeper, pushes, sandbox deliveries), closes the database. */
  stop(): Promise<void>;
}

export function createSiteServices(config: SiteConfig): ComposedSite {
  const database = createDatabase({
    url: config.databaseUrl,
    ...(config.databaseAuthToken ? { authToken: config.databaseAuthToken } : {}),
  });

  const auth = config.auth;
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: config.mail.from,
  });
  const authDeps: AuthDeps = {
    database,
    config: auth,
    mailer,
    phone: {
      sms: createSmsSender({ gateway: config.sms, dataDir: config.dataDir }),
      codeKey: purposeKey(config.internalSecret, 'phone-codes'),
    },
    // The rooms service is built below; a sign-out can only happen once requests are served.
    onSignedOut: (sessionId, roomIds) => rooms.signedOut(sessionId, roomIds),
  };

  const provider = createPaymentProvider(config.payments, {
    sandboxStore: createDatabaseSandboxStore(database),
  });
  const walletDeps = {
    database,
    provider,
    config: {
      publicUrl: config.publicUrl,
      adminEmails: auth.adminEmails,
      internalSecret: config.internalSecret,
      requireProvedPhone: config.withdrawalsNeedProvedPhone,
    },
  };
  const wallet = createWalletService(walletDeps);

  const { partyPublicUrl } = config;
  const roomsDeps: RoomsDeps = {
    database,
    auth,
    config: {
      internalSecret: config.internalSecret,
      partyUrl: config.partyUrl,
      partyPublicUrl,
      gameTimeScale: config.gameTimeScale,
    },
  };
  const rooms = roomServiceOf(roomsDeps);
  const roomServers = httpPartyClient({
    partyUrl: config.partyUrl,
    internalSecret: config.internalSecret,
    clock: Date.now,
    timeoutMs: 5_000,
  });
  // Refused unsigned calls (refusal-counter.ts) are served as zed_unsigned_calls_refused_total.
  const ops = createOps(config, { database, roomStatus: roomServers.roomStatus, refusalCounts });

  const alertsDeps = {
    ...authDeps,
    figures: ops.figures,
    backupEveryMinutes: config.backups.everyMinutes,
  };

  const api = Router();
  // Called by the payment provider and the room servers, not by browsers: each checks a signature
  // instead of the Origin, so they come before the Origin check.
  api.use(paymentsRouter({ ...walletDeps, wallet }));
  api.use(internalRouter(roomsDeps));
  api.use(requireSameOrigin(config.publicUrl));
  api.use(sessionMiddleware(authDeps));
  api.use(
    authRouter(authDeps),
    accountRouter(authDeps),
    meRouter(authDeps),
    responsiblePlayRouter(authDeps),
    dataRightsRouter(authDeps),
    supportRouter(authDeps),
    walletRouter({ ...walletDeps, wallet }),
    adminRouter({ ...walletDeps, wallet }),
    adminAlertsRouter(alertsDeps),
    roomsRouter(roomsDeps),
    gamesRouter(roomsDeps),
    cardsRouter(roomsDeps),
    practiceRouter(roomsDeps),
    challengeRouter(roomsDeps),
  );

  provider.start();
  const reconciler = wallet.startReconciler();
  const sweeper = startRoomSweeper({ service: rooms });
  ops.start();

  return {
    server: {
      apiRouter: api,
      resolveUser: (req) => resolveUser(authDeps, req),
      pageServices: (req, user) =>
        pageServices(
          {
            auth: authDeps,
            wallet: { ...walletDeps, wallet },
            rooms: roomsDeps,
            alerts: alertsDeps,
          },
          req,
          user,
        ),
      context: {
        publicUrl: config.publicUrl,
        partyPublicUrl,
        support: config.support,
        challenge: challengePages(
          challengeDepsOf(roomsDeps),
          practiceDepsOf(roomsDeps),
          config.publicUrl,
        ),
        boardFirstView: firstViewOf({ database, client: roomServers }),
        share: sharePages(database, config.publicUrl),
      },
      ops: {
        middleware: ops.requests.middleware,
        router: ops.router,
        knowPages: ops.requests.knowPages,
      },
    },
    ops,
    async stop() {
      sweeper.stop();
      rooms.publisher.stop();
      await Promise.allSettled([
        ops.stop(),
        reconciler.stop(),
        provider.stop(),
        rooms.publisher.idle(),
        mailer.close(),
      ]);
      // Every write already queued (a request that finished, a background job) reaches the disk.
      await database.idle();
      database.close();
    },
  };
}
