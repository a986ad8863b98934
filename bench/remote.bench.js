'use strict';
// Bench 7: remote hosts over OpenSSH (docs/reference/engine.md#hosts). A private sshd on
// 127.0.0.1 (the test fixture, test/helpers/sshd-fixture.ts, compiled here with esbuild) makes
// this machine a "remote host" reached through ssh; the tmux server is a private one either way.
// - list_panes of a 10-pane window: local tmux, the same server through the host on the control
//   engine, and through the host with TMUX_MCP_ENGINE=exec (one ssh session per tmux command),
//   interleaved in one loop (rotating start);
// - connection set-up: a fresh server's first remote call, from the request to its answer (ssh
//   connects, logs in, leaves the shared connection, attaches the control client);
// - RSS of one server with 5 hosts connected (5 sshd listeners, so 5 separate connections).
// The fixture's ssh config sends SHLVL=1, so the remote bash skips ~/.bashrc: a remote command
// costs what ssh and tmux cost, not what this machine's rc files cost. One more alias for the
// first sshd (bench-host-rc) sends nothing, so the login shell reads its rc files as on a real
// host; the subprocess engine over it is measured as one more series when a login through it is
// healthy (a stale lock in an rc file can make every login wait a minute).
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Tmux, startServer, stats, time, interleave, rssMb } = require('./lib');

/** The TypeScript fixture, bundled to CommonJS once per run. */
function loadFixture() {
  const out = mkdtempSync(join(tmpdir(), 'tmux-mcp-bench-fixture-'));
  const file = join(out, 'sshd-fixture.js');
  require('esbuild').buildSync({
    entryPoints: [join(__dirname, '..', 'test', 'helpers', 'sshd-fixture.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: file,
    logLevel: 'warning',
  });
  const mod = require(file);
  rmSync(out, { recursive: true, force: true });
  return mod;
}

/** One ssh config naming every fixture under its own alias (bench-host-1 …). */
function combinedConfig(dir, fixtures) {
  const path = join(dir, 'ssh_config');
  const block = (f, alias, skipRc) =>
    [
      `Host ${alias}`,
      '  HostName 127.0.0.1',
      `  Port ${f.port}`,
      `  User ${f.user}`,
      `  IdentityFile ${join(f.dir, 'user_key')}`,
      '  IdentitiesOnly yes',
      `  UserKnownHostsFile ${f.knownHostsPath}`,
      '  GlobalKnownHostsFile /dev/null',
      '  BatchMode yes',
      '  LogLevel ERROR',
      ...(skipRc ? ['  SetEnv SHLVL=1'] : []),
      '',
    ].join('\n');
  const blocks = fixtures.map((f, i) => block(f, `bench-host-${i + 1}`, true));
  blocks.push(block(fixtures[0], 'bench-host-rc', false));
  writeFileSync(path, blocks.join('\n'), { mode: 0o600 });
  return path;
}

/** Whether `ssh ALIAS true` completes within 10 s (rc files included). */
function loginHealthy(config, alias) {
  try {
    require('node:child_process').execFileSync('ssh', ['-F', config, alias, 'true'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

module.exports = async function remote({ iterations = 200, setups = 7, hostCount = 5 } = {}) {
  const { SshdFixture, findSshd } = loadFixture();
  if (!findSshd()) {
    process.stderr.write('remote: skipped (sshd is not installed)\n');
    return { skipped: 'sshd not installed' };
  }
  const tmux = new Tmux().start('bench', 10);
  const fixtures = [];
  const servers = [];
  const dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-bench-ssh-'));
  try {
    for (let i = 0; i < hostCount; i++) fixtures.push(await new SshdFixture().start());
    const config = combinedConfig(dir, fixtures);
    const hosts = fixtures.map((_, i) => `bench-host-${i + 1}`);
    const rcHost = loginHealthy(config, 'bench-host-rc') ? 'bench-host-rc' : null;
    if (!rcHost) process.stderr.write('remote: a login through the rc files did not finish within 10 s; that series is skipped\n');
    const env = (extra = {}) => ({
      TMUX_MCP_SSH_CONFIG: config,
      TMUX_MCP_HOSTS: [...hosts, ...(rcHost ? [rcHost] : [])].join(','),
      ...extra,
    });
    const windowId = tmux.run('display-message', '-p', '-t', 'bench', '#{window_id}');
    const listPanes = (s, host) => s.client.callTool({ name: 'list_panes', arguments: { window_id: windowId, ...(host ? { host } : {}) } });
    const checked = async (s, host) => {
      const r = await listPanes(s, host);
      if (r.isError || r.structuredContent.result.length !== 10)
        throw new Error(`list_panes ${host ?? 'local'}: ${JSON.stringify(r).slice(0, 300)}`);
    };

    // Connection set-up: fresh servers, one at a time, each one's first remote call.
    const setup = [];
    for (let i = 0; i < setups; i++) {
      const s = await startServer(tmux.socket, 'control', env());
      servers.push(s);
      setup.push(await time(() => checked(s, hosts[0])));
      await s.close();
      servers.pop();
    }

    const local = await startServer(tmux.socket, 'control', env());
    const remoteControl = await startServer(tmux.socket, 'control', env());
    const remoteExec = await startServer(tmux.socket, 'exec', env());
    servers.push(local, remoteControl, remoteExec);
    const series = {
      local: () => checked(local),
      remoteControl: () => checked(remoteControl, hosts[0]),
      remoteExec: () => checked(remoteExec, hosts[0]),
      ...(rcHost ? { remoteExecRc: () => checked(remoteExec, rcHost) } : {}),
    };
    const names = Object.keys(series);
    const samples = await interleave(series, iterations);

    // RSS: the local series' server before and after it has reached every host.
    const rssLocalOnly = rssMb(local.pid);
    for (const h of hosts) await checked(local, h);
    for (let i = 0; i < 100; i++) for (const h of hosts) await checked(local, h);
    const rssHosts = rssMb(local.pid);

    return {
      hosts: hostCount,
      latency: Object.fromEntries(names.map((n) => [n, stats(samples[n])])),
      setup: stats(setup),
      rss: { localOnly: rssLocalOnly, withHosts: rssHosts },
    };
  } finally {
    for (const s of servers) await s.close().catch(() => undefined);
    for (const f of fixtures) await f.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    tmux.kill();
  }
};
