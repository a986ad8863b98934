/**
 * Waiting for input, from the kernel (docs/reference/engine.md#waiting-for-input), on a local tmux
 * server and both engines: the probe's answer for a shell at its prompt, a question, `cat`, a
 * pager, `sleep` and a pane program; the program's name inside run_command's wrapper; the remote
 * script gatherer run against the same panes (it must agree with this machine's /proc, also with
 * fish and zsh as the job's default-shell); snapshot_pane's `waiting_for_input`. Every wait polls
 * real state, bounded.
 */
import { existsSync } from 'node:fs';
import { classifyPane } from '../../../src/services/input-probe.classifier';
import { InputProbe, type InputState, UNKNOWN_INPUT } from '../../../src/services/input-probe.service';
import { gatherByScript } from '../../../src/services/input-probe.script';
import { TmuxServerPool } from '../../../src/services/tmux-server-pool.service';
import type { TmuxEngine } from '../../../src/tmux/tmux-engine';
import { McpHarness } from '../../helpers/mcp-harness';
import { until } from '../../helpers/poll';
import { TmuxFixture } from '../../helpers/tmux-fixture';

// `exec`: the pane's own process is bash whatever the default-shell (dash forks for a command).
const BASH = "exec env PS1='$ ' bash --norc --noprofile";

