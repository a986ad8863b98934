import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { capture, until } from './pane-io-helpers';

interface RunResult {
  run_id: string;
  state: string;
  exit_status: number | null;
  output: string[];
}

/**
 * F8, a run a person can read (docs/reference/engine.md#run-payload): the typed line is the
 * command first with at most 60 characters of machinery; progress messages and results never
 * show the machinery; nothing of the run stays in the shell; `suppress_history` keeps the line
 * out of bash's history with HISTCONTROL unset and out of zsh's with HIST_IGNORE_SPACE.
 */
describe('run_command: a run a person can read', () => {
  const fx = new TmuxFixture();
  let h: McpHarness;
  let n = 0;

  beforeAll(async () => {
    fx.start('readable');
    h = await McpHarness.start({ socket: fx.socket });
  });
  afterAll(async () => {
    await h.close();
    fx.kill();
  });

  /** A pane running `argv` (a shell without rc files), at its prompt. */
  const shellPane = async (argv: string): Promise<string> => {
    const p = fx.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', argv);
    await until(() => /[$#%>] ?$/.test(capture(fx, p).trimEnd()), `a prompt in ${p}`, 800);
    return p;
  };

  /** Types `line` into the pane as a person would and returns what it printed before `end`. */
  const typed = async (pane: string, line: string): Promise<string[]> => {
    const end = `@@end${++n}`;
    fx.tmux('send-keys', '-t', pane, '-l', `${line}; echo ${end.slice(0, 2)}""${end.slice(2)}`);
    fx.tmux('send-keys', '-t', pane, 'Enter');
    let rows: string[] = [];
    await until(
      () => {
        rows = capture(fx, pane).split('\n');
        return rows.some((r) => r === end);
      },
      `${end} in ${pane}`,
      800,
    );
    const at = rows.indexOf(end);
    let start = at - 1;
    while (start >= 0 && !rows[start].includes(`${end.slice(0, 2)}""${end.slice(2)}`)) start--;
    return rows.slice(start + 1, at);
  };

  it('types the command first with at most 60 characters of machinery, on one row, and leaves nothing in the shell', async () => {
    const pane = await shellPane('env PS1=$ bash --norc --noprofile -i');
    const command = 'echo readable-$((40+2))';
    const r = await h.ok<RunResult>('run_command', { pane_id: pane, command });
    expect(r).toMatchObject({ state: 'finished', exit_status: 0, output: ['readable-42'] });
    const rows = capture(fx, pane).split('\n');
    const row = rows.find((l) => l.includes(command));
    expect(row).toBeDefined();
    // The prompt, then the command (inside its function), then the machinery.
    const body = row!.slice(1);
    expect(body.indexOf(command)).toBeLessThanOrEqual(' _tmcp(){ '.length);
    expect(body.length - command.length).toBeLessThanOrEqual(60);
    // The result row right below it is the output: the typed line took one row.
    expect(rows[rows.indexOf(row!) + 1]).toBe('readable-42');
    // The run's function is gone from the shell.
    expect(await typed(pane, 'type _tmcp >/dev/null 2>&1 && echo still-there || echo gone')).toEqual(['gone']);
  });

  it('progress messages show the prompt and the command, never the machinery', async () => {
    const pane = await shellPane('env PS1=$ bash --norc --noprofile -i');
    const gate = `readable-gate-${process.pid}`;
    const command = `tmux -L ${fx.socket} wait-for ${gate}`;
    const messages: string[] = [];
    let released = false;
    const r = await h.call(
      'run_command',
      { pane_id: pane, command, timeout: 25 },
      {
        onprogress: (p) => {
          const m = (p as { message?: string }).message;
          if (m !== undefined) messages.push(m);
          // The command ends once a message showed its row (state, not time).
          if (!released && m?.includes(command)) {
            released = true;
            void fx.tmuxAsync('wait-for', '-S', gate);
          }
        },
      },
    );
    expect(r.isError).toBeFalsy();
    expect(released).toBe(true);
    expect(messages).toContain(`$ ${command}`);
    for (const m of messages) expect(m).not.toMatch(/_tmcp|@k_|eval|run -t/);
  });

  it('suppress_history: not in the history of bash with HISTCONTROL unset; kept when false (the check can fail)', async () => {
    const pane = await shellPane('env -u HISTCONTROL HISTFILE=/dev/null PS1=$ bash --norc --noprofile -i');
    await h.ok('run_command', { pane_id: pane, command: 'echo hist-probe-a' });
    await h.ok('run_command', { pane_id: pane, command: 'echo hist-probe-b', suppress_history: false });
    // The grep's own line holds `hist[-]probe`, which the pattern does not match.
    expect(await typed(pane, `history | grep -o 'hist[-]probe-[ab]'`)).toEqual(['hist-probe-b']);
  });

  it('suppress_history in bash with ignorespace: the line is out of its history and the entry before it stays', async () => {
    const pane = await shellPane('env HISTCONTROL=ignorespace HISTFILE=/dev/null PS1=$ bash --norc --noprofile -i');
    expect(await typed(pane, 'echo kept-entry')).toEqual(['kept-entry']);
    await h.ok('run_command', { pane_id: pane, command: 'echo hist-probe-c' });
    expect(await typed(pane, `history | grep -o -e 'kept[-]entry' -e 'hist[-]probe-c'`)).toEqual(['kept-entry']);
  });

  it('suppress_history in zsh with HIST_IGNORE_SPACE: not in its history', async () => {
    const pane = await shellPane('env PS1=$ zsh -f -i');
    await typed(pane, 'setopt HIST_IGNORE_SPACE');
    await h.ok('run_command', { pane_id: pane, command: 'echo hist-probe-z' });
    await h.ok('run_command', { pane_id: pane, command: 'echo hist-probe-y', suppress_history: false });
    expect(await typed(pane, `fc -ln 1 | grep -o 'hist[-]probe-[yz]'`)).toEqual(['hist-probe-y']);
  });
});
