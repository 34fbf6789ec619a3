// The one admin error log lives in site/server/logging.ts; the rooms' modules import it from here.
export { logAdminError, logBudget, type AdminErrorEntry } from '../logging';
