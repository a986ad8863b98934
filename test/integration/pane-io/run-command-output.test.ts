import 'reflect-metadata';
import winston from 'winston';
import { ExpectedToolError } from '../../../src/framework/errors/tool-errors';
import { RunCommandReaper } from '../../../src/services/run-command-reaper.service';
import type { TmuxEngine } from '../../../src/tmux/tmux-engine';
import { RunCommandRunner } from '../../../src/tools/pane/io/run-command.runner';
import {
  buildPayload,
  cleanOutput,
  payloadContinuations,
  shellQuote,
  tailLines,
  wrapperTail,
} from '../../../src/services/run-command-wrapper';

/** The output filter of run_command on captured screens (rows as `capture-pane -p -J` gives them). */
describe('run_command output cleaning', () => {
  const ids = { id: '0123456789', channel: 'r_0123456789', option: '@s_0123456789' };
  const tail = wrapperTail(['tmux', '-u', '-L', "it's"], '%3', ids);

  it('builds the payload of docs/reference/engine.md#run-payload', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(tail).toBe(
      `); s=$?; 'tmux' '-u' '-L' 'it'\\''s' set-option -p -t %3 @s_0123456789 "$s"; 'tmux' '-u' '-L' 'it'\\''s' wait-for -S r_0123456789`,
    );
    expect(buildPayload('ls -l  \t\n', true, tail)).toBe(` (\nls -l\n${tail}`);
    expect(buildPayload('  a\nb', false, tail)).toBe(`(\n  a\nb\n${tail}`);
    expect(payloadContinuations(buildPayload('a\nb', false, tail))).toBe(3);
  });

  it('drops marker rows and strips the continuation prompts a tty-echo shell glued to the output', () => {
    const rows = ['$  (', 'echo hi', tail, '> > hi', '$ ', '', ''];
    expect(cleanOutput(rows, ids, tail, 2)).toEqual(['$  (', 'echo hi', 'hi', '$ ']);
  });

  it('counts prompts already printed at the end of the wrapper row', () => {
    expect(cleanOutput(['(', 'x', `${tail}> `, '> > quoted'], ids, tail, 2)).toEqual(['(', 'x', '> quoted']);
    expect(cleanOutput(['(', 'x', `${tail}> > `, '> quoted'], ids, tail, 2)).toEqual(['(', 'x', '> quoted']);
  });

  it('leaves rows alone for line-editing shells (prompt before the echoed wrapper)', () => {
    const rows = ['$  (', '> echo hi', `> ${tail}`, '> > literal'];
    expect(cleanOutput(rows, ids, tail, 2)).toEqual(['$  (', '> echo hi', '> > literal']);
  });

  it('drops unjoined wrapped fragments of the wrapper, even with the id split across rows', () => {
    const cut1 = 30;
    const cut2 = tail.length - 4; // inside the channel id
    const rows = ['$  (', 'echo hi', `> ${tail.slice(0, cut1)}`, tail.slice(cut1, cut2).trimEnd(), `${tail.slice(cut2)}> `, 'hi'];
    expect(cleanOutput(rows, ids, tail, 2)).toEqual(['$  (', 'echo hi', 'hi']);
  });

  it('drops wrapper rows of earlier runs still on screen', () => {
    const old = wrapperTail(['tmux'], '%3', { id: 'ffffffffff', channel: 'r_ffffffffff', option: '@s_ffffffffff' });
    expect(cleanOutput(['(', 'true', old, '(', 'echo b', tail, 'b'], ids, tail, 2)).toEqual(['(', 'true', '(', 'echo b', 'b']);
  });

  it('tail-truncates', () => {
    expect(tailLines(['a', 'b', 'c'], 2)).toEqual({ lines: ['b', 'c'], dropped: 1 });
    expect(tailLines(['a'], null)).toEqual({ lines: ['a'], dropped: 0 });
  });
});

/**
 * The two failure texts of docs/reference/tools.md#run_command that a healthy tmux never produces, through the runner with a
 * fake engine: its argv prefix stands in for the `tmux wait-for` child (the child gets
 * `wait-for r_<id>` appended, which `sh -c` ignores).
 */
describe('run_command failure texts', () => {
  const noProgress = { enabled: false, report: async () => undefined };
  const reaper = new RunCommandReaper(() => winston.createLogger({ silent: true }));
  const fakeEngine = (waitFor: string[], status: string): TmuxEngine => ({
    key: { socketName: null, socketPath: null, tmuxBin: 'tmux' },
    mode: 'exec',
    hasEvents: false,
    argvPrefix: () => waitFor,
    run: async (args: readonly string[]) => (args[0] === 'show-option' ? [status] : args[0] === 'display-message' ? ['%1:'] : []),
    runRaw: async () => '',
    onPaneEvent: () => () => undefined,
    close: async () => undefined,
  });
  const request = {
    command: 'true',
    effectiveTimeout: 10,
    suppressHistory: true,
    maxLines: null,
    signal: new AbortController().signal,
    progress: noProgress,
  };

  afterAll(() => reaper.shutdown());

  it("wait-for failing: `wait-for failed for run_command channel 'r_<id>': <stderr>`", async () => {
    const runner = new RunCommandRunner(reaper);
    await expect(runner.run(fakeEngine(['sh', '-c', 'echo "no such channel" >&2; exit 1'], '0'), '%1', request)).rejects.toThrow(
      /^wait-for failed for run_command channel 'r_[0-9a-f]{10}': no such channel$/,
    );
  });

  it("a status that is not an integer: `run_command could not read exit status from '@s_<id>'`", async () => {
    const runner = new RunCommandRunner(reaper);
    const err = await runner.run(fakeEngine(['true'], 'not-a-number'), '%1', request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExpectedToolError);
    expect((err as Error).message).toMatch(/^run_command could not read exit status from '@s_[0-9a-f]{10}'$/);
  });
});
