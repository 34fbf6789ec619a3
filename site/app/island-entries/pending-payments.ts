// Account history's pending payments (components/account/pending-payments.ts).
import {
  pendingPaymentsScript,
  startPendingPayments,
} from '../components/account/pending-payments';
import { startScriptIsland } from '../island-runtime';

startScriptIsland(pendingPaymentsScript, startPendingPayments);
