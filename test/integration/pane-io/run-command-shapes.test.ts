import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { capture, until } from './pane-io-helpers';

/**
 * The exit status is the command's, whatever its text (docs/reference/tools.md#run_command): every
 * shape below gives, through run_command, the status the same shell gives when a person types
 * the command at its prompt. The oracle is that: the command typed into a second pane of the same
 * shell, followed by a line that prints `$?` (`$status` in fish). Commands fish cannot parse
 * (`fish -n` says so) have no status at fish's prompt; run_command reports fish's own status for
 * invalid syntax there, 123.
 */
const SHAPES: { command: string; multiLine?: boolean }[] = [
  { command: '(cd /nonexistent-dir-of-tmux-mcp && true)' },
  { command: '(exit 3)' },
  { command: '( exit 4 )' },
  { command: '((1 > 2))' },
  { command: '((2 > 1))' },
  { command: '{ false; }' },
  { command: '! true' },
  { command: 'false &' },
  { command: 'false # a trailing comment' },
  { command: 'false;' },
  { command: 'echo continued \\\nline; (exit 5)', multiLine: true },
  { command: 'grep -q needle <<EOF\nhaystack\nEOF', multiLine: true },
  { command: 'cat <<EOF\nheredoc body\nEOF\n(exit 9)', multiLine: true },
];

const has = (bin: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Whether fish can parse the text at all (`fish -n FILE`: parse only; with `-c` it exits 0 regardless). */
const fishParses = (text: string): boolean => {
  const dir = mkdtempSync(join(tmpdir(), 'fish-parse-'));
  try {
    writeFileSync(join(dir, 'cmd.fish'), `${text}\n`);
    execFileSync('fish', ['--no-config', '-n', join(dir, 'cmd.fish')], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const SHELLS: { name: string; argv: string; fish: boolean }[] = [
  { name: 'bash', argv: 'bash --norc --noprofile', fish: false },
  { name: 'zsh', argv: 'zsh -f', fish: false },
  { name: 'sh', argv: 'sh', fish: false },
  { name: 'fish', argv: 'fish --no-config', fish: true },
];

describe('F9a: the exit status is the command text’s own, in bash, zsh, sh and fish', () => {
  const fx = new TmuxFixture();
  let h: McpHarness;
  // The shells run in a directory of their own: in sh, `((1 > 2))` writes a file named 2.
  const cwd = mkdtempSync(join(tmpdir(), 'run-shapes-'));

  beforeAll(async () => {
    fx.start('shapes');
    h = await McpHarness.start({ socket: fx.socket });
  });
  afterAll(async () => {
    await h.close();
    fx.kill();
    rmSync(cwd, { recursive: true, force: true });
  });

  const shellPane = async (argv: string): Promise<string> => {
    const p = fx.tmux('new-window', '-d', '-c', cwd, '-P', '-F', '#{pane_id}', argv);
    await until(() => capture(fx, p).trim() !== '', `a prompt in ${p}`, 800);
    return p;
  };

  /** The status the shell in `pane` gives `command` typed at its prompt. */
  const typedStatus = async (pane: string, command: string, fish: boolean, n: number): Promise<number> => {
    fx.tmux('send-keys', '-t', pane, '-l', command);
    fx.tmux('send-keys', '-t', pane, 'Enter');
    fx.tmux('send-keys', '-t', pane, '-l', `echo "@@st${n}=${fish ? '$status' : '$?'}"`);
    fx.tmux('send-keys', '-t', pane, 'Enter');
    const re = new RegExp(`^@@st${n}=(\\d+)$`, 'm');
    let status = NaN;
    await until(
      () => {
        const m = re.exec(fx.tmux('capture-pane', '-p', '-J', '-S', '-', '-t', pane));
        if (m) status = Number(m[1]);
        return m !== null;
      },
      `the oracle status of ${JSON.stringify(command)}`,
      800,
    );
    return status;
  };

  (has('fish') ? it : it.skip)('fish: quotes and backslashes in the command reach fish as typed', async () => {
    const runs = await shellPane('fish --no-config');
    const command = `printf '%s\\n' 'a\\\\b' "it's" 'c\\'d' "e\\\\f"`;
    const expected = execFileSync('fish', ['--no-config', '-c', command], { encoding: 'utf8' }).split('\n').slice(0, -1);
    expect(expected).toEqual(['a\\b', "it's", "c'd", 'e\\f']);
    const r = await h.ok<{ exit_status: number | null; output: string[] }>('run_command', { command, pane_id: runs, timeout: 20 });
    expect(r).toMatchObject({ exit_status: 0, output: expected });
  });

  for (const shell of SHELLS) {
    (has(shell.name) ? it : it.skip)(
      `${shell.name}: each shape's status is the prompt's`,
      async () => {
        const oracle = await shellPane(shell.argv);
        const runs = await shellPane(shell.argv);
        const got: Record<string, [number | null, number]> = {};
        let n = 0;
        for (const shape of SHAPES) {
          const expected = shell.fish && !fishParses(shape.command) ? 123 : await typedStatus(oracle, shape.command, shell.fish, n++);
          const r = await h.ok<{ exit_status: number | null; timed_out: boolean }>('run_command', {
            command: shape.command,
            pane_id: runs,
            suppress_history: !shape.multiLine,
            timeout: 20,
          });
          expect(r.timed_out).toBe(false);
          got[shape.command] = [r.exit_status, expected];
        }
        // One comparison over every shape, so a failure lists them all.
        const mismatched = Object.entries(got).filter(([, [a, b]]) => a !== b);
        expect(mismatched).toEqual([]);
        // Not every shape is 0: the oracle itself tells statuses apart.
        expect(new Set(Object.values(got).map(([, b]) => b)).size).toBeGreaterThan(2);
      },
      120_000,
    );
  }
});
