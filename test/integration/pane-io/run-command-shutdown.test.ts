import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { minimalEnv, RawServer } from '../../helpers/cli-process';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { paneOptions, until } from './pane-io-helpers';

/**
 * A run whose line tmux typed while the server was stopping (docs/reference/engine.md#run_command-leftovers):
 * the stop waits for the setup in flight, claims the run and disarms its line before the process
 * exits, so the line does nothing when the pane's shell reads it later. The server is the CLI
 * (its stop ends in process.exit), on the subprocess engine; the setup is held in flight by its
 * tmux binary, a script that runs tmux and then, for the setup's batch (the one process that
 * sends keys), waits until the test writes to a FIFO.
 */
describe('run_command while the server stops', () => {
  const fx = new TmuxFixture();
  let dir: string;
  let fifo: string;
  let bin: string;

  beforeAll(() => {
    fx.start('stopping');
    dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-stop-'));
    fifo = join(dir, 'release');
    execFileSync('mkfifo', [fifo]);
    const real = execFileSync('sh', ['-c', 'command -v tmux'], { encoding: 'utf8' }).trim();
    bin = join(dir, 'tmux');
    writeFileSync(
      bin,
      `#!/bin/sh\ncase "$*" in *send-keys*) '${real}' "$@"; rc=$?; read _ < '${fifo}'; exit $rc;; esac\nexec '${real}' "$@"\n`,
    );
    chmodSync(bin, 0o755);
  });
  afterAll(() => {
    fx.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('at stdin EOF, a line typed during the stop is disarmed: it did not start and will not run', async () => {
    // A shell that reads nothing for 30 s: the typed line waits in the terminal.
    const pane = fx.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', '-t', 'stopping', `sh -c 'sleep 30; exec sh'`).trim();
    const s = new RawServer(
      ['--socket-name', fx.socket],
      minimalEnv({ TMUX_MCP_ENGINE: 'exec', TMUX_MCP_TMUX_BIN: bin, TMUX_MCP_LOG_LEVEL: 'info' }),
    );
    await s.initialize();
    void s.request('tools/call', { name: 'run_command', arguments: { pane_id: pane, command: 'true', timeout: 25 } });
    // tmux ran the setup batch (the line is typed and armed); its process has not ended.
    await until(() => /@k_[0-9a-f]{10}/.test(paneOptions(fx, pane)), 'the line is typed');
    s.proc.stdin.end();
    await until(() => s.stderr.includes('shutdown: waiting for 1 run setup(s) in flight'), 'the stop waits for the setup');
    await writeFile(fifo, 'go\n');
    await s.exited;
    // Disarmed: nothing of the claim is left for the shell to find when it reads the line.
    expect(paneOptions(fx, pane)).not.toMatch(/@k_[0-9a-f]{10}/);
    expect(paneOptions(fx, pane)).not.toMatch(/@tmux_mcp_run/);
    expect(s.stderr).toContain(`the command did not start in pane ${pane} and will not run`);
    expect(s.stderr).not.toContain('keeps running');
    fx.tmux('kill-pane', '-t', pane);
  }, 60_000);
});
