import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { capture, paneOptions, until } from './pane-io-helpers';

/**
 * run_command types only into a shell at its prompt, and a line the shell reads after the call
 * ended does nothing (docs/reference/tools.md#run_command, docs/reference/engine.md#run-claim).
 */
interface RunResult {
  run_id: string;
  state: string;
  exit_status: number | null;
  timed_out: boolean;
  output: string[];
}

const has = (bin: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('run_command: start, shells and other programs', () => {
  const fx = new TmuxFixture();
  let h: McpHarness;
  let dir: string;

  beforeAll(async () => {
    fx.start('alpha');
    h = await McpHarness.start({ socket: fx.socket });
    dir = mkdtempSync(join(tmpdir(), 'run-start-'));
    // A shell whose start-up files take 6 s (a slow ~/.bashrc): it prints nothing until then.
    writeFileSync(join(dir, 'slowrc'), 'sleep 6\nPS1="slow\\$ "\n');
  });
  afterAll(async () => {
    await h.close();
    fx.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const pane = (cmd: string): string => fx.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', cmd);
  const prompt = (p: string, re: RegExp) => until(() => re.test(capture(fx, p).trimEnd()), `prompt in ${p}`, 800);

  it('a shell still reading its start-up files: did not start within 2 s, and the line never runs later', async () => {
    const marker = join(dir, 'ran-late');
    for (const shell of [`bash --rcfile ${dir}/slowrc`, `sh -c 'sleep 6; exec bash --rcfile ${dir}/norc'`]) {
      writeFileSync(join(dir, 'norc'), 'PS1="slow\\$ "\n');
      const p = pane(shell);
      const e = await h.err('run_command', { command: `touch ${marker}`, pane_id: p, timeout: 2 });
      expect(e.text.split('\n')[0]).toBe(`The command did not start in pane ${p} within 2 s; it will not run`);
      expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
      expect(paneOptions(fx, p)).not.toMatch(/@[kwqsbe]_/);
      // The shell comes up and reads the typed line: it does nothing. A later run in the same pane
      // is read after it, so once that one returned the earlier line has been read.
      await prompt(p, /slow\$$/);
      const after = await h.ok<RunResult>('run_command', { command: 'echo after-$((1+1))', pane_id: p, timeout: 10 });
      expect(after).toMatchObject({ exit_status: 0, output: ['after-2'] });
      expect(existsSync(marker)).toBe(false);
    }
  }, 60_000);

  it('a shell that is merely slow to start: run_command waits for it within its timeout', async () => {
    const p = pane(`bash --rcfile ${dir}/slowrc`);
    const r = await h.ok<RunResult>('run_command', { command: 'echo slow-$((6*7))', pane_id: p, timeout: 15 });
    expect(r).toMatchObject({ exit_status: 0, timed_out: false, output: ['slow-42'] });
  }, 30_000);

  it('a pane still running an earlier run (read -p waiting): an error naming the run, nothing typed', async () => {
    const p = pane('bash --norc');
    await prompt(p, /[$#]$/);
    const first = await h.ok<RunResult>('run_command', {
      command: "read -p 'Password: ' x; echo got $x",
      pane_id: p,
      timeout: 1,
      return_on_input: false,
    });
    expect(first).toMatchObject({ timed_out: true, output: ['Password: '] });
    const before = capture(fx, p);
    const e = await h.err('run_command', { command: 'echo NEXT', pane_id: p, timeout: 2 });
    // It names the run, its command and its age, and offers wait_for_run before C-c; never a blind retry.
    expect(e.text).toMatch(
      new RegExp(
        `^Pane ${p} is still running ${first.run_id} \\('read -p \\\\'Password: \\\\' x; echo got \\$x', started \\d+ s ago\\); nothing was typed\\n`,
      ),
    );
    expect(e.text.indexOf('wait_for_run')).toBeGreaterThan(0);
    expect(e.text.indexOf('wait_for_run')).toBeLessThan(e.text.indexOf('send_keys C-c'));
    expect(e.text).not.toMatch(/retry/i);
    expect(capture(fx, p)).toBe(before);
    // Freed, the pane takes commands again, and the earlier run left nothing behind.
    fx.tmux('send-keys', '-t', p, 'C-c');
    await until(() => !/@[kq]_/.test(paneOptions(fx, p)), 'the earlier run ended');
    expect((await h.ok<RunResult>('run_command', { command: 'echo NEXT', pane_id: p })).output).toEqual(['NEXT']);
  });

  it('another program at the prompt (python3, cat): an error naming it, nothing typed', async () => {
    for (const prog of ['cat', 'python3 -q']) {
      const p = pane(prog);
      const name = prog.split(' ')[0];
      await until(() => fx.tmux('display-message', '-p', '-t', p, '#{pane_current_command}') === name, `${name} runs`);
      if (name === 'python3') await prompt(p, />>>$/);
      else fx.tmux('send-keys', '-t', p, '-l', 'typed-by-user'); // cat: the pane shows something
      await until(() => capture(fx, p).trim() !== '', 'the pane shows something');
      const before = capture(fx, p);
      const e = await h.err('run_command', { command: 'echo hi', pane_id: p, timeout: 2 });
      expect(e.text.split('\n')[0]).toBe(
        `Pane ${p} is running '${name}', not a shell at its prompt (run_command speaks POSIX shells and fish); nothing was typed`,
      );
      expect(capture(fx, p)).toBe(before);
      expect(paneOptions(fx, p)).not.toMatch(/@[kwqsbe]_/);
    }
  });

  (has('fish') ? it : it.skip)('speaks fish: status and output, nothing left in the pane', async () => {
    const p = pane('fish --no-config');
    await until(() => capture(fx, p).trim() !== '', 'fish prompt');
    const r = await h.ok<RunResult>('run_command', { command: 'echo hello; false', pane_id: p, timeout: 10 });
    expect(r).toMatchObject({ exit_status: 1, timed_out: false, output: ['hello'] });
    expect(capture(fx, p)).not.toMatch(/Unsupported use|fish: /);
    const two = await h.ok<RunResult>('run_command', { command: 'for i in 1 2; echo n$i; end', pane_id: p, timeout: 10 });
    expect(two).toMatchObject({ exit_status: 0, output: ['n1', 'n2'] });
    expect(paneOptions(fx, p)).not.toMatch(/@[kwqsbe]_/);
  });

  (has('zsh') ? it : it.skip)('speaks zsh', async () => {
    const p = pane('zsh -f');
    await until(() => capture(fx, p).trim() !== '', 'zsh prompt');
    const r = await h.ok<RunResult>('run_command', { command: 'echo hello; false', pane_id: p, timeout: 10 });
    expect(r).toMatchObject({ exit_status: 1, output: ['hello'] });
  });
});
