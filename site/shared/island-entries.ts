// Where the islands' browser entries live (site/app/islands.ts, decision 085): one file per island,
// `<name>.ts`, named as the project root sees it. The build makes each an entry of its own (vite
// config) and the site server finds their files by this folder in the build's manifest.
export const ISLAND_ENTRY_DIR = 'site/app/island-entries';

/** Island names are their entry's file name: lower-case words joined by dashes. */
export const ISLAND_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
