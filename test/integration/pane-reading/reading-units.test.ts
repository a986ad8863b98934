import 'reflect-metadata';
import { limitLines, tailLines, tailUtf8, trimTrailingEmpty } from '../../../src/services/capture-limits';
import { decodeCursor, encodeCursor, lineHash } from '../../../src/services/capture-since-cursor';
import { anchorLost, dropSeen, findUniqueFingerprint } from '../../../src/services/capture-since.service';
import { compilePattern, escapeRegExp } from '../../../src/services/search-pattern';
import { WaitBoundedEngine, WaitCancelled } from '../../../src/services/wait-bounded-engine';
import type { PaneState } from '../../../src/services/pane-state.service';
import type { RunOptions, TmuxEngine } from '../../../src/tmux/tmux-engine';
import { testRunner } from '../../helpers/process-runner';

const state = (o: Partial<PaneState> = {}): PaneState => ({
  history_size: 10,
  cursor_y: 3,
  pane_height: 24,
  pane_pid: '42',
  pane_dead: false,
  alternate_on: false,
  ...o,
});

describe('capture limits (docs/reference/tools.md#capture_pane, docs/reference/tools.md#capture_since)', () => {
  it('drops trailing empty rows only', () => {
    expect(trimTrailingEmpty(['a', '', 'b', '', ''])).toEqual(['a', '', 'b']);
    expect(tailLines(['a', 'b', 'c'], 2)).toEqual({ kept: ['b', 'c'], dropped: 1 });
    expect(tailLines(['a'], null)).toEqual({ kept: ['a'], dropped: 0 });
  });

  it('limits by lines then bytes, cutting on character boundaries', () => {
    expect(limitLines(['aa', 'bb', 'cc'], 2, null)).toEqual({
      lines: ['bb', 'cc'],
      truncated: true,
      truncated_lines: 1,
      truncated_bytes: 2,
    });
    expect(limitLines(['aaaa', 'bb', 'cc'], null, 5)).toEqual({
      lines: ['bb', 'cc'],
      truncated: true,
      truncated_lines: 1,
      truncated_bytes: 5,
    });
    const one = limitLines(['€€€'], null, 4);
    expect(one.lines).toEqual(['€']);
    expect(one.truncated_bytes).toBe(6);
    expect(one.truncated_lines).toBe(0);
    expect(tailUtf8('a😀b', 3)).toBe('b');
    expect(limitLines(['x'], 5, 5)).toEqual({ lines: ['x'], truncated: false, truncated_lines: 0, truncated_bytes: 0 });
  });
});

describe('capture_since cursor', () => {
  it('round-trips through the opaque encoding', () => {
    const c = encodeCursor('%3', state(), ['row', 'below']);
    expect(c).toMatch(/^capture-since-v1:[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c)).toEqual({
      pane_id: '%3',
      pane_pid: '42',
      history_size: 10,
      pane_height: 24,
      anchor_abs: 13,
      anchor_hash: lineHash('row'),
      below_hashes: [lineHash('below')],
    });
    expect(decodeCursor(encodeCursor('%3', state(), [])).anchor_hash).toBeNull();
  });

  it('applies the delta and loss rules', () => {
    const c = decodeCursor(encodeCursor('%3', state(), ['$ ', 'x']));
    expect(dropSeen(['$ ', 'x', 'new'], c)).toEqual(['new']);
    expect(dropSeen(['$ ls', 'x', 'new'], c)).toEqual(['$ ls', 'new']);
    expect(dropSeen([], c)).toEqual([]);
    expect(anchorLost(c, state({ history_size: 0, cursor_y: 0 }))).toBe(true);
    expect(anchorLost(c, state({ history_size: 9 }))).toBe(true);
    expect(anchorLost(c, state({ history_size: 9, pane_height: 30 }))).toBe(false);
    expect(anchorLost({ ...c, anchor_abs: 40 }, state())).toBe(true);
  });

  it('re-locates a unique fingerprint no later than the anchor', () => {
    const c = decodeCursor(encodeCursor('%3', state({ history_size: 95, cursor_y: 2 }), ['A', 'B']));
    const rows = ['0', 'A', 'B', '1', 'A', 'C'];
    expect(findUniqueFingerprint(rows, c, state({ history_size: 95 }), 100)).toBe(1);
    expect(findUniqueFingerprint(['A', 'B', 'A', 'B'], c, state({ history_size: 95 }), 100)).toBeNull();
    expect(findUniqueFingerprint(['x'], c, state(), 100)).toBeNull();
  });
});

const rx = (p: { source: string; flags: string }): RegExp => new RegExp(p.source, p.flags);

describe('search patterns', () => {
  it('escapes literals and hides regex source in errors (docs/reference/tools.md#search_panes, docs/reference/protocol.md#never-echoing-values)', () => {
    expect(rx(compilePattern('a*b?[c]', false, false)).test('xx A*B?[C] yy')).toBe(true);
    expect(rx(compilePattern('a.c', false, true)).test('abc')).toBe(false);
    expect(new RegExp(escapeRegExp('^$.|?*+()[]{}\\/')).test('^$.|?*+()[]{}\\/')).toBe(true);
    expect(rx(compilePattern('\\-x', true, false)).test('-X')).toBe(true);
    expect(() => compilePattern('(SECRET', true, false)).toThrow('Invalid regex pattern: Unterminated group');
    try {
      compilePattern('(SECRET', true, false);
    } catch (e) {
      expect((e as Error).message).not.toContain('SECRET');
    }
  });
});

describe('WaitBoundedEngine', () => {
  const hung = (seen: RunOptions[]): TmuxEngine => ({
    key: { host: null, socketName: null, socketPath: null, tmuxBin: 'tmux' },
    runner: testRunner,
    mode: 'exec',
    hasEvents: false,
    run: (_a: readonly string[], o?: RunOptions) => {
      seen.push(o ?? {});
      return new Promise<string[]>(() => undefined);
    },
    runRaw: () => new Promise<string>(() => undefined),
    argvPrefix: () => ['tmux'],
    onPaneEvent: () => () => undefined,
    close: async () => undefined,
  });

  it('gives up on a hung tmux past its deadline with TmuxTimeout, the last look given 1.5 s (docs/reference/configuration.md#command-deadline)', async () => {
    const seen: RunOptions[] = [];
    const e = new WaitBoundedEngine(hung(seen), performance.now() - 1000, new AbortController().signal);
    await expect(e.run(['display-message', '-p'])).rejects.toThrow('tmux did not answer within 1.5 s');
    expect(seen[0].signal?.aborted).toBe(true);
  });

  it('ends at once on cancellation and aborts the child', async () => {
    const seen: RunOptions[] = [];
    const ac = new AbortController();
    const e = new WaitBoundedEngine(hung(seen), performance.now() + 60_000, ac.signal);
    const p = e.run(['capture-pane']);
    ac.abort();
    await expect(p).rejects.toBeInstanceOf(WaitCancelled);
    expect(seen[0].signal?.aborted).toBe(true);
    // Bounded by the command deadline (the test runner's 30 s), not by the wait's 60 s.
    expect(seen[0].timeoutMs).toBeLessThanOrEqual(30_250);
  });
});
