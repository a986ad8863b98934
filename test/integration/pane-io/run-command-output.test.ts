import 'reflect-metadata';
import winston from 'winston';
import { ExpectedToolError } from '../../../src/framework/errors/tool-errors';
import { InputProbe } from '../../../src/services/input-probe.service';
import { RunRegistry } from '../../../src/services/run-registry.service';
import { TypedPanes } from '../../../src/services/typed-panes.service';
import {
  newRunIds,
  posixWord,
  posixWrapper,
  fishWord,
  shownTypedRow,
  runsInFlight,
  setupCommands,
  shellKind,
  typedLine,
} from '../../../src/services/run-command-wrapper';
import { budgetOutput, cellWidth, cutOutput, lostAtLeast, outputRange, parseMark, takeColumns } from '../../../src/services/run-output';
import { ProcessRunner } from '../../../src/tmux/process-runner';
import { formatControlLine } from '../../../src/tmux/control-quoting';
import type { TmuxEngine } from '../../../src/tmux/tmux-engine';
import { RunCommandRunner } from '../../../src/tools/pane/io/run-command.runner';

const ids = {
  id: '0123456789',
  channel: 'r_0123456789',
  claim: '@k_0123456789',
  wrapper: '@w_0123456789',
  tail: '@q_0123456789',
  option: '@s_0123456789',
  start: '@b_0123456789',
  end: '@e_0123456789',
  script: '@a_0123456789',
  piped: '@p_0123456789',
  count: '@c_0123456789',
  timers: { expiry: '@x_0123456789', cleanup: '@z_0123456789', countCleanup: '@y_0123456789' },
};
const argv = ['tmux', '-u', '-L', "it's"];
/**
 * The tail's timer: a block of the unsets of status, marks and count 15 s later (harmless where a
 * server already read and unset them), parsed with the tail itself, never when it fires.
 */
const cleanup =
  'run -b -d 15 -t %3 -C { set -pu -t %3 @s_0123456789 ; set -pu -t %3 @b_0123456789 ; set -pu -t %3 @e_0123456789 ; ' +
  'set -pu -t %3 @p_0123456789 ; set -pu -t %3 @c_0123456789 }';

