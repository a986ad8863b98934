/**
 * What a remote call is, as far as this server knows: audit records name the host
 * (docs/reference/safety.md#audit-file), a remote pane is never the caller's and the self-kill
 * guards never refuse a remote call (docs/reference/safety.md#remote-hosts), and at shutdown the
 * shared connections end and their private directory goes (docs/reference/engine.md#shared-connection).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveToken } from '../../src/framework/tokens';
import { PROCESS_RUNNER } from '../../src/services/tmux-server-pool.service';
import type { SshHost } from '../../src/tmux/ssh-host';
import { McpHarness } from '../helpers/mcp-harness';
import { SshdFixture } from '../helpers/sshd-fixture';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { describeSsh, processes, remoteConfig, sshdPath, until } from './remote-helpers';

type Row = Record<string, unknown>;

describeSsh('remote calls: audit, caller identity, shutdown', () => {
  const sshd = sshdPath ? new SshdFixture() : (undefined as unknown as SshdFixture);
  const tmux = new TmuxFixture();
  const dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-remote-id-'));
  const harnesses: McpHarness[] = [];

  const start = async (config: Row = {}) => {
    const h = await McpHarness.start({ socket: tmux.socket, config: remoteConfig(sshd, config) });
    harnesses.push(h);
    return h;
  };

  beforeAll(async () => {
    await sshd.start();
    tmux.start('main');
  });
  afterAll(async () => {
    for (const h of harnesses) await h.close();
    tmux.kill();
    await sshd?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('audit records carry host: the destination for a remote call, null locally (docs/reference/safety.md#audit-file)', async () => {
    const file = join(dir, 'audit.jsonl');
    const h = await start({ auditLog: file });
    await h.ok('list_sessions', { host: sshd.host });
    await h.ok('list_sessions');
    await h.ok('list_sessions', { host: 'local' });
    await h.err('list_sessions', { host: 'elsewhere' });
    const records = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Row);
    expect(records.map((r) => [r.tool, r.outcome, r.host])).toEqual([
      ['list_sessions', 'ok', sshd.host],
      ['list_sessions', 'ok', null],
      ['list_sessions', 'ok', null],
      // A host nobody configured is no destination: null.
      ['list_sessions', 'error', null],
    ]);
  });

  it('is_caller is false on remote panes; the self-kill guard refuses only the local call (docs/reference/safety.md#remote-hosts)', async () => {
    const pane = tmux.tmux('new-window', '-d', '-t', 'main:', '-P', '-F', '#{pane_id}', 'sh');
    const [socketPath, pid, session] = tmux.tmux('display-message', '-p', '-t', pane, '#{socket_path}|#{pid}|#{session_id}').split('|');
    const h = await start({ tmuxEnv: `${socketPath},${pid},${session.slice(1)}`, tmuxPane: pane, safety: 'destructive' });
    const flag = async (host: string | null) =>
      (await h.ok<{ result: Row[] }>('list_panes', { host, session_name: 'main' })).result.find((p) => p.pane_id === pane)?.is_caller;
    expect(await flag(null)).toBe(true);
    expect(await flag(sshd.host)).toBe(false);
    const info = await h.ok<Row>('get_pane_info', { host: sshd.host, pane_id: pane });
    expect(info.is_caller).toBe(false);

    expect((await h.err('kill_pane', { pane_id: pane })).text).toMatch(/^Refusing to kill the pane running this MCP server\./);
    await h.ok('kill_pane', { host: sshd.host, pane_id: pane });
    expect(tmux.tmux('list-panes', '-a', '-F', '#{pane_id}').split('\n')).not.toContain(pane);
  });

  it('shutdown ends the shared connection and removes its private directory (docs/reference/engine.md#shared-connection)', async () => {
    const h = await start();
    await h.ok('list_sessions', { host: sshd.host });
    const opts = (resolveToken(h.app.container, PROCESS_RUNNER).hostOf({ host: sshd.host }) as SshHost).sshOptions();
    const controlPath = opts.find((o) => o.startsWith('ControlPath='))!.slice('ControlPath='.length);
    const controlDir = controlPath.slice(0, controlPath.lastIndexOf('/'));
    expect(controlDir).toMatch(/\/tmux-mcp-ssh-[^/]+$/);
    // A master runs for it now (ssh renames itself `ssh: <ControlPath> [mux]`).
    const masters = () => processes().filter((p) => p.argv.join(' ').includes(controlDir));
    expect(masters().length).toBeGreaterThan(0);

    await h.close();
    harnesses.splice(harnesses.indexOf(h), 1);
    expect(existsSync(controlDir)).toBe(false);
    await until(
      () => masters().map((p) => p.argv.join(' ')),
      (left) => left.length === 0,
      'ssh master gone',
    );
  });
});
