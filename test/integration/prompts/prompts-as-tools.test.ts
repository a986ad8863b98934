import { like } from '../../helpers/like';
import { McpHarness } from '../../helpers/mcp-harness';

describe('prompts as tools (docs/reference/resources-and-prompts.md#prompts-as-tools)', () => {
  describe('off (default)', () => {
    let h: McpHarness;
    beforeAll(async () => {
      h = await McpHarness.start({ socket: 'tmux-mcp-test-prompts-none', config: { safety: 'destructive' } });
    });
    afterAll(() => h.close());

    it('exposes no list_prompts / get_prompt tools', async () => {
      const names = (await h.client.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain('list_prompts');
      expect(names).not.toContain('get_prompt');
      await expect(h.client.callTool({ name: 'list_prompts', arguments: {} })).rejects.toMatchObject({
        code: -32602,
        message: like.stringContaining("Unknown tool: 'list_prompts'"),
      });
    });
  });

  describe('on (TMUX_MCP_PROMPTS_AS_TOOLS=1) at safety readonly', () => {
    let h: McpHarness;
    const logs: string[] = [];
    beforeAll(async () => {
      h = await McpHarness.start({
        socket: 'tmux-mcp-test-prompts-none',
        env: { TMUX_MCP_PROMPTS_AS_TOOLS: '1', TMUX_MCP_SAFETY: 'readonly' },
        logs,
      });
    });
    afterAll(() => h.close());

    it('lists both tools as readonly tools', async () => {
      const { tools } = await h.client.listTools();
      for (const name of ['list_prompts', 'get_prompt']) {
        const t = tools.find((x) => x.name === name)!;
        expect(t).toBeDefined();
        expect(t.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
        expect(t._meta).toEqual({ 'tmux-mcp/tags': ['readonly'] });
      }
      const lp = tools.find((x) => x.name === 'list_prompts')!;
      expect(lp.inputSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
      const gp = tools.find((x) => x.name === 'get_prompt')!.inputSchema as { properties: Record<string, unknown>; required: string[] };
      expect(Object.keys(gp.properties)).toEqual(['name', 'arguments']);
      expect(gp.required).toEqual(['name']);
    });

    it('list_prompts returns {prompts: [{name, title, description, arguments}]}', async () => {
      const r = await h.ok<{
        prompts: {
          name: string;
          title: string;
          description: string;
          arguments: { name: string; description: string; required: boolean }[];
        }[];
      }>('list_prompts');
      expect(r.prompts.map((p) => p.name)).toEqual([
        'run_and_wait',
        'diagnose_failing_pane',
        'build_dev_workspace',
        'interrupt_gracefully',
      ]);
      expect(r.prompts[0].arguments).toEqual([
        { name: 'command', description: like.any(String), required: true },
        { name: 'pane_id', description: like.any(String), required: true },
        { name: 'timeout', description: like.any(String), required: false },
      ]);
      expect(r.prompts[0].title).toEqual(expect.any(String));
    });

    it('get_prompt returns {messages} equal to prompts/get', async () => {
      const args = { command: 'make', pane_id: '%2' };
      const r = await h.ok<{ messages: unknown[] }>('get_prompt', { name: 'run_and_wait', arguments: args });
      const direct = await h.client.getPrompt({ name: 'run_and_wait', arguments: args });
      expect(r).toEqual({ messages: direct.messages });
      // JSON numbers are accepted as their text.
      const n = await h.ok<{ messages: { content: { text: string } }[] }>('get_prompt', {
        name: 'run_and_wait',
        arguments: { command: 'x', pane_id: '%2', timeout: 2.5 },
      });
      expect(n.messages[0].content.text).toContain('timeout=2.5,');
      const noArgs = await h.call('get_prompt', { name: 'diagnose_failing_pane' });
      expect(noArgs.isError).toBe(true);
    });

    it('prompt errors are expected tool errors', async () => {
      const unknown = await h.err('get_prompt', { name: 'nope' });
      expect(unknown.text).toBe("Unknown prompt: 'nope'");
      expect(unknown.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
      const missing = await h.err('get_prompt', { name: 'interrupt_gracefully', arguments: {} });
      expect(missing.text).toBe("Missing required argument(s) for prompt 'interrupt_gracefully': pane_id");
      const bad = await h.err('get_prompt', { name: 'interrupt_gracefully', arguments: { pane_id: 'main' } });
      expect(bad.text).toMatch(/^pane_id must look like '%1'\. /);
      expect(bad.text).not.toContain('main');
      const schema = await h.err('get_prompt', { arguments: {} });
      expect(schema.meta.error_type).toBe('ValidationError');
      expect((await h.err('list_prompts', { x: 1 })).meta.error_type).toBe('ValidationError');
    });

    it('audit redacts sensitive prompt arguments by name (docs/reference/safety.md#redaction)', async () => {
      logs.length = 0;
      await h.ok('get_prompt', { name: 'run_and_wait', arguments: { command: 'SECRET-CMD', pane_id: '%1' } });
      const audit = logs.filter((l) => l.includes('tmux_mcp.audit'));
      expect(audit.join('\n')).toMatch(
        /tool=get_prompt outcome=ok .*"arguments":\{"command":\{"len":10,"sha256_prefix":"[0-9a-f]{12}"\},"pane_id":"%1"\}/,
      );
      expect(logs.join('\n')).not.toContain('SECRET-CMD');
    });

    it('the readonly batch wrapper can call them too', async () => {
      const r = await h.ok<{ results: { success: boolean }[] }>('call_readonly_tools_batch', { operations: [{ tool: 'list_prompts' }] });
      expect(r.results[0].success).toBe(true);
    });
  });
});
