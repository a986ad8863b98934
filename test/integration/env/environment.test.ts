import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

type Env = { variables: Record<string, string | boolean> };

describe('show_environment / set_environment', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let betaId: string;

  beforeAll(async () => {
    tmux.start('alpha');
    betaId = tmux.newSession('beta');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('advertises tier, title and annotations (docs/reference/tools.md#environment)', async () => {
    const { tools } = await h.client.listTools();
    expect(tools.find((t) => t.name === 'show_environment')!.annotations).toEqual({
      title: 'Show tmux Environment',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(tools.find((t) => t.name === 'set_environment')!.annotations).toEqual({
      title: 'Set tmux Environment',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
  });

  it('sets and shows the global environment (-g)', async () => {
    expect(await h.ok('set_environment', { name: 'MCP_GLOBAL', value: 'g value = x' })).toEqual({
      name: 'MCP_GLOBAL',
      value: 'g value = x',
      status: 'set',
    });
    expect(tmux.tmux('show-environment', '-g', 'MCP_GLOBAL')).toBe('MCP_GLOBAL=g value = x');
    const { variables } = await h.ok<Env>('show_environment');
    expect(variables.MCP_GLOBAL).toBe('g value = x');
  });

  it('targets a session by name or id, and keeps it out of the global table', async () => {
    await h.ok('set_environment', { name: 'MCP_SESS', value: 'by-name', session_name: 'beta' });
    expect(tmux.tmux('show-environment', '-t', betaId, 'MCP_SESS')).toBe('MCP_SESS=by-name');
    expect((await h.ok<Env>('show_environment', { session_id: betaId })).variables.MCP_SESS).toBe('by-name');
    expect((await h.ok<Env>('show_environment', { session_name: 'alpha' })).variables).not.toHaveProperty('MCP_SESS');
    expect((await h.ok<Env>('show_environment')).variables).not.toHaveProperty('MCP_SESS');
    await h.ok('set_environment', { name: 'MCP_SESS', value: 'by-id', session_id: betaId });
    expect((await h.ok<Env>('show_environment', { session_name: 'beta' })).variables.MCP_SESS).toBe('by-id');
  });

  it('maps a tmux -NAME removal entry to true', async () => {
    tmux.tmux('set-environment', '-t', betaId, '-r', 'MCP_GONE');
    const { variables } = await h.ok<Env>('show_environment', { session_id: betaId });
    expect(variables.MCP_GONE).toBe(true);
  });

  it('round-trips odd names and values (leading dash, newline, __proto__)', async () => {
    await h.ok('set_environment', { name: '-DASH', value: '-v' });
    await h.ok('set_environment', { name: 'MCP_NL', value: 'line1\nline2' });
    await h.ok('set_environment', { name: '__proto__', value: 'plain' });
    const { variables } = await h.ok<Env>('show_environment');
    expect(variables['-DASH']).toBe('-v');
    expect(variables.MCP_NL).toBe('line1\nline2');
    expect(Object.getOwnPropertyDescriptor(variables, '__proto__')?.value).toBe('plain');
  });

  it('reports unknown sessions and tmux errors', async () => {
    const e = await h.err('show_environment', { session_name: 'bet' });
    expect(e.text).toMatch(/^Object not found: Could not find session_name=bet for list-sessions(\n|$)/);
    expect(e.meta.error_type).toBe('TmuxObjectDoesNotExist');
    expect((await h.err('set_environment', { name: 'X', value: 'y', session_id: '$999' })).text).toMatch(
      /^Object not found: Could not find session_id=\$999 for list-sessions(\n|$)/,
    );
    const bad = await h.err('set_environment', { name: 'A=B', value: 'x' });
    expect(bad.text).toBe('tmux error: variable name contains =');
    expect((await h.err('set_environment', { name: '', value: 'x' })).text).toBe('tmux error: empty variable name');
  });

  it('rejects control characters in names without echoing them', async () => {
    const e = await h.err('set_environment', { name: 'BAD\u0007NAME', value: 'x' });
    expect(e.meta.error_type).toBe('ValidationError');
    expect(e.text).toContain('1 validation error for set_environment\nname\n');
    expect(e.text).not.toContain('BAD');
  });
});
