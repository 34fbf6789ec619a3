// The header's live balance on pages without the router (components/account/header-balance.ts).
import { liveBalanceScript, startLiveBalance } from '../components/account/header-balance';
import { startScriptIsland } from '../island-runtime';

startScriptIsland(liveBalanceScript, startLiveBalance);
