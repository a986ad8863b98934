import { createServer } from '../../../src/server/create-server';
import { CATALOG_TOOL_NAMES, TOOLSET_NAMES, TOOLSETS } from '../../../src/tools/toolsets';
import { like } from '../../helpers/like';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import type { ServerConfig } from '../../../src/config/server-config';
import winston from 'winston';

/** tools/list of a server with these settings (nothing is called: no tmux needed). */
async function listed(config: Partial<ServerConfig>, env: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const h = await McpHarness.start({ socket: 'tmux-mcp-test-toolsets-none', config, env });
  try {
    return (await h.client.listTools()).tools.map((t) => t.name);
  } finally {
    await h.close();
  }
}

describe('toolsets (docs/reference/tools.md#toolsets)', () => {
  // Every core tool a server at the highest tier lists (list_hosts only with hosts configured).
  let everything: string[];
  beforeAll(async () => {
    everything = await listed({ safety: 'destructive', toolsets: ['all'] });
    expect(everything.filter((n) => n !== 'list_hosts')).toEqual(CATALOG_TOOL_NAMES.filter((n) => n !== 'list_hosts'));
  });

  it.each(Object.keys(TOOLSETS))('%s lists exactly its members (tier destructive), in registration order', async (set) => {
    expect(await listed({ safety: 'destructive', toolsets: [set] })).toEqual(everything.filter((n) => TOOLSETS[set].includes(n)));
  });

  it('a combination lists the union: core,buffer', async () => {
    const want = everything.filter((n) => TOOLSETS.core.includes(n) || TOOLSETS.buffer.includes(n));
    expect(await listed({ safety: 'destructive' }, { TMUX_MCP_TOOLSETS: 'core,buffer' })).toEqual(want);
    expect(want).toHaveLength(19);
  });

  it('all (the default) lists every tool', async () => {
    expect(await listed({ safety: 'destructive' }, { TMUX_MCP_TOOLSETS: '' })).toEqual(everything);
  });

  it('applies before the tier: readonly + core lists only the readonly tools of core', async () => {
    expect(await listed({ safety: 'readonly', toolsets: ['core'] })).toEqual([
      'list_sessions',
      'list_windows',
      'list_panes',
      'wait_for_run',
      'capture_pane',
      'search_panes',
      'wait_for_text',
      'wait_for_idle',
      'snapshot_pane',
    ]);
  });

  it('prompts as tools keep their own setting: listed with core', async () => {
    const names = await listed({ safety: 'readonly', toolsets: ['hook'], promptsAsTools: true });
    expect(names).toEqual(['show_hooks', 'show_hook', 'list_prompts', 'get_prompt']);
  });

  it('an unknown name fails createServer naming it and the known sets', async () => {
    await expect(createServer({ env: { TMUX_MCP_TOOLSETS: 'core,nope' }, logger: winston.createLogger({ silent: true }) })).rejects.toThrow(
      `TMUX_MCP_TOOLSETS: unknown toolset 'nope'; known toolsets: ${TOOLSET_NAMES.join(', ')}`,
    );
  });

  describe('tools outside the selection (core)', () => {
    const tmux = new TmuxFixture();
    let h: McpHarness;
    beforeAll(async () => {
      tmux.start('ts');
      h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'destructive', toolsets: ['core', 'batch'] } });
    });
    afterAll(async () => {
      await h.close();
      tmux.kill();
    });

    it('a direct call is an unknown tool (JSON-RPC -32602), like a name that never existed', async () => {
      await expect(h.client.callTool({ name: 'show_option', arguments: { option: 'status' } })).rejects.toMatchObject({
        code: -32602,
        message: like.stringContaining("Unknown tool: 'show_option'"),
      });
      expect(tmux.tmux('display-message', '-p', '#{session_name}')).toBe('ts');
    });

    it('a batch runs the selected tools and refuses the others as unknown', async () => {
      const r = await h.call('call_readonly_tools_batch', {
        operations: [
          { tool: 'list_sessions', arguments: {} },
          { tool: 'get_session_info', arguments: { session_name: 'ts' } },
        ],
      });
      expect(r.isError).toBeFalsy();
      const rows = (r.structuredContent as { results: { tool: string; success: boolean; error: string | null }[] }).results;
      expect(rows.map((x) => [x.tool, x.success, x.error])).toEqual([
        ['list_sessions', true, null],
        ['get_session_info', false, "Unknown tool: 'get_session_info'"],
      ]);
    });
  });
});
