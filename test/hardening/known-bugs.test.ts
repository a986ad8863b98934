import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { until } from '../helpers/hardening-proc';
import { HardenedTmux } from '../helpers/hardening-tmux';
import { McpHarness } from '../helpers/mcp-harness';

/**
 * Bugs in src/ found by the hardening suites. Fixed ones stay here as regression tests (most
 * were fixed in 9a87cfb). A bug still open is marked `.failing`, so the suite stays green and
 * turns red the day it is fixed: then drop its `.failing`.
 */

describe('src/ bugs found by hardening (regressions; .failing = still open)', () => {
  const tmux = new HardenedTmux();
  const logs: string[] = [];
  let h: McpHarness;
  let pane: string;

  beforeAll(async () => {
    tmux.start('main');
    pane = tmux.firstPane('main');
    h = await McpHarness.start({ socket: tmux.socket, logs, config: { safety: 'mutating' } });
  });
  afterAll(async () => {
    await h.close();
    tmux.cleanup();
  });

  /** Waits until tmux has run a job started after everything before it (state, not time). */
  async function jobsSettled(tag: string): Promise<void> {
    const s = join(tmux.dir, `sentinel-${tag}`);
    await until(() => {
      tmux.tmux('display-message', '-p', `#(touch ${s})`);
      return existsSync(s);
    }, 'sentinel job ran');
  }

  // (1) src/services/option-value.service.ts, src/tools/hook/show-hook.tool.ts: tmux format-expands
  // option and hook names, so `#(cmd)` in a name runs cmd — even through readonly tools.
  it.each([
    ['show_option', 'option'],
    ['set_option', 'option'],
    ['show_hook', 'hook_name'],
  ])('%s never runs #(…) given in %s', async (tool, key) => {
    const m = join(tmux.dir, `opt-${tool}`);
    for (let i = 0; i < 3; i++) await h.call(tool, { [key]: `#(touch ${m})`, ...(tool === 'set_option' ? { value: 'x' } : {}) });
    await jobsSettled(tool);
    expect(existsSync(m)).toBe(false);
  });

  // (2) src/tools/pane/io/format-guard.ts: the E:/T: check stops at an escaped `#}` inside a
  // modifier argument, so `#{s/#}/x/;E:@opt}` re-expands an option holding `#(…)` (docs/reference/tools.md#display_message).
  it('display_message refuses E: hidden behind an escaped #} (docs/reference/tools.md#display_message)', async () => {
    tmux.tmux('set-option', '-g', '@hzjob', `#(touch ${join(tmux.dir, 'b20')})`);
    const r = await h.call('display_message', { format_string: 'A#{s/#}/x/;E:@hzjob}B', pane_id: pane });
    expect(r.isError).toBe(true);
  });

  // (3) src/services/filter.service.ts parseObjectParam: `Invalid <name> JSON: <V8 message>`, and
  // Node 20's message quotes the input raw (docs/reference/protocol.md#never-echoing-values) — for `environment`, a sensitive argument.
  it('a non-JSON filters/environment string is not echoed into the error', async () => {
    const a = await h.err('list_sessions', { filters: 'HZSECRETfilt\u0001' });
    const b = await h.err('create_session', { environment: 'HZSECRETjson\u0001' });
    expect(a.text + b.text).not.toMatch(/HZSECRET|[\u0000-\u0008]/);
    // filters is not a sensitive argument (the audit record may show it); environment is.
    expect(logs.join('')).not.toContain('HZSECRETjson');
  });

  // (4) tmux error texts are passed on as is: tmux quotes the rejected value, so a sensitive
  // `value` reaches the error text and the tmux_mcp.errors log (docs/reference/safety.md#never-logged).
  it('set_option does not leak a rejected value into the error text or the logs', async () => {
    const e = await h.err('set_option', { option: 'history-limit', value: 'HZSECRETvalue' });
    expect(e.text).not.toContain('HZSECRETvalue');
    expect(logs.join('')).not.toContain('HZSECRETvalue');
  });

  // (5) Same root: tmux's text is unbounded and unescaped (docs/reference/errors.md#tmux-errors: escaped, at most 200 code points).
  it('tmux error texts are bounded and escaped', async () => {
    const long = await h.err('show_option', { option: 'H'.repeat(10_000) });
    const ctl = await h.err('set_option', { option: 'history-limit', value: 'x\u0001y' });
    expect(long.text.length).toBeLessThan(1000);
    expect(ctl.text).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  });

  // (6) src/services/search-pattern.ts compilePattern: V8 compiles lazily, so a ~30,000+ character
  // pattern throws on first use, outside the try: an UnexpectedError that echoes the whole pattern.
  it('a 40,000-character search pattern is an expected error without an echo', async () => {
    const r = await h.call('search_panes', { pattern: 'F'.repeat(40_000) });
    if (r.isError) {
      expect(r._meta).toMatchObject({ expected: true });
      expect((r.content[0].text ?? '').length).toBeLessThan(1000);
    }
  });

  // (7) src/tmux/exec-engine.ts execTmux: an argument over 128 KiB fails to spawn (E2BIG), and
  // Node's spawn() throws it synchronously; fixed by a try/catch around execFile() (an expected
  // LibTmuxException). The control engine sends it fine.
  it('a 200 KB send_keys works or fails as an expected error on both engines', async () => {
    const r = await h.call('send_keys', { pane_id: pane, keys: `: ${'D'.repeat(200_000)}`, enter: false });
    if (r.isError) expect(r._meta).toMatchObject({ expected: true });
    tmux.tmux('send-keys', '-t', pane, 'C-u');
  });

  // (8) src/tools/pane/reading/search-panes + src/interceptors/response-limit.interceptor.ts: the
  // 1 MB backstop drops whole entries of `matches`, so one pane over 1 MB keeps nothing, not its
  // tail (docs/reference/protocol.md#response-cap). Exclusion: the comment in oversized.test.ts search_panes.
  it('search_panes keeps the tail of a single pane over 1 MB', async () => {
    tmux.tmux('set-option', '-g', 'history-limit', '100000'); // all 1.2 MB stay in the pane
    const p = tmux.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', '-t', 'main', '-c', tmux.dir).trim();
    const done = tmux.tmuxAsync('wait-for', 'hz-kb-long');
    tmux.tmux(
      'send-keys',
      '-t',
      p,
      '-l',
      `awk 'BEGIN { for (i = 1; i <= 12; i++) { s = sprintf("K%02d-", i); while (length(s) < 100000) s = s "x"; print s "-E" i } }'; tmux wait-for -S hz-kb-long`,
    );
    tmux.tmux('send-keys', '-t', p, 'Enter');
    await done;
    const r = await h.ok<{ matches: { matched_lines: string[] }[] }>('search_panes', {
      pattern: 'xxxxx',
      content_start: -100000,
      max_matched_lines_per_pane: 1000,
    });
    const lines = r.matches.flatMap((m) => m.matched_lines);
    tmux.tmux('kill-pane', '-t', p);
    expect(lines[lines.length - 1]).toMatch(/-E12$/);
  });

  // (9) The SDK's zod parse of tools/call dropped an own `__proto__` key before src/ saw it, so
  // that unknown argument was accepted silently (docs/reference/protocol.md#strict-objects: unknown args are
  // rejected, never stripped). Fixed by src/framework/protocol/raw-arguments.tap.ts.
  it('an unknown __proto__ argument is rejected by name', async () => {
    const r = await h.call('get_server_info', JSON.parse('{"__proto__": "x"}') as Record<string, unknown>);
    expect(r).toMatchObject({ isError: true, _meta: { error_type: 'ValidationError' } });
    expect((r.content as { text: string }[])[0].text).toContain('__proto__\n  Extra inputs are not permitted [type=extra_forbidden]');
    // Nested too (batch operations carry their own arguments objects).
    const b = await h.call(
      'call_readonly_tools_batch',
      JSON.parse('{"operations": [{"tool": "get_server_info", "arguments": {"__proto__": {"a": 1}}}]}') as Record<string, unknown>,
    );
    expect(JSON.stringify(b)).toContain('Extra inputs are not permitted');
  });

  // (10) src/tools/pane/lifecycle/enter-copy-mode.tool.ts: scroll_up had no upper bound and went to
  // `send-keys -N <n> -X scroll-up`, which keeps the tmux server busy for minutes at n = 2e9: every
  // client of that server freezes, and our calls to it hang (there is no per-command timeout).
  it('a huge scroll_up does not freeze the tmux server', async () => {
    let settled = false;
    void h
      .call('enter_copy_mode', { pane_id: pane, scroll_up: 2_000_000_000 })
      .finally(() => (settled = true))
      .catch(() => undefined);
    // A tmux client that gets no answer ignores SIGTERM: probe with SIGKILL after 2 s.
    const probe = () =>
      new Promise<boolean>((resolve) =>
        execFile('tmux', ['-L', tmux.socket, 'display-message', '-p', 'alive'], { timeout: 2000, killSignal: 'SIGKILL' }, (err) =>
          resolve(!err),
        ),
      );
    let answered = true;
    for (let i = 0; i < 500 && answered && !settled; i++) answered = await probe();
    if (answered) answered = await probe();
    // A busy server cannot even be asked to exit: end it by pid; the pending call then fails.
    if (!answered) tmux.forceKill();
    expect(answered).toBe(true);
  }, 20_000);
});
