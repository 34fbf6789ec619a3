// The board page's HTML stream with its module preloads and module script made inert until the
// first paint (`scripts-after-first-paint.ts`, decision 129). Server only: node's streams.
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { inertScripts } from './scripts-after-first-paint';

/**
 * `inertScripts` over a stream of HTML: a tag cut between two chunks waits for the next one (the
 * text from the chunk's last `<` with no `>` after it).
 */
export function inertScriptsStream(): Transform {
  let held = '';
  // A character's bytes may also be cut between two chunks.
  const decoder = new StringDecoder('utf8');
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = held + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      const open = text.lastIndexOf('<');
      const cut = open !== -1 && text.indexOf('>', open) === -1 ? open : text.length;
      held = text.slice(cut);
      callback(null, inertScripts(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, inertScripts(held + decoder.end()));
    },
  });
}
