// A TypeScript entry run as one node process, with tsx as a loader inside it, never through the
// `tsx` command: that command is a small node process that runs the script in a second one and
// relays signals to it. A signal to the whole process group (a terminal's Ctrl-C, a service
// manager's stop) reached both, and the relay, when the script had not answered within 30 ms,
// killed it with SIGKILL: the start script died half-way through its stop and left the site and
// workerd holding their ports (decision 134).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** tsx's loader, by its file URL: found whatever the working directory of the process started. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The command and arguments that run `entry` (a path to a .ts file) with `args`. */
export function typescriptCommand(entry: string, args: string[] = []): [string, string[]] {
  return [process.execPath, ['--import', TSX_LOADER, entry, ...args]];
}