describe('run_command payload (docs/reference/engine.md#run-payload)', () => {
  it('types the command first, in a function of its own, and one short eval of the claim (docs/reference/engine.md#run-payload)', () => {
    expect(posixWord("it's")).toBe(`'it'\\''s'`);
    expect(posixWord('/usr/bin/tmux')).toBe('/usr/bin/tmux');
    expect(typedLine('posix', argv, '%3', ids, 'ls -l  \t\n', true)).toBe(
      ` _tmcp(){ ls -l;};eval "$(tmux run -t%3 -C '#{@k_0123456789}')"`,
    );
    // A comment, a backslash, a trailing ; or & or a second line: the function closes on a row of its own.
    for (const cmd of ['echo a # note', 'echo a \\\n b', 'sleep 1 &', 'echo a;', '  a\nb'])
      expect(typedLine('posix', argv, '%3', ids, cmd, false)).toBe(
        `_tmcp(){ ${cmd.trimEnd()}\n};eval "$(tmux run -t%3 -C '#{@k_0123456789}')"`,
      );
    // F8: at most 60 characters of machinery with the leading space, on a pane %123; the socket is the pane's own ($TMUX).
    const line = typedLine('posix', ['tmux', '-u', '-L', 'tmux-mcp-test-0123456789ab'], '%123', newRunIds(), 'X', true);
    expect(line.split('\n')).toHaveLength(1);
    expect(line.startsWith(' _tmcp(){ X;}')).toBe(true);
    expect(line.length - 'X'.length).toBeLessThanOrEqual(60);
    // The wrapper the claim prints: marks around the command's function in a subshell, the tail, the
    // function unset. The tail is a file the wrapper's one tmux client sources from its stdin, never
    // a command string `run -C` parses and tmux keeps, and its cleanup timer is a block
    // (docs/reference/engine.md#what-a-run-leaves-in-tmux).
    expect(posixWrapper(argv, '%3', ids, false)).toBe(
      `(trap : INT;t(){ tmux -L 'it'\\''s' "$@" 2>/dev/null;};m(){ printf '\\33P0123456789\\n\\33\\\\';};m;(eval _tmcp);s=$?;m;` +
        `printf '%s%s' "set -pt%3 @s_0123456789 $s ; " 'set -pF -t %3 @e_0123456789 '\\''#{history_size} #{cursor_y} #{cursor_x} #{alternate_on}'\\'' ; ` +
        'set -pu -t %3 @q_0123456789 ; set -pu -t %3 @w_0123456789 ; set -pu -t %3 @a_0123456789 ; set -pu -t %3 @tmux_mcp_run ; ' +
        `wait-for -S r_0123456789 ; ${cleanup}'|t source -);unset -f _tmcp`,
    );
    expect(posixWrapper(argv, '%3', ids, true)).toMatch(
      /;unset -f _tmcp;case \$BASH_VERSION:\$\{HISTCONTROL-\} in .*history -d \$HISTCMD.*esac$/,
    );
  });

  it('shows a typed row as the prompt and the command, never the machinery (docs/reference/protocol.md#progress)', () => {
    const cmd = 'make test # all';
    const rows = typedLine('posix', argv, '%3', ids, cmd, true).split('\n');
    expect(shownTypedRow(`$ ${rows[0]}`, ids, cmd)).toBe('$ make test # all');
    expect(shownTypedRow(`> ${rows[1]}`, ids, cmd)).toBeNull();
    expect(shownTypedRow('compiling foo.c', ids, cmd)).toBe('compiling foo.c');
    const fish = typedLine('fish', argv, '%3', ids, cmd, false);
    expect(shownTypedRow(`> ${fish}`, ids, cmd)).toBeNull();
  });

  it('speaks fish in its own syntax (begin/end, $status, its quoting)', () => {
    expect(fishWord("it's\\x")).toBe(`'it\\'s\\\\x'`);
    expect(typedLine('fish', argv, '%3', ids, 'echo hi', false)).toBe(
      `begin;set -l t tmux -L 'it\\'s';if $t run -t%3 -C '#{?@k_0123456789,#{@k_0123456789},x}' 2>/dev/null;` +
        `printf '\\33P0123456789\\n\\33\\\\\\\\';eval 'echo hi';set -l s $status;printf '\\33P0123456789\\n\\33\\\\\\\\';$t set -pt%3 @s_0123456789 $s\\; run -t%3 -C '#{@q_0123456789}' 2>/dev/null;end;end`,
    );
  });

  it('knows the shells by their process name', () => {
    for (const sh of ['bash', '-bash', 'zsh', 'sh', 'dash', 'ksh', '/bin/mksh']) expect(shellKind(sh)).toBe('posix');
    expect(shellKind('fish')).toBe('fish');
    for (const other of ['nu', 'pwsh', 'python3', 'cat', 'vim', '']) expect(shellKind(other)).toBeNull();
  });

  it('sets up the pipe script, the claim, the tail and the expiry timer before typing', () => {
    const withLock = setupCommands('%3', ids, 12.2, argv, 'WRAPPER');
    // The pane's run lock comes first: `set -o` fails while another run holds it (docs/reference/engine.md#run-claim).
    expect(withLock[0]).toEqual(['set-option', '-p', '-o', '-t', '%3', '@tmux_mcp_run', '0123456789']);
    const all = withLock.slice(1);
    // No command that needs a subprocess (a blocking wait-for): the batch stays on the control client.
    expect(all.some((c) => c[0] === 'wait-for')).toBe(false);
    expect(all[0].slice(0, 5)).toEqual(['set-option', '-p', '-t', '%3', '@a_0123456789']);
    expect(all[0][5]).toContain(
      `&&tmux -L 'it'\\''s' set -pt%3 @c_0123456789 "$n" \\; pipe-pane -t%3 \\; ` +
        `set -p -t %3 @y_0123456789 'run -t %3 -C '\\''#{?#{!=:#{@c_0123456789},},set -pu -t %3 @c_0123456789,}'\\''' \\; ` +
        `run -b -d 5 -t %3 -C '#{@y_0123456789}' \\; set -pu -t %3 @y_0123456789 2>/dev/null`,
    );
    expect(all[1]).toEqual(['set-option', '-p', '-t', '%3', '@w_0123456789', 'WRAPPER']);
    // The claim's last command prints the wrapper for the typed line's eval (the tail unsets it).
    expect(all[2]).toEqual([
      'set-option',
      '-p',
      '-t',
      '%3',
      '@k_0123456789',
      "set -pu -t %3 @k_0123456789 ; set -pF -t %3 @b_0123456789 '#{history_size} #{cursor_y} #{cursor_x} #{alternate_on}' ; " +
        "if -F -t %3 '#{==:#{pane_pipe},0}' { pipe-pane -t %3 '#{@a_0123456789}' ; set -p -t %3 @p_0123456789 1 } ; display -p -t %3 '#{@w_0123456789}'",
    ]);
    // fish: no wrapper, the claim prints nothing.
    const fish = setupCommands('%3', ids, 12.2, argv, null);
    expect(fish.some((c) => c.includes('@w_0123456789'))).toBe(false);
    expect(fish[2][5]).not.toContain('display');
    // The subprocess engine's expiry timer comes through an option that lives only in its own
    // command list, in a format that is empty unless something is left to do (its argv cannot carry
    // a block: docs/reference/engine.md#what-a-run-leaves-in-tmux).
    // fish runs the tail from `@q_<id>`: the POSIX wrapper's commands.
    expect(all[3][5]).toBe(
      "set -pF -t %3 @e_0123456789 '#{history_size} #{cursor_y} #{cursor_x} #{alternate_on}' ; set -pu -t %3 @q_0123456789 ; " +
        'set -pu -t %3 @w_0123456789 ; set -pu -t %3 @a_0123456789 ; set -pu -t %3 @tmux_mcp_run ; ' +
        `wait-for -S r_0123456789 ; ${cleanup}`,
    );
    expect(all.slice(4)).toEqual([
      [
        'set',
        '-p',
        '-t',
        '%3',
        '@x_0123456789',
        "run -t %3 -C '#{?#{!=:#{@k_0123456789},},show-options -p -v -t %3 @k_0123456789 ; set-option -p -u -t %3 @k_0123456789 ; " +
          'set-option -p -u -t %3 @w_0123456789 ; set-option -p -u -t %3 @q_0123456789 ; set-option -p -u -t %3 @a_0123456789 ; ' +
          "set-option -p -u -t %3 @tmux_mcp_run,}'",
      ],
      ['run', '-b', '-d', '13', '-t', '%3', '-C', '#{@x_0123456789}'],
      ['set', '-pu', '-t', '%3', '@x_0123456789'],
    ]);
  });

  it('in band (the control engine sees the output): no pipe, and a tail that signals nobody (docs/reference/engine.md#in-band-run-end)', () => {
    const cmds = setupCommands('%3', ids, 12.2, argv, 'WRAPPER', true);
    const flat = cmds.map((c) => c.join(' ')).join('\n');
    // Nothing for a borrowed pipe: no script option, no pipe-pane, no count.
    expect(cmds.some((c) => c[0] === 'set-option' && c[4] === '@a_0123456789')).toBe(false);
    expect(flat).not.toContain('pipe-pane');
    expect(cmds[1]).toEqual(['set-option', '-p', '-t', '%3', '@w_0123456789', 'WRAPPER']);
    expect(cmds[2]).toEqual([
      'set-option',
      '-p',
      '-t',
      '%3',
      '@k_0123456789',
      "set -pu -t %3 @k_0123456789 ; set -pF -t %3 @b_0123456789 '#{history_size} #{cursor_y} #{cursor_x} #{alternate_on}' ; display -p -t %3 '#{@w_0123456789}'",
    ]);
    // The tail (fish's `@q_<id>`, the file the POSIX wrapper sources): end mark and unsets, no
    // signal, the cleanup timer as a block.
    expect(cmds[3][5]).toBe(
      "set -pF -t %3 @e_0123456789 '#{history_size} #{cursor_y} #{cursor_x} #{alternate_on}' ; set -pu -t %3 @q_0123456789 ; " +
        `set -pu -t %3 @w_0123456789 ; set -pu -t %3 @tmux_mcp_run ; ${cleanup}`,
    );
    const wrapper = posixWrapper(argv, '%3', ids, true, true);
    expect(wrapper).not.toContain('wait-for');
    expect(wrapper).toContain(`set -pu -t %3 @tmux_mcp_run ; ${cleanup}'|t source -)`);
    // The expiry timer is a block on the control client's line (parsed with it, nothing kept when
    // it fires): the disarm, which stops at its first command once the claim is gone.
    expect(cmds.slice(4).map(formatControlLine)).toEqual([
      'run -b -d 13 -t %3 -C { show-options -p -v -t %3 @k_0123456789 ; set-option -p -u -t %3 @k_0123456789 ; ' +
        'set-option -p -u -t %3 @w_0123456789 ; set-option -p -u -t %3 @q_0123456789 ; set-option -p -u -t %3 @a_0123456789 ; ' +
        'set-option -p -u -t %3 @tmux_mcp_run }',
    ]);
    // Only text tmux parses carries a block: a subprocess's argv cannot hold its words.
    expect(cmds[4].some((w) => w.includes('\0'))).toBe(true);
  });

  it('tells waiting and running runs apart from the pane options', () => {
    expect(
      runsInFlight([
        '@k_aaaaaaaaaa "x"',
        '@q_aaaaaaaaaa "y"',
        '@q_bbbbbbbbbb "y"',
        '@b_bbbbbbbbbb "0 0 0 0"',
        '@s_cccccccccc 0',
        '@mine 1',
      ]),
    ).toEqual({
      waiting: ['aaaaaaaaaa'],
      running: ['bbbbbbbbbb'],
      staleLock: null,
    });
    // The lock names a run in flight: held. It names no run of the pane's options: stale.
    expect(runsInFlight(['@q_bbbbbbbbbb "y"', '@tmux_mcp_run bbbbbbbbbb']).staleLock).toBeNull();
    expect(runsInFlight(['@tmux_mcp_run cccccccccc', '@mine 1']).staleLock).toBe('cccccccccc');
  });

  it('gives every run fresh names', () => {
    const a = newRunIds();
    const b = newRunIds();
    expect(a.id).not.toBe(b.id);
    expect([a.channel, a.claim, a.tail, a.option, a.start, a.end]).toEqual([
      `r_${a.id}`,
      `@k_${a.id}`,
      `@q_${a.id}`,
      `@s_${a.id}`,
      `@b_${a.id}`,
      `@e_${a.id}`,
    ]);
  });
});

