// The site's SMS sender from its settings: the gateway when `SMS_URL` is set, else the file outbox.
import path from 'node:path';
import { africasTalkingSender } from './africastalking';
import { smsOutbox } from './outbox';
import type { SmsSender } from './sender';

export interface SmsGatewayConfig {
  url: string;
  username: string;
  apiKey: string;
  from: string | undefined;
}

/** The outbox folder inside the data folder (beside the mail outbox's `.eml` files). */
export function smsOutboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox', 'sms');
}

export function createSmsSender(options: {
  gateway: SmsGatewayConfig | null;
  dataDir: string;
}): SmsSender {
  return options.gateway
    ? africasTalkingSender(options.gateway)
    : smsOutbox(smsOutboxDir(options.dataDir));
}
