// A page arrives in pieces: on a slow network, or a slow phone whose parser yields, the browser
// paints what it has parsed so far. Whatever is on the screen then must stay where it is when the
// rest arrives, or the page jumps under the reader's eyes (and under their thumb). These helpers
// cut the page after an element, as a parser that stopped there would have it, and compare the
// place of everything left with its place in the whole page.
import type { Page } from '@playwright/test';

/** An element that stood elsewhere while the page had arrived only as far as `cut`. */
export interface ParseMove {
  /** The last element the partial page had. */
  cut: string;
  element: string;
  partial: string;
  whole: string;
}

/**
 * Every element (of those `cutAfter` selects, in turn) after which (for a <details>, also at whose
 * start) the page, cut there, lays out an element elsewhere than the whole page does: none on a page that grows only downwards and inwards.
 * Only an element's top-left corner counts: a box still filling up may grow, as a layout shift
 * allows. Run it on a page whose scripts are off, so the page is the server's HTML.
 */
export async function movesWhileParsing(page: Page, cutAfter: string): Promise<ParseMove[]> {
  return page.evaluate((selector) => {
    const body = document.body;
    const whole = body.innerHTML;
    window.scrollTo(0, 0);
    // A pulse or a spin would move an element between two readings: places are read at rest.
    const still = document.createElement('style');
    still.textContent =
      '*, *::before, *::after { animation: none !important; transition: none !important; }';
    document.head.append(still);
    const name = (el: Element): string => {
      const id = el.getAttribute('data-testid') ?? el.id;
      const classes = [...el.classList].slice(0, 2).join('.');
      return `${el.tagName.toLowerCase()}${id ? `#${id}` : ''}${classes ? `.${classes}` : ''}`;
    };
    const places = () => {
      const elements = [...body.querySelectorAll('*')];
      return elements.map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: name(el),
          parent: el.parentElement ? elements.indexOf(el.parentElement) : -1,
          // Not a visually hidden one (a pixel, for screen readers).
          shown: r.width > 1 && r.height > 1,
          x: r.x + window.scrollX,
          y: r.y + window.scrollY,
        };
      });
    };
    const reference = places();
    const moves: { cut: string; element: string; partial: string; whole: string }[] = [];
    const count = body.querySelectorAll(selector).length;
    // Each part cut after its end tag; a <details> also just after its start tag, where the
    // browser, with no summary yet, draws its own "Details" in its place.
    for (let i = 0; i < count * 2 && moves.length < 30; i++) {
      body.innerHTML = whole;
      const cut = body.querySelectorAll(selector)[i >> 1];
      const last = body.lastChild;
      if (!cut || !last) continue;
      const rest = document.createRange();
      const atStart = i % 2 === 0;
      if (atStart && cut.tagName !== 'DETAILS') continue;
      if (atStart) rest.setStart(cut, 0);
      else rest.setStartAfter(cut);
      rest.setEndAfter(last);
      rest.deleteContents();
      const partial = places();
      const moved = (j: number): boolean => {
        const [here, full] = [partial[j], reference[j]];
        if (!here || !full || !here.shown || !full.shown) return false;
        return Math.abs(here.x - full.x) >= 1 || Math.abs(here.y - full.y) >= 1;
      };
      partial.forEach((place, j) => {
        const full = reference[j];
        if (!full || !moved(j)) return;
        // Said once, for the outermost element that moved: what it holds moved with it.
        const up = partial[place.parent];
        const upFull = reference[place.parent];
        if (up && upFull && moved(place.parent)) {
          const same =
            Math.abs(place.x - full.x - (up.x - upFull.x)) < 1 &&
            Math.abs(place.y - full.y - (up.y - upFull.y)) < 1;
          if (same) return;
        }
        moves.push({
          cut: atStart ? `${name(cut)} (its start tag)` : name(cut),
          element: place.name,
          partial: `${Math.round(place.x)},${Math.round(place.y)}`,
          whole: `${Math.round(full.x)},${Math.round(full.y)}`,
        });
      });
    }
    body.innerHTML = whole;
    still.remove();
    return moves;
  }, cutAfter);
}