describe('run_command output (docs/reference/engine.md#run-output)', () => {
  it('parses marks', () => {
    expect(parseMark('12 3 4 0')).toEqual({ history: 12, y: 3, x: 4, alternate: false });
    expect(parseMark('0 23 0 1')).toEqual({ history: 0, y: 23, x: 0, alternate: true });
    expect(parseMark('')).toBeNull();
    expect(parseMark(undefined)).toBeNull();
    expect(parseMark('a b c')).toBeNull();
  });

  it('finds the rows between the marks, relative to the screen now', () => {
    const s = parseMark('10 5 0')!;
    const e = parseMark('40 23 0 0')!;
    expect(outputRange(s, e, { history: 41, historyLimit: 2000 })).toEqual({
      kind: 'rows',
      start: 15 - 41,
      end: 63 - 41,
      endX: 0,
      skipColumns: 0,
    });
    expect(outputRange(parseMark('10 5 4')!, parseMark('10 6 3 0')!, { history: 10, historyLimit: 2000 })).toMatchObject({
      kind: 'rows',
      start: 5,
      end: 6,
      endX: 3,
      skipColumns: 4,
    });
  });

  it('reads the alternate screen when the command ended on it', () => {
    expect(outputRange(parseMark('10 5 0')!, parseMark('10 7 4 1')!, { history: 10, historyLimit: 2000 })).toEqual({
      kind: 'alternate',
      start: 0,
      end: 7,
      endX: 4,
      skipColumns: 0,
    });
  });

  it('a history that shrank far from its limit was cleared; near its limit rows may have been dropped', () => {
    expect(outputRange(parseMark('50 5 0')!, parseMark('0 1 0 0')!, { history: 0, historyLimit: 2000 })).toMatchObject({
      kind: 'cleared',
      start: -0,
      end: 1,
    });
    expect(outputRange(parseMark('10 5 0')!, parseMark('95 23 0 0')!, { history: 95, historyLimit: 100 })).toMatchObject({
      kind: 'search',
      start: -95,
      end: 23,
    });
    // The fewest rows consistent with the start row being dropped (chunks of a tenth of the limit).
    expect(lostAtLeast(parseMark('0 3 0')!, 100)).toBe(7);
    expect(lostAtLeast(parseMark('10 3 0')!, 100)).toBe(7);
    expect(lostAtLeast(parseMark('0 0 0')!, 1)).toBe(1);
  });

  it('cuts the end row at the end mark and the start row after the prompts glued to it', () => {
    // Output ended with a newline: the end row holds only the next prompt.
    expect(cutOutput(['a', 'b', '$ '], '$ ', 0, 0)).toEqual(['a', 'b']);
    // No newline at the end: the prompt follows the output on the same row.
    expect(cutOutput(['a', 'bc$ '], 'bc$ ', 2, 0)).toEqual(['a', 'bc']);
    // A long last line wrapped into the end row: its head stays.
    expect(cutOutput(['x'.repeat(80) + 'yz$ '], 'yz$ ', 2, 0)).toEqual(['x'.repeat(80) + 'yz']);
    // A shell without line editing printed its continuation prompts before the output.
    expect(cutOutput(['> > hi', '$ '], '$ ', 0, 4)).toEqual(['hi']);
    expect(cutOutput(['> > hi$ '], '> > hi$ ', 6, 4)).toEqual(['hi']);
    // Nothing printed.
    expect(cutOutput(['$ '], '$ ', 0, 0)).toEqual([]);
    expect(cutOutput(['> > $ '], '> > $ ', 4, 4, true)).toEqual([]);
    expect(cutOutput(['> > ab$ '], '> > ab$ ', 6, 4, true)).toEqual(['ab']);
  });

  it('counts cells, not characters, for wide characters', () => {
    expect(cellWidth('漢'.codePointAt(0)!)).toBe(2);
    expect(cellWidth('🎉'.codePointAt(0)!)).toBe(2);
    expect(cellWidth('a'.codePointAt(0)!)).toBe(1);
    expect(cellWidth(0x0301)).toBe(0);
    expect(takeColumns('漢字x$ ', 5)).toBe('漢字x');
    expect(cutOutput(['漢字x$ '], '漢字x$ ', 5, 0)).toEqual(['漢字x']);
  });
});