describe('waiting for input (docs/reference/engine.md#waiting-for-input)', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let engine: TmuxEngine;
  let probe: InputProbe;

  beforeAll(async () => {
    tmux.start('wfi');
    h = await McpHarness.start({ socket: tmux.socket });
    engine = h.app.container.resolve(TmuxServerPool).engine();
    probe = h.app.container.resolve(InputProbe);
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  const screen = (pane: string) => tmux.tmux('capture-pane', '-p', '-J', '-t', pane);
  const target = (pane: string) => {
    const [pid, tty] = tmux.tmux('display-message', '-p', '-t', pane, '#{pane_pid} #{pane_tty}').split(' ');
    return { paneId: pane, panePid: Number(pid), paneTty: tty };
  };
  const local = async (pane: string): Promise<InputState> => (await probe.probePanes(engine, [pane])).get(pane) ?? UNKNOWN_INPUT;
  /** The remote path's gatherer, run against this local server: the same answer from the job's look. */
  const viaScript = async (pane: string): Promise<InputState> => {
    const look = await gatherByScript(engine, [target(pane)], undefined, { timeoutMs: 10_000 });
    const facts = look.facts.get(pane);
    return facts ? classifyPane(facts) : UNKNOWN_INPUT;
  };
  const settle = (pane: string, ok: (s: InputState) => boolean, what: string) => until(() => local(pane), ok, `${what} in ${pane}`);

  /** A fresh bash pane at its prompt. */
  async function bashPane(): Promise<string> {
    const pane = tmux.tmux('new-window', '-d', '-t', 'wfi:', '-P', '-F', '#{pane_id}', BASH);
    await until(
      () => screen(pane).trimEnd(),
      (s) => s.endsWith('$'),
      `prompt in ${pane}`,
    );
    return pane;
  }
  const type = (pane: string, line: string) => {
    tmux.tmux('send-keys', '-t', pane, '-l', line);
    tmux.tmux('send-keys', '-t', pane, 'Enter');
  };

  it('a shell at its prompt waits, in its own group, named as tmux names it', async () => {
    const pane = await bashPane();
    const s = await settle(pane, (x) => x.waiting === true, 'the prompt read');
    expect(s).toEqual({ waiting: true, shellForeground: true, program: 'bash' });
    expect(await viaScript(pane)).toEqual(s);
  });

  it('a question waits: read in a subshell (its own group) and read at the prompt (the shell itself)', async () => {
    const sub = await bashPane();
    type(sub, "( read -p 'Q? ' x )");
    await until(
      () => screen(sub),
      (t) => /^Q\? $/m.test(t),
      'the question',
    );
    const s = await settle(sub, (x) => x.shellForeground === false && x.waiting === true, 'the subshell reading');
    expect(s).toEqual({ waiting: true, shellForeground: false, program: 'bash' });
    expect(await viaScript(sub)).toEqual(s);
    // The builtin at the prompt runs in the shell's own process: its group is the pane's.
    const builtin = await bashPane();
    type(builtin, "read -p 'Q? ' x");
    await until(
      () => screen(builtin),
      (t) => /^Q\? $/m.test(t),
      'the question',
    );
    expect(await settle(builtin, (x) => x.waiting === true, 'read')).toEqual({ waiting: true, shellForeground: true, program: 'bash' });
  });

  it('cat and a full-screen pager wait', async () => {
    const pane = await bashPane();
    type(pane, 'cat');
    const cat = await settle(pane, (x) => x.program === 'cat' && x.waiting === true, 'cat reading');
    expect(cat).toEqual({ waiting: true, shellForeground: false, program: 'cat' });
    expect(await viaScript(pane)).toEqual(cat);
    tmux.tmux('send-keys', '-t', pane, 'C-d');
    await settle(pane, (x) => x.shellForeground === true, 'back at the prompt');
    type(pane, 'less /etc/passwd');
    await until(
      () => tmux.tmux('display-message', '-p', '-t', pane, '#{alternate_on}'),
      (v) => v === '1',
      'less on the alternate screen',
    );
    const less = await settle(pane, (x) => x.program === 'less' && x.waiting === true, 'less reading /dev/tty');
    expect(less).toEqual({ waiting: true, shellForeground: false, program: 'less' });
    expect(await viaScript(pane)).toEqual(less);
    tmux.tmux('send-keys', '-t', pane, 'q');
    await settle(pane, (x) => x.shellForeground === true && x.waiting === true, 'back at the prompt');
  });

  it('sleep does not wait; after C-c the shell reads again', async () => {
    const pane = await bashPane();
    type(pane, 'sleep 30');
    const s = await settle(pane, (x) => x.program === 'sleep', 'sleep in the foreground');
    expect(s).toEqual({ waiting: false, shellForeground: false, program: 'sleep' });
    expect(await viaScript(pane)).toEqual(s);
    tmux.tmux('send-keys', '-t', pane, 'C-c');
    expect(await settle(pane, (x) => x.shellForeground === true, 'back at the prompt')).toMatchObject({ program: 'bash' });
  });

  it("a pane's own program that waits for its child is its group, not waiting", async () => {
    const pane = tmux.tmux('new-window', '-d', '-t', 'wfi:', '-P', '-F', '#{pane_id}', 'exec sh -c "sleep 30; echo done"');
    const s = await until(
      () => local(pane),
      (x) => x.waiting !== null && x.program === 'sh' && tmux.tmux('display-message', '-p', '-t', pane, '#{pane_current_command}') === 'sh',
      'sh and sleep',
    );
    expect(s).toEqual({ waiting: false, shellForeground: true, program: 'sh' });
    expect(await viaScript(pane)).toEqual(s);
  });

  it("names the program inside run_command's wrapper as a person would see it", async () => {
    const pane = await bashPane();
    // The wrapper's shape: a subshell that ignores SIGINT around a subshell running the command.
    tmux.tmux('send-keys', '-t', pane, '-l', '(trap : INT; ( less /etc/passwd');
    tmux.tmux('send-keys', '-t', pane, 'Enter');
    type(pane, '))');
    await until(
      () => tmux.tmux('display-message', '-p', '-t', pane, '#{alternate_on}'),
      (v) => v === '1',
      'less on the alternate screen',
    );
    const s = await settle(pane, (x) => x.program === 'less' && x.waiting === true, 'less in the wrapper');
    expect(s).toEqual({ waiting: true, shellForeground: false, program: 'less' });
    expect(tmux.tmux('display-message', '-p', '-t', pane, '#{pane_current_command}')).toBe('bash');
    expect(await viaScript(pane)).toEqual(s);
    tmux.tmux('send-keys', '-t', pane, 'q');
  });

  it('the job runs under any default-shell (fish, zsh) and on the control connection', async () => {
    const pane = await bashPane();
    type(pane, 'cat');
    const s = await settle(pane, (x) => x.program === 'cat' && x.waiting === true, 'cat reading');
    const shell = tmux.tmux('show-options', '-gv', 'default-shell');
    try {
      for (const sh of ['/usr/bin/fish', '/usr/bin/zsh', '/bin/sh'].filter((p) => existsSync(p))) {
        tmux.tmux('set-option', '-g', 'default-shell', sh);
        expect(await viaScript(pane)).toEqual(s);
        // briefJob: the batch stays on the control client (docs/reference/engine.md#subprocess-commands).
        if (process.env.TMUX_MCP_ENGINE !== 'exec') expect(engine.mode).toBe('control');
      }
    } finally {
      tmux.tmux('set-option', '-g', 'default-shell', shell);
    }
    // Nothing of the probe is left in tmux.
    expect(tmux.tmux('show-options', '-g')).not.toContain('@tmux_mcp_probe');
    tmux.tmux('send-keys', '-t', pane, 'C-d');
  });

  it('several panes in one look; a pane that does not exist is unknown', async () => {
    const a = await bashPane();
    const b = await bashPane();
    type(b, 'sleep 30');
    await settle(b, (x) => x.program === 'sleep', 'sleep');
    const both = await probe.probePanes(engine, [a, b, '%999999']);
    expect(both.get(a)).toMatchObject({ waiting: true, shellForeground: true });
    expect(both.get(b)).toMatchObject({ waiting: false, program: 'sleep' });
    expect(both.get('%999999')).toEqual(UNKNOWN_INPUT);
    const look = await gatherByScript(engine, [target(a), target(b)], 'x86_64', { timeoutMs: 10_000 });
    expect(classifyPane(look.facts.get(a)!)).toEqual(both.get(a));
    expect(classifyPane(look.facts.get(b)!)).toEqual(both.get(b));
    tmux.tmux('send-keys', '-t', b, 'C-c');
  });

  it('snapshot_pane says waiting_for_input (docs/reference/tools.md#snapshot_pane)', async () => {
    const snap = async (pane: string) =>
      (await h.ok<{ waiting_for_input: boolean | null }>('snapshot_pane', { pane_id: pane })).waiting_for_input;
    const prompt = await bashPane();
    expect(
      await until(
        () => snap(prompt),
        (v) => v === true,
        'prompt',
      ),
    ).toBe(true);
    const cat = await bashPane();
    type(cat, 'cat');
    await settle(cat, (x) => x.program === 'cat', 'cat');
    expect(
      await until(
        () => snap(cat),
        (v) => v === true,
        'cat',
      ),
    ).toBe(true);
    const sleeper = await bashPane();
    type(sleeper, 'sleep 30');
    await settle(sleeper, (x) => x.program === 'sleep', 'sleep');
    expect(await snap(sleeper)).toBe(false);
    tmux.tmux('send-keys', '-t', sleeper, 'C-c');
    tmux.tmux('send-keys', '-t', cat, 'C-d');
  });
});
