// `GET /api/admin/alerts` (admins only): what needs the operator now, from the figures the site
// gathers, each with what to do and its runbook section (site/server/admin/alerts.ts).
import { Router } from 'express';
import type { AuthDeps } from '../auth/config';
import { requireAdmin, sessionMiddleware } from '../auth/middleware';
import { alertsFrom } from '../admin/alerts';
import type { FiguresService } from '../ops/figures';
import { FIGURES_EVERY_MS } from '../ops/figures';
import { timeOf } from '../clock';

export interface AdminAlertsDeps extends Pick<AuthDeps, 'database' | 'config'> {
  figures: Pick<FiguresService, 'latest' | 'refresh'>;
  backupEveryMinutes: number;
  clock?: () => number;
}

/** What needs the operator now, as the console shows it (here and in its page, site/server/pages). */
export async function currentAlerts(deps: AdminAlertsDeps) {
  const now = timeOf(deps);
  // Figures older than one gathering (the site just started) are gathered now.
  const figures =
    now - deps.figures.latest().at > FIGURES_EVERY_MS
      ? await deps.figures.refresh()
      : deps.figures.latest();
  return {
    alerts: alertsFrom(figures, { backupEveryMinutes: deps.backupEveryMinutes }, now),
    gatheredAt: figures.at > 0 ? new Date(figures.at).toISOString() : null,
    ledgerCheckedAt: figures.ledger ? new Date(figures.ledger.checkedAt).toISOString() : null,
  };
}

export function adminAlertsRouter(deps: AdminAlertsDeps): Router {
  const router = Router();
  const session = sessionMiddleware({ database: deps.database, config: deps.config });

  router.get('/admin/alerts', session, requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await currentAlerts(deps));
  });

  return router;
}