describe('run_command output budget (docs/reference/tools.md#run_command)', () => {
  const nums = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

  it('keeps short outputs whole', () => {
    expect(budgetOutput(nums(400), null)).toEqual({ output: nums(400), truncated: false, omitted: 0 });
  });

  it('over 400 lines: the first 80, one omitted-lines line, the last 320', () => {
    const b = budgetOutput(nums(1000), null);
    expect(b.output).toHaveLength(401);
    expect(b.output.slice(0, 80)).toEqual(nums(80));
    expect(b.output[80]).toBe('[... 600 lines omitted ...]');
    expect(b.output.slice(81)).toEqual(nums(1000).slice(680));
    expect(b).toMatchObject({ truncated: true, omitted: 600 });
  });

  it('over 32 KiB: about a fifth of the bytes from the head, four fifths from the tail, whole lines', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `${i}:`.padEnd(1000, 'x'));
    const b = budgetOutput(lines, null);
    const marker = b.output.findIndex((l) => l.startsWith('[... '));
    expect(b.output.slice(0, marker)).toEqual(lines.slice(0, marker));
    expect(b.output.slice(marker + 1)).toEqual(lines.slice(100 - (b.output.length - marker - 1)));
    const bytes = (ls: string[]) => Buffer.byteLength(ls.join('\n'));
    expect(bytes(b.output.slice(0, marker))).toBeLessThanOrEqual(32 * 1024 * 0.2);
    expect(bytes(b.output.slice(marker + 1))).toBeLessThanOrEqual(32 * 1024 * 0.8);
    expect(b.output[marker]).toBe(`[... ${b.omitted} lines omitted ...]`);
    expect(b.omitted).toBe(100 - (b.output.length - 1));
  });

  it('a single huge line keeps its last bytes, cut on a character boundary', () => {
    const b = budgetOutput(['é'.repeat(40_000)], null);
    expect(b.truncated).toBe(true);
    const last = b.output[b.output.length - 1];
    expect(last).toMatch(/^é+$/);
    expect(Buffer.byteLength(last)).toBeLessThanOrEqual(32 * 1024);
  });

  it('max_lines keeps the last N lines (no marker line)', () => {
    expect(budgetOutput(nums(50), 5)).toEqual({ output: nums(50).slice(45), truncated: true, omitted: 45 });
    expect(budgetOutput(nums(3), 5)).toEqual({ output: nums(3), truncated: false, omitted: 0 });
  });

  it('lines lost from the history are counted, never silent', () => {
    const b = budgetOutput(nums(124), null, 876);
    expect(b.output[0]).toBe('[... 876 lines omitted ...]');
    expect(b.output.slice(1)).toEqual(nums(124));
    expect(b).toMatchObject({ truncated: true, omitted: 876 });
    const atLeast = budgetOutput(nums(10), null, 7, true);
    expect(atLeast.output[0]).toBe("[... at least 7 lines omitted (they left tmux's history) ...]");
    expect(budgetOutput(nums(10), 3, 7)).toEqual({ output: nums(10).slice(7), truncated: true, omitted: 14 });
  });
});

