// The email confirmation page's form, sent once loaded (components/account/auto-submit.ts).
import { autoSubmitScript, startAutoSubmit } from '../components/account/auto-submit';
import { startScriptIsland } from '../island-runtime';

startScriptIsland(autoSubmitScript, startAutoSubmit);
