import { execFileSync } from 'node:child_process';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { CallResult, McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { newPane, runAndSee, screen, type, until } from './reading-helpers';

interface Wait {
  found: boolean;
  outcome: string;
  matched_index: number | null;
  matched_lines: string[];
  tail: string[];
  saw_new_output: boolean;
  matched_at_entry: boolean;
  alternate_screen: boolean;
  pane_id: string;
  elapsed_seconds: number;
  effective_timeout: number;
}
interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

describe('wait_for_text', () => {
  const tmux = new TmuxFixture();
  const logs: string[] = [];
  const warnings: string[] = [];
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('wait');
    h = await McpHarness.start({ socket: tmux.socket, logs });
    h.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      if (n.params.level === 'warning') warnings.push(String(n.params.data));
    });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  /** Calls wait_for_text and runs `armed` once the wait reports its first progress (its entry snapshot is taken). */
  async function waitFor(
    args: Record<string, unknown>,
    armed?: () => void,
    signal?: AbortSignal,
  ): Promise<{ r: CallResult; progress: Progress[] }> {
    const progress: Progress[] = [];
    const r = await h.call('wait_for_text', args, {
      signal,
      onprogress: (p) => {
        progress.push(p as Progress);
        if (progress.length === 1) armed?.();
      },
    });
    return { r, progress };
  }
  const ok = (r: CallResult) => {
    if (r.isError) throw new Error(r.content[0]?.text);
    return r.structuredContent as unknown as Wait;
  };

  it('matches text printed after the call began', async () => {
    const pane = await newPane(tmux, 'wait');
    const { r, progress } = await waitFor({ pane_id: pane, patterns: ['nope-never', 'hit-5'], timeout: 20 }, () =>
      type(tmux, pane, 'echo HIT-$((2+3))'),
    );
    const w = ok(r);
    expect(w).toMatchObject({ found: true, outcome: 'matched', matched_index: 1, matched_lines: ['HIT-5'], saw_new_output: true });
    expect(w).toMatchObject({ matched_at_entry: false, alternate_screen: false, pane_id: pane, effective_timeout: 20 });
    expect(w.tail).toContain('HIT-5');
    expect(Number.isInteger(Math.round(w.elapsed_seconds * 1000))).toBe(true);
    expect(progress[0].total).toBe(20);
    // The message is the pane's last non-blank line: its shell prompt, before anything was typed.
    expect(progress[0].message).toMatch(/^[$#]$/);
  });

  it('ignores text already on screen (matched_at_entry) and warns on timeout', async () => {
    const pane = await newPane(tmux, 'wait');
    await runAndSee(tmux, pane, 'echo STALE-$((1+1))');
    warnings.length = 0;
    const w = ok((await waitFor({ pane_id: pane, patterns: ['STALE-2'], timeout: 0.3 })).r);
    expect(w).toMatchObject({ found: false, outcome: 'timeout', matched_index: null, matched_lines: [], matched_at_entry: true });
    expect(w.saw_new_output).toBe(false);
    expect(w.effective_timeout).toBe(0.3);
    expect(warnings).toContain(`No match in pane ${pane} before 0.3s timeout`);
  });

  it('counts text written on the entry row (the prompt row) as new', async () => {
    const pane = await newPane(tmux, 'wait');
    // Typed without Enter: the prompt row itself changes, no new row appears.
    const { r } = await waitFor({ pane_id: pane, patterns: ['typed-on-row'], timeout: 20 }, () =>
      tmux.tmux('send-keys', '-t', pane, '-l', 'echo typed-on-row'),
    );
    expect(ok(r)).toMatchObject({
      found: true,
      outcome: 'matched',
      matched_index: 0,
      matched_lines: ['$ echo typed-on-row'],
      saw_new_output: true,
    });
  });

  it('stop applies when waiting for any output, and wins over any_output', async () => {
    const pane = await newPane(tmux, 'wait');
    const { r } = await waitFor({ pane_id: pane, stop: ['boom'], timeout: 20 }, () =>
      tmux.tmux('send-keys', '-t', pane, '-l', 'echo BOOM'),
    );
    expect(ok(r)).toMatchObject({
      found: false,
      outcome: 'stopped',
      matched_index: 0,
      matched_lines: ['$ echo BOOM'],
      saw_new_output: true,
    });
  });

  it('lets stop win a tie with patterns', async () => {
    const pane = await newPane(tmux, 'wait');
    const { r } = await waitFor({ pane_id: pane, patterns: ['success'], stop: ['other', 'fail'], timeout: 20 }, () =>
      type(tmux, pane, "printf '\\123UCCESS\\n\\106AIL\\n'"),
    );
    const w = ok(r);
    expect(w).toMatchObject({ found: false, outcome: 'stopped', matched_index: 1, matched_lines: ['FAIL'], matched_at_entry: false });
  });

  it('waits for any new output when patterns is null', async () => {
    const pane = await newPane(tmux, 'wait');
    const { r } = await waitFor({ pane_id: pane, timeout: 20 }, () => type(tmux, pane, 'echo ANY-$((1+1))'));
    const w = ok(r);
    expect(w).toMatchObject({ found: true, outcome: 'any_output', matched_index: null, saw_new_output: true, matched_at_entry: false });
    expect(w.matched_lines.length).toBeGreaterThan(0);
  });

  it('honours match_case and regex', async () => {
    const pane = await newPane(tmux, 'wait');
    const { r } = await waitFor({ pane_id: pane, patterns: ['rx-\\d+$', 'RX-7'], regex: true, match_case: true, timeout: 20 }, () =>
      type(tmux, pane, 'echo RX-$((3+4))'),
    );
    expect(ok(r)).toMatchObject({ outcome: 'matched', matched_index: 1, matched_lines: ['RX-7'] });
  });

  it('reports the alternate screen instead of matching its paint', async () => {
    const pane = await newPane(tmux, 'wait', 'sh -c \'printf "\\033[?1049hFULL"; read x; echo ALT-$((2+2)); read y\'');
    await until('alternate screen', () => tmux.tmux('display-message', '-p', '-t', pane, '#{alternate_on}') === '1');
    const { r } = await waitFor({ pane_id: pane, patterns: ['ALT-4'], timeout: 0.5 }, () => tmux.tmux('send-keys', '-t', pane, 'Enter'));
    const w = ok(r);
    expect(w).toMatchObject({ found: false, outcome: 'alternate_screen', alternate_screen: true });
    // The text did arrive (on the alternate screen) and was not matched.
    await until('ALT-4 painted', async () => (await screen(tmux, pane)).includes('ALT-4'));
  });

  it('fails when the pane dies or is respawned during the wait', async () => {
    const pane = await newPane(tmux, 'wait', "sh -c 'echo up; read x'");
    tmux.tmux('set-option', '-p', '-t', pane, 'remain-on-exit', 'on');
    const died = await waitFor({ pane_id: pane, patterns: ['never'], timeout: 20 }, () => tmux.tmux('send-keys', '-t', pane, 'Enter'));
    expect(died.r.isError).toBe(true);
    expect(died.r.content[0].text).toBe(`pane ${pane} died; cursor/baseline anchor is no longer valid`);

    tmux.tmux('respawn-pane', '-t', pane, "sh -c 'echo up; read x'");
    await until('respawned', () => tmux.tmux('display-message', '-p', '-t', pane, '#{pane_dead}') === '0');
    const pid = tmux.tmux('display-message', '-p', '-t', pane, '#{pane_pid}');
    let newPid = '';
    const res = await waitFor({ pane_id: pane, patterns: ['never'], timeout: 20 }, () => {
      tmux.tmux('respawn-pane', '-k', '-t', pane, "sh -c 'read x'");
      newPid = tmux.tmux('display-message', '-p', '-t', pane, '#{pane_pid}');
    });
    expect(res.r.content[0].text).toBe(`pane ${pane} was respawned (pid ${pid} -> ${newPid}); cursor/baseline anchor is no longer valid`);
  });

  it('reports a pane killed during the wait', async () => {
    const pane = await newPane(tmux, 'wait');
    const { r } = await waitFor({ pane_id: pane, patterns: ['never'], timeout: 20 }, () => tmux.tmux('kill-pane', '-t', pane));
    expect(r.isError).toBe(true);
    expect(r.content[0].text).toBe(`Pane not found: ${pane}\nCall list_panes to discover valid pane ids.`);
    expect(r._meta).toMatchObject({ error_type: 'PaneNotFound', expected: true });
  });

  it('fails when history shrinks below the entry baseline', async () => {
    const pane = await newPane(tmux, 'wait');
    await runAndSee(tmux, pane, 'seq 1 60');
    const hist = tmux.tmux('display-message', '-p', '-t', pane, '#{history_size}');
    const { r } = await waitFor({ pane_id: pane, patterns: ['never'], timeout: 20 }, () => tmux.tmux('clear-history', '-t', pane));
    expect(r.content[0].text).toBe(
      `pane ${pane} history shrank below entry baseline (history_size ${hist} -> 0); baseline anchor lost — re-arm wait_for_text or use wait_for_channel for deterministic synchronization`,
    );
  });

  it('warns once in the history-limit trim-risk band', async () => {
    tmux.tmux('set-option', '-t', 'wait', 'history-limit', '50');
    const pane = await newPane(tmux, 'wait');
    tmux.tmux('set-option', '-t', 'wait', 'history-limit', '2000');
    await runAndSee(tmux, pane, 'seq 1 100');
    const hist = tmux.tmux('display-message', '-p', '-t', pane, '#{history_size}');
    warnings.length = 0;
    const w = ok((await waitFor({ pane_id: pane, patterns: ['never'], timeout: 0.4 })).r);
    expect(w.outcome).toBe('timeout');
    const band = warnings.filter((m) => m.includes('trim-risk band'));
    expect(band).toEqual([
      `pane ${pane} is polling in the history-limit trim-risk band (history_size ${hist} / history_limit 50); wait_for_text correctness is best-effort here. For deterministic synchronization use wait_for_channel.`,
    ]);
  });

  it('cancellation ends the wait at once and leaves no tmux child', async () => {
    const pane = await newPane(tmux, 'wait');
    const ac = new AbortController();
    logs.length = 0;
    await expect(waitFor({ pane_id: pane, patterns: ['never'], timeout: 25 }, () => ac.abort(), ac.signal)).rejects.toThrow();
    // The server side finished (its audit record is written) long before the 25 s timeout.
    await until('audit record of the cancelled wait', async () => {
      await screen(tmux, pane);
      return logs.some((l) => l.includes('tool=wait_for_text outcome=error'));
    });
    // No per-call tmux subprocess survives (persistent control clients, `tmux -C`, are the engine's).
    const children = execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' }).split('\n');
    expect(children.filter((c) => /^\S*tmux\b/.test(c) && !/ -C /.test(c))).toEqual([]);
  });

  it('validates its arguments with the reference texts', async () => {
    const pane = 'unused';
    const cases: [Record<string, unknown>, string][] = [
      [{ interval: 0.001 }, 'interval must be at least 0.01 s (received 0.001)'],
      [{ interval: 0 }, 'interval must be at least 0.01 s (received 0)'],
      [{ timeout: 0 }, 'timeout must be positive (received 0)'],
      [{ timeout: -1.5 }, 'timeout must be positive (received -1.5)'],
      [{ patterns: [] }, 'patterns must be a non-empty list, or null to wait for any new output'],
      [{ patterns: ['ok', ''] }, 'patterns pattern must be a non-empty string'],
      [{ patterns: ['ok'], stop: [''] }, 'stop pattern must be a non-empty string'],
    ];
    for (const [args, text] of cases) {
      const e = await h.err('wait_for_text', { pane_id: pane, ...args });
      expect(e.text).toBe(text);
      expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    }
    warnings.length = 0;
    const bad = await h.err('wait_for_text', { pane_id: pane, patterns: ['('], regex: true });
    expect(bad.text).toBe('Invalid regex pattern: Unterminated group');
    await until('regex warning delivered', async () => {
      await screen(tmux, 'wait:');
      return warnings.includes('Invalid regex pattern: Unterminated group');
    });
    expect((await h.err('wait_for_text', { stop: ['['], regex: true })).text).toBe('Invalid regex pattern: Unterminated character class');
    expect((await h.err('wait_for_text', { pane_id: '%31337', timeout: 1 })).text).toBe(
      'Pane not found: %31337\nCall list_panes to discover valid pane ids.',
    );
    const schema = await h.err('wait_for_text', { patterns: 'x', timeout: '5' });
    expect(schema.text).toContain('2 validation errors for wait_for_text');
  });
});

describe('wait_for_text: server ceiling', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  beforeAll(async () => {
    tmux.start('ceil');
    h = await McpHarness.start({ socket: tmux.socket, config: { waitMaxSeconds: 1 } });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('clamps timeout to the ceiling instead of rejecting it', async () => {
    const w = await h.ok<Wait>('wait_for_text', { patterns: ['never-ever'], timeout: 90 });
    expect(w).toMatchObject({ outcome: 'timeout', effective_timeout: 1, found: false });
  });
});
