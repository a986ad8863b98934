import { HardenedTmux } from '../helpers/hardening-tmux';
import { McpHarness } from '../helpers/mcp-harness';
import { until } from '../helpers/poll';

/**
 * Safety: every tool above the server's tier is refused on every path — a direct call, each
 * batch wrapper, a batch inside a batch, and prompts-as-tools (`get_prompt` renders text, it
 * never reaches a tool) — with real targets, so a gate that let one through would visibly
 * change tmux. Driven from tools/list, so new tools are covered automatically.
 */
const TIERS = ['readonly', 'mutating', 'destructive'] as const;
type Tier = (typeof TIERS)[number];
const rank = (t: string) => TIERS.indexOf(t as Tier);

describe.each(['readonly', 'mutating'] as const)('off-tier tools are refused at %s', (tier) => {
  const tmux = new HardenedTmux();
  let h: McpHarness;
  let all: { name: string; tier: Tier; required: string[] }[];
  let pane: string;
  let before: string;

  /** Everything a refused call could have changed. */
  const state = () =>
    [
      tmux.tmux('list-sessions', '-F', '#{session_id} #{session_name}'),
      tmux.tmux('list-panes', '-a', '-F', '#{pane_id} #{pane_pid} #{pane_title} #{window_name} #{window_layout}'),
      tmux.tmux('capture-pane', '-p', '-t', pane),
      tmux.tmux('show-options', '-g', 'history-limit'),
      tmux
        .tmux('list-buffers', '-F', '#{buffer_name}')
        .split('\n')
        .filter((b) => b.startsWith('tmux_mcp_'))
        .join(','),
    ].join('\n');

  beforeAll(async () => {
    tmux.start('main');
    tmux.session('other');
    // The snapshot holds window names: freeze them, or tmux's automatic rename (bash -c sh → sh,
    // on tmux's own timer) could change one between two snapshots with no call involved.
    tmux.tmux('set-option', '-g', 'automatic-rename', 'off');
    pane = tmux.firstPane('main');
    tmux.tmux('send-keys', '-t', pane, 'echo HZ-STILL-""HERE', 'Enter');
    await until(
      () => tmux.tmux('capture-pane', '-p', '-t', pane),
      (screen) => screen.includes('HZ-STILL-HERE'),
      'marker on screen',
    );
    const d = await McpHarness.start({ socket: tmux.socket, config: { safety: 'destructive', promptsAsTools: true } });
    all = (await d.client.listTools()).tools.map((t) => ({
      name: t.name,
      tier: (t._meta?.['tmux-mcp/tags'] as Tier[])[0],
      required: t.inputSchema.required ?? [],
    }));
    await d.close();
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: tier, promptsAsTools: true } });
    before = state();
  });
  afterAll(async () => {
    await h.close();
    tmux.cleanup();
  });

  /** Real targets and payloads: executing any of these would change tmux. */
  function args(required: string[]): Record<string, unknown> {
    const window = tmux.tmux('display-message', '-p', '-t', pane, '#{window_id}');
    const real: Record<string, unknown> = {
      pane_id: pane,
      source_pane_id: pane,
      target_pane_id: tmux.firstPane('other'),
      window_id: window,
      session_name: 'main',
      keys: 'echo HZ-GATE-BROKEN',
      command: 'echo HZ-GATE-BROKEN',
      text: 'HZ-GATE-BROKEN',
      new_name: 'hz-renamed',
      title: 'hz-title',
      layout: 'tiled',
      option: 'history-limit',
      value: '1234',
      name: 'HZ_GATE',
      content: 'hz',
      channel: 'hz-gate',
      buffer_name: `tmux_mcp_${'0'.repeat(32)}_x`,
      corner: 'top-left',
      format_string: 'x',
      pattern: 'x',
      hook_name: 'after-new-window',
      operations: [{ tool: 'kill_session', arguments: { session_name: 'other' } }],
    };
    const out: Record<string, unknown> = { session_name: 'main', pane_id: pane };
    for (const r of required) out[r] = real[r] ?? 'x';
    return out;
  }

  it('hides them from tools/list', async () => {
    const listed = (await h.client.listTools()).tools.map((t) => t.name).sort();
    expect(listed).toEqual(
      all
        .filter((t) => rank(t.tier) <= rank(tier))
        .map((t) => t.name)
        .sort(),
    );
  });

  it('refuses each one on a direct call, in every batch wrapper, and nested', async () => {
    const above = all.filter((t) => rank(t.tier) > rank(tier));
    expect(above.length).toBeGreaterThan(0);
    const wrappers = all.filter((t) => t.name.endsWith('_tools_batch'));
    for (const t of above) {
      const a = args(t.required);
      const direct = await h.err(t.name, a);
      expect(direct.text).toBe(
        `Tool '${t.name}' is not available at the current safety level (${tier}). Start the server with TMUX_MCP_SAFETY=${t.tier} to enable it.`,
      );
      expect(direct.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });

      for (const w of wrappers) {
        const r = await h.call(w.name, { operations: [{ tool: t.name, arguments: a }], on_error: 'continue' });
        if (rank(w.tier) > rank(tier)) {
          // The wrapper itself is off-tier.
          expect(r.isError).toBe(true);
          expect(r.content[0].text).toMatch(/^Tool '.*' is not available at the current safety level/);
          continue;
        }
        expect(r.isError).toBeFalsy();
        const row = (r.structuredContent as { results: { success: boolean; error: string }[] }).results[0];
        expect(row.success).toBe(false);
        expect(row.error).toMatch(
          /^(Unknown tool: '|Tool '.*' has tier '.*', which exceeds batch tier|Batch tools cannot call batch tools recursively)/,
        );
        // One level deeper: a visible wrapper holding a wrapper holding the tool.
        const nested = await h.call(w.name, {
          operations: [{ tool: w.name, arguments: { operations: [{ tool: t.name, arguments: a }] } }],
        });
        expect((nested.structuredContent as { results: { success: boolean }[] }).results[0].success).toBe(false);
      }
    }
    expect(state()).toBe(before);
  });

  it('prompts-as-tools cannot reach a tool: get_prompt only renders text', async () => {
    for (const t of all.filter((x) => rank(x.tier) > rank(tier))) {
      const e = await h.err('get_prompt', { name: t.name, arguments: args(t.required) });
      expect(e.meta).toMatchObject({ expected: true });
    }
    const rendered = await h.ok<{ messages: { content: { text: string } }[] }>('get_prompt', {
      name: 'run_and_wait',
      arguments: { command: 'tmux kill-server', pane_id: pane },
    });
    expect(rendered.messages[0].content.text).toContain('tmux kill-server');
    expect(state()).toBe(before);
  });
});
