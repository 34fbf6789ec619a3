// What the operator must act on, from the figures the site gathers (site/server/ops/figures.ts):
// each alert says what is wrong, what to do, and where the runbook (docs/operations.md) says more.
// Pure: figures and settings in, alerts out.
import { PAYMENT_PENDING_ALERT_MS, type OpsFigures } from '../ops/figures';

export type AlertId =
  | 'payments_pending'
  | 'settlements_refused'
  | 'settlements_overdue'
  | 'ledger_not_clean'
  | 'backup_old'
  | 'disk_nearly_full';

export interface Alert {
  id: AlertId;
  severity: 'critical' | 'warning';
  title: string;
  /** The figures behind it, in words. */
  detail: string;
  /** What to do, in order. */
  steps: string[];
  /** The runbook's section: `docs/operations.md#<anchor>`. */
  runbook: string;
}

/** A disk with less free than this share (or than 1 GiB) is nearly full. */
export const DISK_FREE_ALERT_RATIO = 0.1;
export const DISK_FREE_ALERT_BYTES = 1024 ** 3;

const RUNBOOK = 'docs/operations.md';

const minutes = (ms: number) => Math.max(1, Math.round(ms / 60_000));

function ago(ms: number): string {
  const m = minutes(ms);
  return m < 120 ? `${m} min` : `${Math.round(m / 60)} h`;
}

function gib(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
}

export function alertsFrom(
  figures: OpsFigures,
  settings: { backupEveryMinutes: number },
  now: number,
): Alert[] {
  const alerts: Alert[] = [];

  if (figures.ledger && !figures.ledger.clean) {
    alerts.push({
      id: 'ledger_not_clean',
      severity: 'critical',
      title: 'The ledger does not balance',
      detail: `The audit of ${new Date(figures.ledger.checkedAt).toISOString()} found postings that do not sum to zero, a balance that differs from its postings, or a negative balance.`,
      steps: [
        'Open "Ledger check" below: it lists the accounts and transfers concerned.',
        'Stop taking money: set the site to maintenance (stop it) if balances are wrong for players.',
        'Take a backup now (npm run backup) to keep the evidence, then follow the runbook.',
      ],
      runbook: `${RUNBOOK}#the-ledger-does-not-balance`,
    });
  }

  const stuck = figures.paymentsPastAlert;
  if (stuck.count > 0) {
    const oldest =
      stuck.oldestCreatedAt === null ? '' : `, the oldest ${ago(now - stuck.oldestCreatedAt)} old`;
    alerts.push({
      id: 'payments_pending',
      severity: 'warning',
      title: `${stuck.count} payment${stuck.count === 1 ? '' : 's'} pending for more than ${minutes(PAYMENT_PENDING_ALERT_MS)} minutes`,
      detail: `The provider has not given a final answer${oldest}. Nothing is lost: a deposit credits only on COMPLETED, a withdrawal stays held until the provider answers.`,
      steps: [
        'Open "Payments" (pending): "Ask the provider again" on the oldest.',
        "Check the provider's status page and dashboard for these ids.",
        'If the provider answers nothing for hours, follow the runbook before telling players anything.',
      ],
      runbook: `${RUNBOOK}#payments-pile-up`,
    });
  }

  if (figures.roomsRefused > 0) {
    alerts.push({
      id: 'settlements_refused',
      severity: 'critical',
      title: `${figures.roomsRefused} game${figures.roomsRefused === 1 ? '' : 's'} refused at settlement`,
      detail:
        'The site refused the result a room server reported; the stakes stay in escrow until someone acts.',
      steps: [
        'Open "Errors and settlement refusals": the reason is on each row.',
        'Do not pay by hand: no console action moves money. Follow the runbook.',
      ],
      runbook: `${RUNBOOK}#settlements-refused`,
    });
  }

  if (figures.roomsOverdue > 0) {
    alerts.push({
      id: 'settlements_overdue',
      severity: 'warning',
      title: `${figures.roomsOverdue} game${figures.roomsOverdue === 1 ? '' : 's'} unsettled past their end`,
      detail: `The oldest is ${ago(figures.settlementLagMs)} past the latest it could end. The sweeper wakes each every 10 s; a room server that lost the game is refunded.`,
      steps: [
        'Check that the room server answers (GET /readyz lists room_server when it does not).',
        'Open "Rooms": the stuck list shows each room.',
      ],
      runbook: `${RUNBOOK}#stuck-rooms`,
    });
  }

  if (!figures.backup.remote && settings.backupEveryMinutes > 0) {
    const limitMs = 2 * settings.backupEveryMinutes * 60_000;
    const newest = figures.backup.newestAt;
    if (figures.at > 0 && (newest === null || now - newest > limitMs)) {
      alerts.push({
        id: 'backup_old',
        severity: 'critical',
        title:
          newest === null
            ? 'There is no backup of the database'
            : `The newest backup is ${ago(now - newest)} old`,
        detail: `Backups are due every ${settings.backupEveryMinutes} min; a lost disk now would lose everything since the newest one.`,
        steps: [
          'Run npm run backup on the server: it prints the copy or why it failed.',
          'Look for "database copy failed" in the logs, and at the free disk.',
        ],
        runbook: `${RUNBOOK}#backups`,
      });
    }
  }

  for (const disk of figures.disks) {
    const ratio = disk.totalBytes > 0 ? disk.freeBytes / disk.totalBytes : 1;
    if (ratio >= DISK_FREE_ALERT_RATIO && disk.freeBytes >= DISK_FREE_ALERT_BYTES) continue;
    alerts.push({
      id: 'disk_nearly_full',
      severity: 'critical',
      title: `The ${disk.name} disk is nearly full`,
      detail: `${gib(disk.freeBytes)} free of ${gib(disk.totalBytes)} at ${disk.path}. A full disk stops every payment and game write (503 storage_unavailable).`,
      steps: [
        'Free space: old backups in BACKUP_DIR (copy them off the machine first), old logs.',
        'Grow the disk if it keeps filling.',
      ],
      runbook: `${RUNBOOK}#the-disk-is-nearly-full`,
    });
  }

  // The critical ones first; each group in the order above.
  return alerts.sort(
    (a, b) => Number(a.severity !== 'critical') - Number(b.severity !== 'critical'),
  );
}
