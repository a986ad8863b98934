import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { until } from '../../helpers/poll';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { followsInBand, paneOptions, readyPane } from './pane-io-helpers';

interface RunResult {
  exit_status: number | null;
  output: string[];
  output_truncated: boolean;
  output_truncated_lines: number;
}

const EXACT = /^\[\.\.\. (\d+) lines omitted \.\.\.\]$/;
const AT_LEAST = /^\[\.\.\. at least (\d+) lines omitted \(they left tmux's history\) \.\.\.\]$/;

/** Exact line counts (docs/reference/engine.md#run-line-count): kept lines + omitted = lines printed. */
describe('run_command counts every line it does not return', () => {
  const fx = new TmuxFixture();
  let h: McpHarness;
  let dir: string;

  beforeAll(async () => {
    fx.start('count');
    dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-count-'));
    h = await McpHarness.start({ socket: fx.socket });
  });
  afterAll(async () => {
    await h.close();
    fx.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (args: Record<string, unknown>) => h.ok<RunResult>('run_command', args);
  /** A sh pane with a history of 100 lines. */
  const smallHistoryPane = async (): Promise<string> => {
    // tmux sizes a pane's history when it creates the pane.
    fx.tmux('set-option', '-g', 'history-limit', '100');
    const pane = fx.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', 'sh');
    fx.tmux('set-option', '-g', 'history-limit', '2000');
    return readyPane(fx, pane);
  };
  /**
   * Nothing of the run is left: no option of any run, no pipe. The borrowed pipe stores its count
   * when it sees the end marker, which may be just after the call returned, and tmux unsets it 5 s
   * later (docs/reference/engine.md#run_command-leftovers): so this waits for that, bounded.
   */
  const clean = async (pane: string) => {
    await until(
      () => paneOptions(fx, pane),
      (o) => !/^@[kwqsbeapc]_[0-9a-f]{10}/m.test(o),
      'no option of the run is left',
    );
    expect(fx.tmux('display-message', '-p', '-t', pane, '#{pane_pipe}')).toBe('0');
  };

  it('seq 1 1000 with history-limit 100: the omitted count is exact (kept + N = 1000)', async () => {
    const pane = await smallHistoryPane();
    const r = await run({ command: 'seq 1 1000', pane_id: pane });
    expect(r.exit_status).toBe(0);
    expect(r.output[0]).toMatch(EXACT);
    const n = Number(EXACT.exec(r.output[0])?.[1]);
    const kept = r.output.slice(1);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length + n).toBe(1000);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => String(1001 - kept.length + i)));
    expect(r.output_truncated).toBe(true);
    expect(r.output_truncated_lines).toBe(n);
    await clean(pane);
  });

  it('with max_lines the count is exact too', async () => {
    const pane = await smallHistoryPane();
    const r = await run({ command: 'seq 1 1000', pane_id: pane, max_lines: 10 });
    expect(r.output).toEqual(['991', '992', '993', '994', '995', '996', '997', '998', '999', '1000']);
    expect(r.output_truncated_lines).toBe(990);
  });

  it('terminal lines end at \\n: \\r\\n ends one, a bare \\r (a progress bar) rewrites the row', async () => {
    const pane = await smallHistoryPane();
    // 300 rows, each first drawn as a progress bar then overwritten; one more with a bare-\r bar.
    const command =
      "i=0; while [ $i -lt 300 ]; do printf '%d\\r' $i; printf 'row%d\\r\\n' $i; i=$((i+1)); done; printf '10%%\\r50%%\\r100%%\\n'";
    const r = await run({ command, pane_id: pane });
    expect(r.exit_status).toBe(0);
    const n = Number(EXACT.exec(r.output[0])?.[1]);
    const kept = r.output.slice(1);
    expect(kept.length + n).toBe(301);
    expect(r.output_truncated_lines).toBe(n);
    expect(kept[kept.length - 1]).toBe('100%');
    expect(kept[kept.length - 2]).toBe('row299');
    await clean(pane);
  });

  it("leaves the user's own pipe alone; counts in band, else says 'at least' (docs/reference/engine.md#in-band-run-end)", async () => {
    const pane = await smallHistoryPane();
    const file = join(dir, 'user-pipe.log');
    fx.tmux('pipe-pane', '-t', pane, `cat >> '${file}'`);
    expect(fx.tmux('display-message', '-p', '-t', pane, '#{pane_pipe}')).toBe('1');
    const r = await run({ command: 'seq 1 1000', pane_id: pane });
    if (followsInBand) {
      // The control engine counted the lines itself: the user's pipe does not matter.
      const n = Number(EXACT.exec(r.output[0])?.[1]);
      expect(r.output.length - 1 + n).toBe(1000);
      expect(r.output_truncated_lines).toBe(n);
    } else {
      const n = Number(AT_LEAST.exec(r.output[0])?.[1]);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(r.output.length - 1 + n).toBeLessThanOrEqual(1000);
      expect(r.output_truncated_lines).toBe(n);
    }
    // Still the user's pipe: it goes on receiving the pane's output after the run.
    expect(fx.tmux('display-message', '-p', '-t', pane, '#{pane_pipe}')).toBe('1');
    await run({ command: 'echo still-piped-$((40+2))', pane_id: pane });
    await until(
      () => readFileSync(file, 'utf8'),
      (t) => t.includes('still-piped-42'),
      "the user's pipe got the later output",
    );
    expect(fx.tmux('display-message', '-p', '-t', pane, '#{pane_pipe}')).toBe('1');
    fx.tmux('pipe-pane', '-t', pane);
  });

  it('an output that fits keeps every line and borrows the pipe only for the run', async () => {
    const pane = await smallHistoryPane();
    const r = await run({ command: "printf 'a\\r\\nb\\n\\nc'", pane_id: pane });
    expect(r.output).toEqual(['a', 'b', '', 'c']);
    expect(r.output_truncated).toBe(false);
    await clean(pane);
  });
});
