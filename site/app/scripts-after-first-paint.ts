// The board page's scripts wait for its first paint (decision 129). The page is readable from its
// first HTML (the board as SVG, decision 103); its ≈ 300 kB of JavaScript only brings it to life.
// Named in the HTML as usual, the browser fetched every module at once while the style sheets were
// still on their way, so on a slow connection the scripts shared the bandwidth the first paint
// waited for (and Lighthouse counts every module that arrived before the paint against it).
//
// So the server writes the router's module preloads and its module script inert
// (`inertScripts`: an unknown `rel` and `type`, which the browser neither fetches nor runs), and a
// small inline script (`releaseScript`, under the page's CSP nonce) gives them back their `rel`
// and `type` once the first contentful paint has happened and the document is parsed. What the
// browser then fetches, in what order, and what hydrates is exactly what React Router wrote;
// the page hydrates over the same markup (React compares neither attribute of these elements).
// Where the page cannot paint (a hidden tab) or the browser does not report paints, or after
// RELEASE_AFTER_MS in any case, the scripts go at once. The stream that makes them inert is
// `inert-scripts-stream.server.ts` (server only).

/** The `rel` a module preload waits under; the release sets it back to `modulepreload`. */
export const INERT_PRELOAD_REL = 'modulepreload-after-paint';
/** The `type` the module script waits under; the release writes it again as a module script. */
export const INERT_SCRIPT_TYPE = 'module-after-paint';
/** The scripts go at the latest this long after the document is parsed, painted or not. */
export const RELEASE_AFTER_MS = 3_000;

const PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /(<script\b[^>]*?) type="module"/g;

/** The page's HTML with every module preload and module script made inert (see above). */
export function inertScripts(html: string): string {
  return html
    .replace(PRELOAD, `<link rel="${INERT_PRELOAD_REL}"`)
    .replace(MODULE_SCRIPT, `$1 type="${INERT_SCRIPT_TYPE}"`);
}

/** The inline script that gives the scripts back after the first paint. */
export function releaseScript(): string {
  return `(function(){var done=false,painted=false,parsed=document.readyState!=='loading';
function release(){if(done)return;done=true;
document.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]').forEach(function(l){l.rel='modulepreload';});
document.querySelectorAll('script[type="${INERT_SCRIPT_TYPE}"]').forEach(function(s){var m=document.createElement('script');m.type='module';m.async=true;m.nonce=s.nonce;m.text=s.text;s.replaceWith(m);});}
function go(){if(painted&&parsed)setTimeout(release,0);}
function now(){painted=true;go();}
if(!parsed)document.addEventListener('DOMContentLoaded',function(){parsed=true;go();setTimeout(now,${RELEASE_AFTER_MS});});
else setTimeout(now,${RELEASE_AFTER_MS});
document.addEventListener('visibilitychange',function(){if(document.visibilityState==='hidden')now();});
try{if(document.visibilityState==='hidden'||PerformanceObserver.supportedEntryTypes.indexOf('paint')===-1){now();}
else{new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length>0){observer.disconnect();now();}}).observe({type:'paint',buffered:true});}}catch(e){now();}})();`;
}
