import { McpHarness } from '../../helpers/mcp-harness';

type Listed = Awaited<ReturnType<McpHarness['client']['listTools']>>['tools'][number];

/** docs/reference/tools.md#catalog rows 23–25, 34, 41, 44 and the schemas of docs/reference/tools.md#pane-input-tools. */
describe('pane I/O tool metadata', () => {
  let h: McpHarness;
  let byName: Map<string, Listed>;

  beforeAll(async () => {
    h = await McpHarness.start({ config: { safety: 'destructive' } });
    byName = new Map((await h.client.listTools()).tools.map((t) => [t.name, t]));
  });
  afterAll(() => h.close());

  const SHELL = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };
  it.each([
    ['send_keys', 'Send Keys', SHELL, ['mutating']],
    ['send_keys_batch', 'Send Keys Batch', SHELL, ['mutating']],
    ['run_command', 'Run Command', SHELL, ['mutating', 'self-bounded']],
    ['paste_text', 'Paste Text', SHELL, ['mutating']],
    ['clear_pane', 'Clear Pane', { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false }, ['mutating']],
    [
      'display_message',
      'Evaluate tmux Format String',
      { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      ['readonly'],
    ],
  ])('%s: title, annotations, tags', (name, title, hints, tags) => {
    const t = byName.get(name)!;
    expect(t.title).toBe(title);
    expect(t.annotations).toEqual({ title, ...hints });
    expect(t._meta).toEqual({ 'tmux-mcp/tags': tags });
  });

  it('advertises the reference parameters and defaults', () => {
    const props = (n: string) => (byName.get(n)!.inputSchema as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(Object.keys(props('send_keys'))).toEqual([
      'keys',
      'pane_id',
      'session_name',
      'session_id',
      'window_id',
      'enter',
      'literal',
      'suppress_history',
      'socket_name',
    ]);
    expect(props('send_keys').suppress_history.default).toBe(false);
    const rc = props('run_command');
    expect(Object.keys(rc)).toEqual([
      'command',
      'pane_id',
      'session_name',
      'session_id',
      'window_id',
      'timeout',
      'max_lines',
      'suppress_history',
      'return_on_input',
      'socket_name',
    ]);
    expect(rc.timeout).toMatchObject({ type: 'number', default: 30 });
    // The timeout says the ceiling and where a longer run is collected (docs/reference/tools.md#run_command).
    expect(rc.timeout.description).toMatch(/effective_timeout.*wait_for_run/);
    expect(rc.return_on_input).toMatchObject({ type: 'boolean', default: true });
    const wr = props('wait_for_run');
    expect(Object.keys(wr)).toEqual(['run_id', 'timeout', 'max_lines', 'return_on_input']);
    expect(wr.timeout).toMatchObject({ type: 'number', default: 30, exclusiveMinimum: 0 });
    expect(wr.return_on_input).toMatchObject({ type: 'boolean', default: true });
    // Nullable and optional: a type array with null and no default (docs/reference/protocol.md#nullable-parameters).
    expect(rc.max_lines).toMatchObject({ type: ['integer', 'null'], minimum: 1 });
    expect(rc.max_lines).not.toHaveProperty('default');
    expect(rc.suppress_history).toMatchObject({ type: 'boolean', default: true });
    const batch = props('send_keys_batch');
    expect(batch.timeout).toMatchObject({ type: ['number', 'null'], exclusiveMinimum: 0 });
    expect(batch.timeout).not.toHaveProperty('default');
    expect(batch.on_error).toMatchObject({ type: 'string', enum: ['stop', 'continue'], default: 'stop' });
    const op = (batch.operations as { items: { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean } })
      .items;
    expect(op.additionalProperties).toBe(false);
    expect(op.required).toEqual(['keys']);
    expect(Object.keys(op.properties)).toEqual([
      'keys',
      'pane_id',
      'session_name',
      'session_id',
      'window_id',
      'enter',
      'literal',
      'suppress_history',
    ]);
    expect(Object.keys(props('paste_text'))).toEqual([
      'text',
      'pane_id',
      'bracket',
      'session_name',
      'session_id',
      'window_id',
      'socket_name',
    ]);
    expect(props('paste_text').bracket.default).toBe(true);
    expect(Object.keys(props('clear_pane'))).toEqual(['pane_id', 'session_name', 'session_id', 'window_id', 'socket_name']);
    expect(Object.keys(props('display_message'))).toEqual([
      'format_string',
      'pane_id',
      'session_name',
      'session_id',
      'window_id',
      'socket_name',
    ]);
    // No hosts configured, so no `host` (docs/reference/protocol.md#features); with hosts its shape is
    // checked for every tool in test/integration/framework/tool-catalog.test.ts.
    for (const n of ['send_keys', 'send_keys_batch', 'run_command', 'paste_text', 'clear_pane', 'display_message'])
      expect([n, 'host' in props(n)]).toEqual([n, false]);
  });

  it('titles of verb-of-art pane tools do not say tmux (docs/reference/tools.md#annotation-presets)', () => {
    for (const n of ['send_keys', 'send_keys_batch', 'run_command', 'paste_text', 'clear_pane'])
      expect(byName.get(n)!.title).not.toMatch(/tmux/i);
  });
});

describe('run_command suppress_history default with TMUX_MCP_SUPPRESS_HISTORY=0', () => {
  const suppressDefault = async (h: McpHarness) => {
    const t = (await h.client.listTools()).tools.find((x) => x.name === 'run_command')!;
    return (t.inputSchema.properties as Record<string, { default?: unknown }>).suppress_history.default;
  };

  it('is advertised as false', async () => {
    const h = await McpHarness.start({ config: { suppressHistory: false } });
    try {
      expect(await suppressDefault(h)).toBe(false);
    } finally {
      await h.close();
    }
  });
});
