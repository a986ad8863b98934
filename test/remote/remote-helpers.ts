/**
 * Shared pieces of the remote-host suites (docs/reference/engine.md#hosts). The "remote" host is
 * this machine through the private sshd of test/helpers/sshd-fixture.ts, as the same user, so a
 * private tmux server started here on socket S is the remote server `host: sshd.host,
 * socket_name: S`. Every wait below is bounded and re-reads real state (tmux, /proc, files).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../../src/config/server-config';
import { findSshd, type SshdFixture } from '../helpers/sshd-fixture';
import { until } from '../helpers/poll';
import type { TmuxFixture } from '../helpers/tmux-fixture';

export { until };

export const sshdPath = findSshd();
if (!sshdPath) console.warn('sshd is not installed: skipping test/remote (install openssh-server; .ci/run does)');
/** `describe` when sshd is installed, else `describe.skip` (the suites need a real OpenSSH server). */
export const describeSsh = sshdPath ? describe : describe.skip;

/**
 * Starts the sshd and the "remote" tmux server (session `main`); windows the tools create there
 * run sh, never the user's interactive shell. Returns the host to pass as `host`.
 */
export async function startRemote(sshd: SshdFixture, tmux: TmuxFixture): Promise<string> {
  await sshd.start();
  tmux.start('main');
  tmux.tmux('set-option', '-g', 'default-shell', '/bin/sh');
  return sshd.host;
}

/** Server settings that make `sshd.host` a configured remote host (docs/reference/configuration.md#remote-hosts). */
export function remoteConfig(sshd: SshdFixture, extra: Partial<ServerConfig> = {}): Partial<ServerConfig> {
  return { hosts: [sshd.host], sshConfig: sshd.sshConfigPath, sshConnectTimeout: 5, ...extra };
}

/**
 * A copy of the fixture's ssh config with extra aliases on 127.0.0.1 (e.g. a closed port),
 * written next to it (the fixture removes its directory at stop). Returns the new file's path.
 */
export function sshConfigWith(sshd: SshdFixture, name: string, aliases: Record<string, number>): string {
  const extra = Object.entries(aliases).map(([alias, port]) =>
    [
      `Host ${alias}`,
      `  HostName 127.0.0.1`,
      `  Port ${port}`,
      `  User ${sshd.user}`,
      `  IdentityFile ${sshd.dir}/user_key`,
      `  IdentitiesOnly yes`,
      `  UserKnownHostsFile ${sshd.knownHostsPath}`,
      `  GlobalKnownHostsFile /dev/null`,
      `  BatchMode yes`,
      `  LogLevel ERROR`,
      ``,
    ].join('\n'),
  );
  const path = join(sshd.dir, name);
  writeFileSync(path, `${extra.join('')}${readFileSync(sshd.sshConfigPath, 'utf8')}`, { mode: 0o600 });
  return path;
}

/** Live processes (not zombies) with their argv, from /proc (read-only). */
export function processes(): { pid: number; argv: string[] }[] {
  const out: { pid: number; argv: string[] }[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (stat[stat.lastIndexOf(')') + 2] === 'Z') continue;
      const argv = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0');
      if (argv[argv.length - 1] === '') argv.pop();
      out.push({ pid: Number(d), argv });
    } catch {
      // exited while we looked
    }
  }
  return out;
}

/**
 * Processes blocked in `tmux wait-for` on `channel` of `socket`, wherever they came from: the
 * remote side's `sh -c` wrapper and the tmux client it runs both carry the words.
 */
export function waitForProcesses(socket: string, channel: string): number[] {
  return processes()
    .filter((p) => p.argv.includes(socket) && p.argv.includes('wait-for') && p.argv[p.argv.length - 1] === channel)
    .map((p) => p.pid);
}

/** A fresh window running plain `sh` (never the user's interactive bash); returns its pane id. */
export function newPane(tmux: TmuxFixture, session: string, command = 'sh'): string {
  return tmux.tmux('new-window', '-d', '-t', `${session}:`, '-P', '-F', '#{pane_id}', command);
}

export const screen = (tmux: TmuxFixture, pane: string): string => tmux.tmux('capture-pane', '-p', '-J', '-t', pane);

/** A fresh `sh` pane whose first prompt is on screen (typed input is then not echoed early). */
export async function readyPane(tmux: TmuxFixture, session: string): Promise<string> {
  const pane = newPane(tmux, session);
  await until(
    () => screen(tmux, pane).trimEnd(),
    (s) => /[$#]$/.test(s),
    `prompt in ${pane}`,
  );
  return pane;
}
