import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { RunRegistry } from '../../../src/services/run-registry.service';
import { followsInBand, readyPane, until } from './pane-io-helpers';

/**
 * The processes a run starts (docs/reference/engine.md#in-band-run-end), counted through the
 * server's tmux binary: a script that logs each invocation and runs tmux. Every tmux process of
 * the server and of the run (the typed line's and the wrapper's clients, the borrowed pipe's
 * client, the server's `wait-for` children) goes through it.
 */
describe('run_command: the processes of a run', () => {
  const fx = new TmuxFixture();
  let h: McpHarness;
  let dir: string;
  let log: string;

  beforeAll(async () => {
    fx.start('procs');
    dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-procs-'));
    log = join(dir, 'invocations.log');
    const real = execFileSync('sh', ['-c', 'command -v tmux'], { encoding: 'utf8' }).trim();
    const bin = join(dir, 'tmux');
    // A client that sources its stdin (the run's tail) is logged with what it read.
    writeFileSync(
      bin,
      `#!/bin/sh\ncase "$*" in *' source -') c=$(cat); printf '%s\\n' "$* $c" >> '${log}'; printf '%s' "$c" | '${real}' "$@"; exit $?;; esac\n` +
        `printf '%s\\n' "$*" >> '${log}'\nexec '${real}' "$@"\n`,
    );
    chmodSync(bin, 0o755);
    h = await McpHarness.start({ socket: fx.socket, config: { tmuxBin: bin } });
  });
  afterAll(async () => {
    await h.close();
    fx.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const invocations = (): string[] => readFileSync(log, 'utf8').split('\n').filter(Boolean);

  it('two tmux clients in the pane (the claim and the tail), and in band nothing else: no pipe, no wait-for child', async () => {
    const pane = await readyPane(fx);
    const registry = h.app.container.resolve(RunRegistry);
    const run = async () => {
      const r = await h.ok<{ exit_status: number; run_id: string }>('run_command', { command: 'true', pane_id: pane });
      expect(r.exit_status).toBe(0);
      return r.run_id.slice(2);
    };
    // The engine's own start (version, attach) is not the run's.
    await run();
    await until(() => registry.following() === 0, 'the first run is no longer followed');
    writeFileSync(log, '');
    const first = await run();
    const second = await run();
    await until(() => registry.following() === 0, 'no run is followed');
    const seen = invocations();
    const ofRun = (id: string) => seen.filter((l) => l.includes(id));
    for (const id of [first, second]) {
      const mine = ofRun(id);
      // The typed line's claim and the wrapper's tail (a file its one client sources from stdin).
      expect(mine.filter((l) => l.startsWith(`run -t${pane} -C #{@k_${id}}`))).toHaveLength(1);
      expect(mine.filter((l) => new RegExp(`source - set -pt${pane} @s_${id} 0 ; set -pF`).test(l))).toHaveLength(1);
      if (followsInBand) {
        expect(mine).toHaveLength(2);
      } else {
        // The subprocess engine keeps its `wait-for` child and the borrowed pipe's count client.
        expect(mine.some((l) => l.includes(`wait-for -- r_${id} `))).toBe(true);
      }
    }
    // In band, nothing but the two runs' clients started.
    if (followsInBand) expect(seen).toHaveLength(4);
    // A plain pane id is not looked up first (docs/reference/tools.md#pane-resolution): on the
    // subprocess engine every server command is a process, and none of them is a lookup.
    else expect(seen.filter((l) => /(^| )list-panes /.test(l))).toEqual([]);
  });
});
