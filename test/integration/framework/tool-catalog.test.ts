import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { CATALOG_TOOLS, catalogNames, featureOf, readCatalog } from '../../helpers/catalog-tools';

type Listed = {
  name: string;
  title?: string;
  annotations?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  inputSchema: { properties?: Record<string, unknown>; required?: string[] };
};

// A configured host turns the `hosts` feature on: `host` and list_hosts (docs/reference/protocol.md#features).
// Nothing here connects to it.
const HOSTS = ['user@catalog-host.invalid'];

async function listAt(safety: 'readonly' | 'mutating' | 'destructive', promptsAsTools = false, hosts: string[] = HOSTS): Promise<Listed[]> {
  const h = await McpHarness.start({ config: { safety, promptsAsTools, hosts }, socket: 'tmux-mcp-test-catalog-unused' });
  try {
    return (await h.client.listTools()).tools;
  } finally {
    await h.close();
  }
}

describe('the tool catalog (docs/reference/tools.md#catalog)', () => {
  let all: Listed[];
  beforeAll(async () => {
    all = await listAt('destructive');
  });

  it('lists every catalog tool; the counts the page states are the catalog counts (docs/reference/tools.md#counts)', () => {
    expect(all.map((t) => t.name)).toEqual(CATALOG_TOOLS.map((t) => t[0]));
    const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'reference', 'tools.md'), 'utf8');
    const count = (tier: string, without: string[] = []) => CATALOG_TOOLS.filter((t) => t[1] === tier && !without.includes(t[0])).length;
    const noHosts = catalogNames('destructive').length;
    const stated =
      /Of the (\d+) core tools, (\d+) are readonly, (\d+) mutating and (\d+) destructive; (\d+) are visible at the\s+default tier \(`mutating`\)\. Without remote hosts `list_hosts` is not registered: (\d+) tools, (\d+)\s+readonly, (\d+) visible at the default tier\./.exec(
        doc,
      );
    expect(stated?.slice(1).map(Number)).toEqual([
      CATALOG_TOOLS.length,
      count('readonly'),
      count('mutating'),
      count('destructive'),
      catalogNames('mutating', ['hosts']).length,
      noHosts,
      count('readonly', ['list_hosts']),
      catalogNames('mutating').length,
    ]);
    const intro = /^(\d+) tools, plus (\d+) more when \[prompts as tools\][^\n]*\n[^\n]*\n[^\n]*, (\d+) tools otherwise\./m.exec(doc);
    expect(intro?.slice(1).map(Number)).toEqual([CATALOG_TOOLS.length, readCatalog().length - CATALOG_TOOLS.length, noHosts]);
  });

  it.each(['readonly', 'mutating', 'destructive'] as const)(
    'lists exactly the catalog names at tier %s, in registration order (hosts configured)',
    async (tier) => {
      const names = (tier === 'destructive' ? all : await listAt(tier)).map((t) => t.name);
      expect(names).toEqual(catalogNames(tier, ['hosts']));
    },
  );

  it.each(['readonly', 'mutating', 'destructive'] as const)(
    'without hosts lists the catalog names at tier %s minus list_hosts, and no tool takes host (docs/reference/protocol.md#features)',
    async (tier) => {
      const listed = await listAt(tier, false, []);
      const names = listed.map((t) => t.name);
      expect(names).toEqual(catalogNames(tier));
      expect(names).not.toContain('list_hosts');
      expect(names).toHaveLength(catalogNames(tier, ['hosts']).length - 1);
      for (const t of listed)
        expect({ name: t.name, host: 'host' in (t.inputSchema.properties ?? {}) }).toEqual({ name: t.name, host: false });
    },
  );

  it('marks only list_hosts as needing a feature', () => {
    expect(CATALOG_TOOLS.filter((t) => featureOf(t[7])).map((t) => [t[0], featureOf(t[7])])).toEqual([['list_hosts', 'hosts']]);
  });

  it('gives every tool the catalog title, annotations and tier tag', () => {
    const byName = new Map(all.map((t) => [t.name, t]));
    for (const [name, tier, ro, de, id, ow, title, extra] of CATALOG_TOOLS) {
      const t = byName.get(name)!;
      expect({ name, title: t.title, annotations: t.annotations }).toEqual({
        name,
        title,
        annotations: { title, readOnlyHint: ro, destructiveHint: de, idempotentHint: id, openWorldHint: ow },
      });
      const tags = (t._meta as Record<string, string[]>)['tmux-mcp/tags'];
      expect(tags).toEqual(extra.includes('SB') ? [tier, 'self-bounded'].sort() : [tier]);
      expect(Boolean(t._meta?.['anthropic/alwaysLoad'])).toBe(extra.includes('AL'));
      const hasSocket = 'socket_name' in (t.inputSchema.properties ?? {});
      expect({ name, hasSocket }).toEqual({ name, hasSocket: !extra.includes('no socket_name') });
    }
  });

  it('list_hosts is readonly and takes no parameters (docs/reference/tools.md#list_hosts)', () => {
    const t = all.find((x) => x.name === 'list_hosts')!;
    expect(t._meta?.['tmux-mcp/tags']).toEqual(['readonly']);
    expect(t.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(t.inputSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  it('with hosts, every tool that takes socket_name (and list_servers) takes host, optional and nullable (absent means null), right after socket_name', () => {
    for (const t of all) {
      const keys = Object.keys(t.inputSchema.properties ?? {});
      if (!keys.includes('socket_name') && t.name !== 'list_servers') {
        expect({ name: t.name, host: keys.includes('host') }).toEqual({ name: t.name, host: false });
        continue;
      }
      const after = t.name === 'list_servers' ? keys.length - 1 : keys.indexOf('socket_name') + 1;
      expect({ name: t.name, at: keys.indexOf('host') }).toEqual({ name: t.name, at: after });
      // docs/reference/protocol.md#nullable-parameters: a type array with null, no default, not required.
      const host = t.inputSchema.properties!.host as Record<string, unknown>;
      expect([t.name, host.type, 'default' in host]).toEqual([t.name, ['string', 'null'], false]);
      expect({ name: t.name, required: (t.inputSchema.required ?? []).includes('host') }).toEqual({ name: t.name, required: false });
    }
  });

  it('titles: hierarchy nouns say tmux, verbs of art do not', () => {
    const byName = new Map(all.map((t) => [t.name, t.title!]));
    for (const n of ['list_sessions', 'list_windows', 'list_panes', 'kill_server', 'create_window']) expect(byName.get(n)).toMatch(/tmux/);
    for (const n of ['send_keys', 'capture_pane', 'run_command', 'wait_for_text', 'snapshot_pane'])
      expect(byName.get(n)).not.toMatch(/tmux/);
  });

  it('adds list_prompts and get_prompt as readonly tools when prompts-as-tools is on (docs/reference/resources-and-prompts.md#prompts-as-tools)', async () => {
    const names = (await listAt('readonly', true)).map((t) => t.name);
    expect(names).toEqual([...catalogNames('readonly', ['hosts']), 'list_prompts', 'get_prompt']);
  });
});
