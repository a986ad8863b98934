import { McpHarness } from '../helpers/mcp-harness';
import { TmuxFixture } from '../helpers/tmux-fixture';

describe('list_sessions', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('alpha');
    tmux.newSession('beta');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('lists every session with typed fields (docs/reference/tools.md#typed-fields)', async () => {
    const { result } = await h.ok<{ result: Record<string, unknown>[] }>('list_sessions');
    expect(result.map((s) => s.session_name)).toEqual(['alpha', 'beta']);
    expect(typeof result[0].window_count).toBe('number');
    expect(result[0].session_attached).toBe(0);
    expect(result[0].active_pane_id).toMatch(/^%\d+$/);
  });

  it('filters with operators, dict or JSON string', async () => {
    expect((await h.ok<{ result: unknown[] }>('list_sessions', { filters: { session_name__startswith: 'be' } })).result).toHaveLength(1);
    expect((await h.ok<{ result: unknown[] }>('list_sessions', { filters: '{"session_name__in": ["alpha","x"]}' })).result).toHaveLength(1);
    const bad = await h.err('list_sessions', { filters: { session_name__badop: 'x' } });
    expect(bad.text).toBe(
      "Invalid filter operator 'badop' in 'session_name__badop'. Valid operators: contains, endswith, eq, exact, icontains, iendswith, iexact, in, iregex, istartswith, nin, regex, startswith",
    );
    expect((await h.err('list_sessions', { filters: '[1]' })).text).toBe('filters must be a JSON object, got list');
    expect((await h.err('list_sessions', { filters: '{nope' })).text).toMatch(/^Invalid filters JSON: /);
  });

  it('keys starting with __ name an operator too (docs/reference/tools.md#filters)', async () => {
    expect((await h.err('list_sessions', { filters: { __x: 'a' } })).text).toMatch(
      /^Invalid filter operator 'x' in '__x'\. Valid operators: /,
    );
  });

  it('reports a bad regex without echoing the pattern (docs/reference/tools.md#filters)', async () => {
    const e = await h.err('list_sessions', { filters: { session_name__regex: '(SECRET' } });
    expect(e.text).toBe('Invalid regex pattern: Unterminated group');
    expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    const i = await h.err('list_sessions', { filters: '{"session_name__iregex": "[SECRET"}' });
    expect(i.text).toBe('Invalid regex pattern: Unterminated character class');
    expect((await h.ok<{ result: unknown[] }>('list_sessions', { filters: { session_name__iregex: '^AL' } })).result).toHaveLength(1);
  });

  it('returns [] as one text block when no server runs (docs/reference/protocol.md#empty-lists, docs/reference/tools.md#no-server-running)', async () => {
    const r = await h.call('list_sessions', { socket_name: `${tmux.socket}-none` });
    expect(r.content).toEqual([{ type: 'text', text: '[]' }]);
    expect(r.structuredContent).toEqual({ result: [] });
  });

  it('rejects unknown arguments by name without echoing values', async () => {
    const e = await h.err('list_sessions', { bogus: 'SECRET-VALUE', wait_for_previous: true });
    expect(e.text).not.toContain('SECRET-VALUE');
    expect(e.text).toContain('2 validation errors for list_sessions');
    expect(e.text).toContain('bogus\n  Extra inputs are not permitted [type=extra_forbidden]');
    expect(e.text).toContain('Remove or correct the unrecognized argument(s): bogus, wait_for_previous.');
    expect(e.text).toContain('your client (jest-client 1.0.0)');
    expect(e.meta).toMatchObject({ error_type: 'ValidationError', expected: true });
  });
});

describe('list_sessions filters with non-string values (docs/reference/tools.md#filters)', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  beforeAll(async () => {
    tmux.start('one');
    tmux.newSession('two');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('accepts numbers, booleans and lists in the object form', async () => {
    const names = async (filters: unknown) =>
      (await h.ok<{ result: { session_name: string }[] }>('list_sessions', { filters })).result.map((s) => s.session_name);
    expect(await names({ session_windows: 1 })).toEqual(['one', 'two']);
    expect(await names({ session_attached: 0, session_name__in: ['two', 'x'] })).toEqual(['two']);
    expect(await names({ session_name__nin: 'one,x' })).toEqual(['two']);
    expect(await names({ session_many_attached: false })).toEqual(['one', 'two']);
    const bad = await h.err('list_sessions', { filters: { session_name: { nested: 'SECRET' } } });
    expect(bad.text).toContain('filters.session_name\n  Input should be a string, number, boolean or a list of them [type=union_type]');
    expect(bad.text).not.toContain('SECRET');
  });
});
