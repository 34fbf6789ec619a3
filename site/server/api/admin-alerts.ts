// `GET /api/admin/alerts` (admins only): what needs the operator now, from the figures the site
// gathers, each with what to do and its runbook section (site/server/admin/alerts.ts).
import { Router } from 'express';
import type { AuthDeps } from '../auth/config';
import { requireAdmin, sessionMiddleware } from '../auth/middleware';
import { alertsFrom } from '../admin/alerts';
import type { FiguresService } from '../ops/figures';
import { FIGURES_EVERY_MS } from '../ops/figures';

export interface AdminAlertsDeps extends Pick<AuthDeps, 'database' | 'config'> {
  figures: Pick<FiguresService, 'latest' | 'refresh'>;
  backupEveryMinutes: number;
  clock?: () => number;
}

export function adminAlertsRouter(deps: AdminAlertsDeps): Router {
  const router = Router();
  const clock = deps.clock ?? Date.now;
  const session = sessionMiddleware({ database: deps.database, config: deps.config });

  router.get('/admin/alerts', session, requireAdmin, async (_req, res) => {
    const now = clock();
    // Figures older than one gathering (the site just started) are gathered now.
    const figures =
      now - deps.figures.latest().at > FIGURES_EVERY_MS
        ? await deps.figures.refresh()
        : deps.figures.latest();
    res.set('Cache-Control', 'no-store').json({
      alerts: alertsFrom(figures, { backupEveryMinutes: deps.backupEveryMinutes }, now),
      gatheredAt: figures.at > 0 ? new Date(figures.at).toISOString() : null,
      ledgerCheckedAt: figures.ledger ? new Date(figures.ledger.checkedAt).toISOString() : null,
    });
  });

  return router;
}
