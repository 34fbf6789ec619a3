// Which Chromium the browser tests and the web benchmarks launch, and with which flags, in this
// order: CHROMIUM_PATH when set; Debian's /usr/bin/chromium when installed; else the headless
// Chromium shipped inside the @sparticuz/chromium package (pinned in package.json), unpacked once
// into node_modules/.cache/ so that `npm install && npm test` needs nothing else (decision 023).
//
// Synchronous on purpose: Playwright loads its config synchronously, so the one-time unpack (an
// async API of the package) runs in a child node process that this module waits for.
import { execFileSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type ChromiumSource = 'CHROMIUM_PATH' | 'debian' | 'npm';

export interface ChromiumLaunch {
  source: ChromiumSource;
  executablePath: string;
  args: string[];
  /** Environment the browser needs on top of the caller's. */
  env: Record<string, string>;
}

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NPM_PACKAGE = '@sparticuz/chromium';
const DEFAULT_CACHE = path.join(ROOT, 'node_modules/.cache/sparticuz-chromium');

// Without these Chromium keeps calling Google's hosts, which this machine's network refuses.
const QUIET = ['--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A full Chromium (Debian's, or the one CHROMIUM_PATH names): WebGL in software, SwiftShader. */
export const FULL_CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  ...QUIET,
];

/**
 * The npm package's headless shell, whose SwiftShader libraries sit beside the binary. Only the
 * flags the Pixi board needs (WebGL through ANGLE on SwiftShader): the package's own list (`chromium.args`) is for AWS Lambda and also
 * turns off web security and site isolation, which the tests must not lose.
 */
export const NPM_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  // Pages composited in software, as Debian's `--disable-gpu` does: compositing whole pages through
  // SwiftShader halved the board's frame rate when three pages animate at once.
  '--disable-gpu-compositing',
  ...QUIET,
];

export interface ResolveOptions {
  env?: Record<string, string | undefined>;
  /** Where Debian's Chromium would be (tests point it elsewhere). */
  debianPath?: string;
  /** Where the npm Chromium is unpacked, one folder per package version. */
  cacheDir?: string;
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function resolveChromium(options: ResolveOptions = {}): ChromiumLaunch {
  const explicit = (options.env ?? process.env).CHROMIUM_PATH?.trim();
  if (explicit) {
    if (!isExecutableFile(explicit)) {
      throw new Error(`CHROMIUM_PATH=${explicit} is not an executable file`);
    }
    return { source: 'CHROMIUM_PATH', executablePath: explicit, args: FULL_CHROMIUM_ARGS, env: {} };
  }
  const debian = options.debianPath ?? DEBIAN_CHROMIUM;
  if (isExecutableFile(debian)) {
    return { source: 'debian', executablePath: debian, args: FULL_CHROMIUM_ARGS, env: {} };
  }
  return npmChromium(options.cacheDir ?? DEFAULT_CACHE);
}

function npmPackageRoot(): string {
  // The package exports only its entry points: walk up from the CommonJS one (build/cjs/index.cjs).
  const entry = createRequire(import.meta.url).resolve(NPM_PACKAGE);
  return path.resolve(path.dirname(entry), '../..');
}

/** The package's Chromium, unpacked into `<cacheDir>/<version>/` the first time. */
function npmChromium(cacheDir: string): ChromiumLaunch {
  const packageRoot = npmPackageRoot();
  const { version } = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const folder = path.join(cacheDir, version);
  const executablePath = path.join(folder, 'chromium');
  if (!isExecutableFile(executablePath)) unpack(packageRoot, cacheDir, folder);
  return {
    source: 'npm',
    executablePath,
    args: NPM_CHROMIUM_ARGS,
    env: { FONTCONFIG_PATH: path.join(folder, 'fonts') },
  };
}

// The package unpacks into os.tmpdir() and skips the unpack when `<tmpdir>/chromium` exists, so
// two versions sharing /tmp mix their libraries. Here every unpack gets a fresh TMPDIR of its own
// (a staging folder), which is then renamed to the version's folder in one step: a version never
// sees another's files, and a run that dies half-way leaves no half-unpacked browser behind.
const UNPACK = `const { default: chromium } = await import(process.argv[1]);
await chromium.executablePath();`;

function unpack(packageRoot: string, cacheDir: string, folder: string): void {
  mkdirSync(cacheDir, { recursive: true });
  const staging = mkdtempSync(path.join(cacheDir, '.unpacking-'));
  try {
    const entry = pathToFileURL(path.join(packageRoot, 'build/esm/index.js')).href;
    execFileSync(process.execPath, ['--input-type=module', '-e', UNPACK, entry], {
      env: { ...process.env, TMPDIR: staging },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    writeFileSync(path.join(staging, 'fonts/fonts.conf'), fontConfig(folder));
    if (existsSync(folder) && !isExecutableFile(path.join(folder, 'chromium'))) {
      rmSync(folder, { recursive: true, force: true }); // an unusable leftover
    }
    try {
      renameSync(staging, folder);
    } catch (error) {
      // Another process unpacked the same version meanwhile: use theirs.
      if (!isExecutableFile(path.join(folder, 'chromium'))) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The system's fonts (when it has a fontconfig) plus the Open Sans the package ships. */
function fontConfig(folder: string): string {
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${path.join(folder, 'fonts/fonts')}</dir>
  <cachedir>${path.join(folder, 'fonts-cache')}</cachedir>
</fontconfig>
`;
}

/** Playwright's `launchOptions` for a resolved Chromium. */
export function playwrightLaunchOptions(launch: ChromiumLaunch = resolveChromium()) {
  return {
    executablePath: launch.executablePath,
    args: launch.args,
    ...(Object.keys(launch.env).length > 0 ? { env: { ...processEnv(), ...launch.env } } : {}),
  };
}

function processEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}
