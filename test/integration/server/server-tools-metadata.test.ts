import { McpHarness } from '../../helpers/mcp-harness';

type Hints = [boolean, boolean, boolean, boolean];

// docs/reference/tools.md#catalog: tier, RO DE ID OW, title.
const TABLE: Record<string, { tier: string; hints: Hints; title: string }> = {
  list_hosts: { tier: 'readonly', hints: [true, false, true, false], title: 'List Hosts' },
  list_servers: { tier: 'readonly', hints: [true, false, true, false], title: 'List tmux Servers' },
  list_sessions: { tier: 'readonly', hints: [true, false, true, false], title: 'List tmux Sessions' },
  create_session: { tier: 'mutating', hints: [false, false, false, false], title: 'Create tmux Session' },
  kill_server: { tier: 'destructive', hints: [false, true, false, false], title: 'Kill tmux Server' },
  get_server_info: { tier: 'readonly', hints: [true, false, true, false], title: 'Get tmux Server Info' },
};

describe('server family metadata', () => {
  let h: McpHarness;
  beforeAll(async () => {
    // A configured host (never contacted here) turns on `host` and list_hosts, both part of this
    // family (docs/reference/protocol.md#features).
    h = await McpHarness.start({ config: { safety: 'destructive', hosts: ['user@server-meta.invalid'] } });
  });
  afterAll(() => h.close());

  it('registers the tools in catalog order with tiers, annotations and titles (docs/reference/tools.md#catalog)', async () => {
    const { tools } = await h.client.listTools();
    const names = tools.map((t) => t.name).filter((n) => n in TABLE);
    expect(names).toEqual(Object.keys(TABLE));
    for (const t of tools.filter((x) => x.name in TABLE)) {
      const row = TABLE[t.name];
      const a = t.annotations!;
      expect([t.name, a.title, [a.readOnlyHint, a.destructiveHint, a.idempotentHint, a.openWorldHint]]).toEqual([
        t.name,
        row.title,
        row.hints,
      ]);
      expect(t._meta).toEqual({ 'tmux-mcp/tags': [row.tier] });
      expect(t.description).toMatch(/tmux/);
    }
  });

  it('advertises the documented parameters (docs/reference/tools.md#server-tools); list_servers has no socket_name', async () => {
    const { tools } = await h.client.listTools();
    const props = (n: string) => Object.keys(tools.find((t) => t.name === n)!.inputSchema.properties ?? {});
    expect(props('list_hosts')).toEqual([]);
    expect(props('list_servers')).toEqual(['extra_socket_paths', 'host']);
    expect(props('create_session')).toEqual([
      'session_name',
      'window_name',
      'start_directory',
      'x',
      'y',
      'environment',
      'socket_name',
      'host',
      'suppress_persistent_history',
    ]);
    expect(props('kill_server')).toEqual(['socket_name', 'host']);
    expect(props('get_server_info')).toEqual(['socket_name', 'host']);
    const cs = tools.find((t) => t.name === 'create_session')!.inputSchema as unknown as {
      properties: Record<string, Record<string, unknown>>;
      additionalProperties: boolean;
    };
    expect(cs.additionalProperties).toBe(false);
    // Nullable and optional, absent means null: a type array, no default (docs/reference/protocol.md#nullable-parameters).
    expect(cs.properties.x).toMatchObject({ type: ['integer', 'null'], minimum: 1 });
    expect(cs.properties.x).not.toHaveProperty('default');
    expect(cs.properties.suppress_persistent_history).toMatchObject({ type: 'boolean', default: false });
    const ls = tools.find((t) => t.name === 'list_servers')!.inputSchema as unknown as {
      properties: Record<string, Record<string, unknown>>;
    };
    for (const host of [cs.properties.host, ls.properties.host]) {
      expect(host).toMatchObject({ type: ['string', 'null'] });
      expect(host).not.toHaveProperty('default');
    }
  });

  it('without hosts lists no list_hosts and no host parameter (docs/reference/protocol.md#features)', async () => {
    const plain = await McpHarness.start({ config: { safety: 'destructive' } });
    try {
      const { tools } = await plain.client.listTools();
      expect(tools.map((t) => t.name).filter((n) => n in TABLE)).toEqual(Object.keys(TABLE).filter((n) => n !== 'list_hosts'));
      for (const t of tools.filter((x) => x.name in TABLE))
        expect([t.name, 'host' in (t.inputSchema.properties ?? {})]).toEqual([t.name, false]);
    } finally {
      await plain.close();
    }
  });

  it('declares list outputs and string outputs (docs/reference/protocol.md#output-schemas)', async () => {
    const { tools } = await h.client.listTools();
    const out = (n: string) => tools.find((t) => t.name === n)!.outputSchema as { properties: Record<string, Record<string, unknown>> };
    expect(out('list_servers').properties.result).toMatchObject({ type: 'array' });
    expect(out('kill_server').properties.result).toMatchObject({ type: 'string' });
    expect(out('get_server_info').properties.session_count).toMatchObject({ type: 'integer' });
    expect(out('create_session').properties.window_count).toMatchObject({ type: 'integer' });
  });
});
