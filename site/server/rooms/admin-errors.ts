// The one admin error log lives in site/server/logging.ts; the rooms' modules import it from here.
export { logAdminError, type AdminErrorEntry } from '../logging';
