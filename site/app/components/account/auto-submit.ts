// A form that should go as soon as the page has loaded, but only from a browser that runs this
// script: the email confirmation page's POST, which a link preview (fetching the page, running no
// script) must never send. Without scripts the person presses the form's button.
import { scriptIsland } from '../../islands';

export const autoSubmitScript = scriptIsland('auto-submit');

/** On the form to send at once. */
export const AUTO_SUBMIT_ATTRIBUTE = 'data-auto-submit';

export function startAutoSubmit(): void {
  document.querySelector<HTMLFormElement>(`form[${AUTO_SUBMIT_ATTRIBUTE}]`)?.requestSubmit();
}
