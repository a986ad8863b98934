import 'reflect-metadata';
import type { TargetResolver } from '../../../src/services/target-resolver.service';
import { SendKeysBatchRunner } from '../../../src/tools/pane/io/send-keys-batch.runner';
import type { SendKeysOperation } from '../../../src/tools/pane/io/send-keys-operation.input';
import { TmuxErrorMapper } from '../../../src/services/tmux-error.mapper';
import type { TmuxEngine } from '../../../src/tmux/tmux-engine';
import { LibTmuxException } from '../../../src/tmux/tmux-errors';

/** The runner with fakes: tmux refusing send-keys, which a real server hardly ever does. */
describe('SendKeysBatchRunner failure texts', () => {
  const op: SendKeysOperation = {
    keys: 'x',
    pane_id: '%1',
    session_name: null,
    session_id: null,
    window_id: null,
    enter: true,
    literal: false,
    suppress_history: false,
  };
  const targets = { pane: async () => ({ pane_id: '%1' }) } as unknown as TargetResolver;
  const calls: string[][] = [];
  const engine = {
    run: async (args: readonly string[]) => {
      calls.push([...args]);
      throw new LibTmuxException('not a terminal');
    },
  } as unknown as TmuxEngine;
  const runner = new SendKeysBatchRunner(targets, new TmuxErrorMapper());
  const signal = new AbortController().signal;

  it("with a deadline: 'send-keys failed: <stderr>'", async () => {
    const row = await runner.runOne(engine, 3, op, { at: performance.now() + 10_000, seconds: 10 }, signal);
    expect(row).toMatchObject({ index: 3, pane_id: '%1', success: false, error: 'send-keys failed: not a terminal' });
  });

  it("without a deadline: the mapped 'tmux error: <stderr>'", async () => {
    const row = await runner.runOne(engine, 0, op, null, signal);
    expect(row).toMatchObject({ pane_id: '%1', success: false, error: 'tmux error: not a terminal' });
    expect(calls[calls.length - 1]).toEqual(['send-keys', '-t', '%1', '--', 'x']);
  });

  it('an operation starting after the deadline does not touch tmux', async () => {
    const before = calls.length;
    const row = await runner.runOne(engine, 5, op, { at: performance.now() - 1, seconds: 2.5 }, signal);
    expect(row).toEqual({ index: 5, pane_id: null, success: false, error: 'batch execution exceeded timeout of 2.5s', elapsed_seconds: 0 });
    expect(calls.length).toBe(before);
  });
});