/**
 * The two failure texts of docs/reference/tools.md#run_command that a healthy tmux never produces,
 * through the runner with a fake engine (a bash at its prompt): its argv prefix stands in for the
 * `tmux wait-for` child (the child gets `wait-for -- r_<id>` appended, which `sh -c` ignores).
 */
describe('run_command failure texts', () => {
  const noProgress = { enabled: false, report: async () => undefined };
  const typed = new TypedPanes();
  const registry = new RunRegistry(new InputProbe(), typed, () => winston.createLogger({ silent: true }));
  const fakeEngine = (waitFor: string[], status: string): TmuxEngine => ({
    key: { host: null, socketName: null, socketPath: null, tmuxBin: 'tmux' },
    mode: 'exec',
    hasEvents: false,
    runner: new ProcessRunner({ commandTimeoutMs: 5000 }),
    argvPrefix: () => waitFor,
    run: async (args: readonly string[]) => {
      if (args[0] === 'capture-pane') return ['$ '];
      if (args[0] !== 'display-message') return [];
      // The readiness read (a shell at its prompt), or the state after the signal.
      if (args[4].startsWith('#{pane_id}')) return [['%1', 'bash', '0', '', '5'].join('\u241e')];
      return [[status, '0 0 0 0', '0 1 0 0', '0', '2000', '1 0 0', '%1'].join('\u241e')];
    },
    runRaw: async () => '',
    onPaneEvent: () => () => undefined,
    close: async () => undefined,
  });
  const request = {
    command: 'true',
    effectiveTimeout: 10,
    suppressHistory: true,
    maxLines: null,
    returnOnInput: false,
    signal: new AbortController().signal,
    progress: noProgress,
  };

  afterAll(() => registry.shutdown());

  it("wait-for failing: `wait-for failed for run_command channel 'r_<id>': <stderr>`", async () => {
    const runner = new RunCommandRunner(registry, typed);
    await expect(runner.run(fakeEngine(['sh', '-c', 'echo "no such channel" >&2; exit 1'], '0'), '%1', request)).rejects.toThrow(
      /^wait-for failed for run_command channel 'r_[0-9a-f]{10}': no such channel$/,
    );
  });

  it("a status that is not an integer: `run_command could not read exit status from '@s_<id>'`", async () => {
    const runner = new RunCommandRunner(registry, typed);
    const err = await runner.run(fakeEngine(['true'], 'not-a-number'), '%1', request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExpectedToolError);
    expect((err as Error).message).toMatch(/^run_command could not read exit status from '@s_[0-9a-f]{10}'$/);
  });
});
