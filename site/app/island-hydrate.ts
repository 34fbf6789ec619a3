// Hydrating a component island (site/app/islands.ts): each of its elements becomes its own React
// root, from the props the server rendered it with and with the same id prefix, so that the
// server's HTML and the first render in the browser agree. React Router is not involved.
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { startIsland, takeIslandElements, whenParsed } from './island-runtime';
import type { ComponentIsland } from './islands';

export function hydrateIsland<P extends object>(island: ComponentIsland<P>): void {
  if (!startIsland(island.name)) return;
  whenParsed(() => {
    for (const element of takeIslandElements(island.name)) {
      const props = JSON.parse(element.dataset.props ?? '{}') as P;
      hydrateRoot(element, createElement(island.Component, props), {
        identifierPrefix: element.dataset.idPrefix ?? '',
      });
    }
  });
}
