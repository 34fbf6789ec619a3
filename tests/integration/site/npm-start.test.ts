// `npm start` end to end (scripts/start.ts as a child process, its helpers in
// tests/support/npm-start.ts): both servers up and down, a crashed site server, private data
// files whatever the umask, a taken port. Each case runs the command as the README does, build
// included.
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HttpClient } from '#tests/support/http-client.ts';
import { modesUnder, portIsFree, siteServerPid, startScript } from '#tests/support/npm-start.ts';
import { expectSecretsOutOfProcessList } from '#tests/support/process-list.ts';
import { freePort, removeDir, tempDir } from '#tests/support/partykit.ts';
import { identify, stillRunning, treeOf } from '#tests/support/process-tree.ts';

describe('npm start', () => {
  it('starts the site and the room server, then stops both on SIGTERM', async () => {
    const [port, partyPort] = [await freePort(), await freePort()];
    const dataDir = await tempDir('zt-start-');
    const script = startScript({
      PORT: String(port),
      PARTY_PORT: String(partyPort),
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, 'test.db')}`,
    });
    try {
      await script.ready(80_000);
      expect(script.output()).toContain(`Ready: http://localhost:${port}`);

      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      // PUBLIC_URL is http here: HSTS would lock the browser out of localhost.
      expect(home.headers.get('strict-transport-security')).toBeNull();
      expect(await home.text()).toContain('Build a business that keeps moving.');

      const party = await fetch(`http://127.0.0.1:${partyPort}/parties/main/health-check`);
      expect(party.status).toBe(200);
      expect(await party.json()).toMatchObject({ roomId: 'health-check', players: 0 });

      // The API is wired to the database: a sign-up from the site's own origin gets a session.
      const browser = new HttpClient(`http://127.0.0.1:${port}`, `http://localhost:${port}`);
      const signup = await browser.post('/api/auth/signup', {
        firstName: 'Mwila',
        lastName: 'Tembo',
        phone: '0971234567',
        email: 'mwila.start@example.zm',
        password: 'correct-horse-battery',
        adult: true,
        terms: true,
      });
      expect(signup.status).toBe(201);
      expect(browser.cookies.size).toBeGreaterThan(0);
      const me = await browser.get('/api/me');
      expect(me.status).toBe(200);
      const rooms = await fetch(`http://127.0.0.1:${port}/api/rooms`);
      expect(await rooms.json()).toEqual({ rooms: [], at: expect.any(Number) });

      expect((await stat(path.join(dataDir, 'test.db'))).isFile()).toBe(true);
      expect((await stat(path.join(dataDir, 'secrets.json'))).mode & 0o777).toBe(0o600);
      await expectSecretsOutOfProcessList(dataDir, partyPort);
      // One JSON object per line, each naming the process that wrote it.
      const lines = script.output().trim().split('\n');
      const parsed = lines.map((line) => JSON.parse(line) as { process?: string; level?: string });
      const processes = new Set(parsed.map((entry) => entry.process));
      expect([...processes]).toEqual(expect.arrayContaining(['start', 'site', 'party']));
      expect(parsed.every((entry) => typeof entry.level === 'string')).toBe(true);

      await script.stop();
      expect(await script.exited).toBe(0);
      expect(await portIsFree(port)).toBe(true);
      expect(await portIsFree(partyPort)).toBe(true);
    } finally {
      await script.stop();
      await removeDir(dataDir);
    }
  }, 120_000);

  it.runIf(process.platform === 'linux')(
    'stops the room server and fails when the site server dies',
    async () => {
      const [port, partyPort] = [await freePort(), await freePort()];
      const dataDir = await tempDir('zt-start-');
      const script = startScript({
        PORT: String(port),
        PARTY_PORT: String(partyPort),
        DATA_DIR: dataDir,
      });
      try {
        await script.ready(80_000);
        const pid = await siteServerPid(port);
        expect(pid).not.toBeNull();
        process.kill(pid as number, 'SIGKILL');

        expect(await script.exited).not.toBe(0);
        expect(script.output()).toContain('site exited unexpectedly');
        expect(await portIsFree(port)).toBe(true);
        expect(await portIsFree(partyPort)).toBe(true);
      } finally {
        await script.stop();
        await removeDir(dataDir);
      }
    },
    120_000,
  );

  // A terminal's Ctrl-C signals every process of `npm start`'s group (npm, the script, tsx if it
  // relays), and so does a service manager's stop. The script must still drain the rooms and take
  // its servers down with it: a site or a workerd left behind holds its port, and the next start
  // fails with "port … is already in use".
  it.runIf(process.platform === 'linux').each(['SIGINT', 'SIGTERM'] as const)(
    'stopped by %s to its whole process group, it drains the rooms and leaves nothing running',
    async (signal) => {
      const [port, partyPort] = [await freePort(), await freePort()];
      const dataDir = await tempDir('zt-start-');
      const script = startScript(
        { PORT: String(port), PARTY_PORT: String(partyPort), DATA_DIR: dataDir },
        { npm: true },
      );
      try {
        await script.ready(80_000);
        const npm = await identify(script.pid);
        const started = npm ? await treeOf(npm) : [];
        expect(started.length).toBeGreaterThan(3); // npm, the script, the site, partykit, workerd…
        // Each TypeScript process is one node process with tsx as its loader: the `tsx` command's
        // relay, when the script was slow to answer a signal the group had sent both, killed it
        // with SIGKILL half-way through its stop (on a loaded machine, now and then).
        const commands = await Promise.all(
          started.map((member) =>
            readFile(`/proc/${member.pid}/cmdline`, 'utf8').then(
              (line) => line.replaceAll('\0', ' '),
              () => '',
            ),
          ),
        );
        expect(commands.filter((line) => line.includes('node_modules/.bin/tsx'))).toEqual([]);
        process.kill(-script.pid, signal);

        await script.exited; // npm ends by the signal itself, as a shell expects
        // The script and its servers may still be stopping (npm does not wait for them): each is
        // gone within its grace period, or never.
        const living = async () => {
          const left = [];
          for (const member of started) if (await stillRunning(member)) left.push(member.pid);
          return left;
        };
        await expect
          .poll(living, { timeout: 30_000, message: 'processes of npm start still running' })
          .toEqual([]);
        expect(script.output()).toMatch(/"msg":"told \d+ of \d+ live rooms a restart is coming/);
        expect(await portIsFree(port)).toBe(true);
        expect(await portIsFree(partyPort)).toBe(true);
      } finally {
        await script.stop();
        await removeDir(dataDir);
      }
    },
    120_000,
  );

  it('keeps the data folder and everything in it private to the user, whatever the umask', async () => {
    const [port, partyPort] = [await freePort(), await freePort()];
    const dataDir = await tempDir('zt-start-');
    // Left open by someone: made private again, with a warning. The rest is created fresh.
    await chmod(dataDir, 0o755);
    await mkdir(path.join(dataDir, 'party'), { mode: 0o777 });
    await chmod(path.join(dataDir, 'party'), 0o777);
    const script = startScript(
      { PORT: String(port), PARTY_PORT: String(partyPort), DATA_DIR: dataDir },
      { umask: 0 },
    );
    try {
      await script.ready(80_000);
      // A sign-up writes to the database and a room stores its state under party/.
      const browser = new HttpClient(`http://127.0.0.1:${port}`, `http://localhost:${port}`);
      const signup = await browser.post('/api/auth/signup', {
        firstName: 'Mwila',
        lastName: 'Tembo',
        phone: '0971234567',
        email: 'mwila.private@example.zm',
        password: 'correct-horse-battery',
        adult: true,
        terms: true,
      });
      expect(signup.status).toBe(201);
      await fetch(`http://127.0.0.1:${partyPort}/parties/main/health-check`);

      const modes = await modesUnder(dataDir);
      for (const name of ['app.db', 'app.db-wal', 'app.db-shm', 'secrets.json']) {
        expect(modes[name], name).toBe(0o600);
      }
      expect(modes['party'], 'party').toBe(0o700);
      expect(modes['.'], 'the data folder').toBe(0o700);
      const open = Object.entries(modes).filter(([, mode]) => (mode & 0o077) !== 0);
      expect(open, 'files or folders others may read').toEqual([]);
      expect(script.output()).toContain(`${dataDir} was open to other users`);
      expect(script.output()).toContain(`${path.join(dataDir, 'party')} was open to other users`);
    } finally {
      await script.stop();
      await removeDir(dataDir);
    }
  }, 120_000);

  it('refuses to start on a port that is taken, saying which', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const address = blocker.address();
    const taken = typeof address === 'object' && address ? address.port : 0;
    const dataDir = await tempDir('zt-start-');
    const script = startScript({
      PORT: String(taken),
      PARTY_PORT: String(await freePort()),
      DATA_DIR: dataDir,
    });
    try {
      expect(await script.exited).toBe(1);
      expect(script.output()).toContain(`port ${taken} is already in use`);
      expect(script.output()).toContain('PORT');
    } finally {
      await script.stop();
      blocker.close();
      await removeDir(dataDir);
    }
  }, 60_000);
});
