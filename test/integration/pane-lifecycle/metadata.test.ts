import { McpHarness } from '../../helpers/mcp-harness';

type Hints = { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };

/** docs/reference/tools.md#catalog rows 28–33, 38–40, 42–43: tier, RO DE ID OW, title. */
const TABLE: Record<string, [string, string, string]> = {
  resize_pane: ['mutating', 'FFTF', 'Resize Pane'],
  kill_pane: ['destructive', 'FTFF', 'Kill Pane'],
  respawn_pane: ['mutating', 'FTFF', 'Respawn Pane'],
  set_pane_title: ['mutating', 'FFTF', 'Set Pane Title'],
  get_pane_info: ['readonly', 'TFTF', 'Get Pane Info'],
  find_pane_by_position: ['readonly', 'TFTF', 'Find Pane By Position'],
  select_pane: ['mutating', 'FFTF', 'Select Pane'],
  swap_pane: ['mutating', 'FFFF', 'Swap Pane'],
  pipe_pane: ['mutating', 'FFFT', 'Pipe Pane'],
  enter_copy_mode: ['mutating', 'FFFF', 'Enter Copy Mode'],
  exit_copy_mode: ['mutating', 'FFTF', 'Exit Copy Mode'],
};

const flags = (a: Hints) => [a.readOnlyHint, a.destructiveHint, a.idempotentHint, a.openWorldHint].map((b) => (b ? 'T' : 'F')).join('');

describe('pane lifecycle tools: metadata (docs/reference/tools.md#catalog) and parameters', () => {
  let h: McpHarness;
  let tools: Awaited<ReturnType<McpHarness['client']['listTools']>>['tools'];

  beforeAll(async () => {
    h = await McpHarness.start({ socket: 'tmux-mcp-test-unused-metadata', config: { safety: 'destructive' } });
    tools = (await h.client.listTools()).tools;
  });
  afterAll(() => h.close());

  it.each(Object.entries(TABLE))('%s has the tier, annotations and title of the table', (name, [tier, hints, title]) => {
    const t = tools.find((x) => x.name === name)!;
    expect(t).toBeDefined();
    expect(flags(t.annotations as Hints)).toBe(hints);
    expect(t.annotations?.title).toBe(title);
    expect(t.title).toBe(title);
    // Verb-of-art pane tools keep "tmux" out of their titles (docs/reference/tools.md#annotation-presets).
    expect(title).not.toMatch(/tmux/i);
    expect(JSON.stringify(t._meta)).toContain(`"${tier}"`);
  });

  it('advertises the documented parameters with their defaults (docs/reference/tools.md#pane-lifecycle-tools, docs/reference/tools.md#find_pane_by_position)', () => {
    const props = (n: string) => Object.keys(tools.find((x) => x.name === n)!.inputSchema.properties ?? {});
    const required = (n: string) => tools.find((x) => x.name === n)!.inputSchema.required ?? [];
    expect(props('respawn_pane')).toEqual([
      'pane_id',
      'kill',
      'shell',
      'start_directory',
      'environment',
      'socket_name',
      'suppress_persistent_history',
    ]);
    expect(required('respawn_pane')).toEqual(['pane_id']);
    expect(required('kill_pane')).toEqual(['pane_id']);
    expect(required('swap_pane')).toEqual(['source_pane_id', 'target_pane_id']);
    expect(required('set_pane_title')).toEqual(['title']);
    expect(required('find_pane_by_position')).toEqual(['corner']);
    expect(props('resize_pane')).toEqual(['pane_id', 'session_name', 'session_id', 'window_id', 'height', 'width', 'zoom', 'socket_name']);
    expect(props('select_pane')).toEqual([
      'pane_id',
      'direction',
      'window_id',
      'window_index',
      'session_name',
      'session_id',
      'socket_name',
    ]);
    expect(props('pipe_pane')).toEqual(['pane_id', 'output_path', 'append', 'session_name', 'session_id', 'window_id', 'socket_name']);
    expect(props('enter_copy_mode')).toEqual(['pane_id', 'scroll_up', 'session_name', 'session_id', 'window_id', 'socket_name']);
    const respawn = tools.find((x) => x.name === 'respawn_pane')!.inputSchema as {
      properties: Record<string, { default?: unknown }>;
      additionalProperties?: boolean;
    };
    expect(respawn.properties.kill.default).toBe(true);
    expect(respawn.additionalProperties).toBe(false);
    // No hosts configured, so no `host` (docs/reference/protocol.md#features); with hosts its shape is
    // checked for every tool in test/integration/framework/tool-catalog.test.ts.
    for (const n of Object.keys(TABLE)) expect([n, props(n).includes('host')]).toEqual([n, false]);
  });

  it('hides kill_pane below the destructive tier but keeps respawn_pane at mutating', async () => {
    const m = await McpHarness.start({ socket: 'tmux-mcp-test-unused-metadata' });
    try {
      const names = (await m.client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('respawn_pane');
      expect(names).toContain('pipe_pane');
      expect(names).not.toContain('kill_pane');
    } finally {
      await m.close();
    }
  });

  it('rejects resolver arguments on respawn_pane and bad bounds in the schema (docs/reference/tools.md#required-targets, docs/reference/tools.md#numeric-bounds)', async () => {
    const e = await h.err('respawn_pane', { pane_id: '%0', session_name: 'x' });
    expect(e.text).toContain('session_name\n  Extra inputs are not permitted [type=extra_forbidden]');
    expect(e.meta).toMatchObject({ error_type: 'ValidationError', expected: true });
    const z = await h.err('resize_pane', { height: 0 });
    expect(z.text).toContain('height\n  Input should be greater than or equal to 1 [type=greater_than_equal]');
    const s = await h.err('enter_copy_mode', { scroll_up: 0 });
    expect(s.text).toContain('scroll_up\n  Input should be greater than or equal to 1 [type=greater_than_equal]');
    const c = await h.err('find_pane_by_position', { corner: 'middle' });
    expect(c.text).toContain("corner\n  Input should be 'top-left', 'top-right', 'bottom-left' or 'bottom-right' [type=literal_error]");
    const d = await h.err('select_pane', { direction: 'sideways' });
    expect(d.text).toContain('[type=literal_error]');
    expect(d.text).not.toContain('sideways');
  });
});
