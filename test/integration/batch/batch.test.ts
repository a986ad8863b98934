import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { fakesPlugin } from './batch-fakes';

interface Row {
  index: number;
  tool: string;
  success: boolean;
  error: string | null;
  content: { type: string; text?: string }[];
  structured_content: Record<string, unknown> | null;
  meta: Record<string, unknown> | null;
  elapsed_seconds: number;
}
interface Batch {
  results: Row[];
  succeeded: number;
  failed: number;
  stopped_at: number | null;
  response_truncated: boolean;
  response_truncated_bytes: number;
}

const RO = 'call_readonly_tools_batch';
const MUT = 'call_mutating_tools_batch';
const DES = 'call_destructive_tools_batch';

describe('batch wrappers (docs/reference/tools.md#batch-wrappers)', () => {
  const tmux = new TmuxFixture();
  const logs: string[] = [];
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('alpha');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'destructive' }, plugins: [fakesPlugin], logs });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('advertises the three wrappers with their catalog tiers, annotations and no socket_name (docs/reference/tools.md#batch-tools)', async () => {
    const { tools } = await h.client.listTools();
    const by = (n: string) => tools.find((t) => t.name === n)!;
    expect(by(RO).annotations).toEqual({
      title: 'Call Readonly Tools Batch',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    const sideEffects = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };
    expect(by(MUT).annotations).toEqual({ title: 'Call Mutating Tools Batch', ...sideEffects });
    expect(by(DES).annotations).toEqual({ title: 'Call Destructive Tools Batch', ...sideEffects });
    expect(by(RO)._meta).toEqual({ 'tmux-mcp/tags': ['readonly'] });
    expect(by(MUT)._meta).toEqual({ 'tmux-mcp/tags': ['mutating'] });
    expect(by(DES)._meta).toEqual({ 'tmux-mcp/tags': ['destructive'] });
    for (const n of [RO, MUT, DES]) {
      const schema = by(n).inputSchema as unknown as {
        properties: Record<string, { items: { properties: Record<string, unknown> } }>;
        required: string[];
        additionalProperties: boolean;
      };
      expect(Object.keys(schema.properties)).toEqual(['operations', 'on_error']);
      expect(schema.required).toEqual(['operations']);
      expect(schema.additionalProperties).toBe(false);
      expect(schema.properties.on_error).toMatchObject({ enum: ['stop', 'continue'], default: 'stop' });
      expect(schema.properties.operations.items).toMatchObject({ required: ['tool'], additionalProperties: false });
      expect(schema.properties.operations.items.properties.arguments).toMatchObject({ type: 'object', default: {} });
    }
    expect(tools.map((t) => t.name).slice(0, 3)).toEqual([RO, MUT, DES]);
  });

  it('runs nested calls through the full chain and reports content, structured_content and meta per row', async () => {
    const r = await h.ok<Batch>(RO, {
      operations: [
        { tool: 'list_sessions', arguments: {} },
        { tool: 'fake_fail' },
        { tool: 'list_sessions', arguments: { filters: { session_name: 'alpha' } } },
      ],
      on_error: 'continue',
    });
    expect(r).toMatchObject({ succeeded: 2, failed: 1, stopped_at: null, response_truncated: false, response_truncated_bytes: 0 });
    const [ok, bad, ok2] = r.results;
    expect(ok).toMatchObject({ index: 0, tool: 'list_sessions', success: true, error: null, meta: null });
    const direct = await h.call('list_sessions');
    expect(ok.content).toEqual(direct.content);
    expect((ok.structured_content as { result: { session_name: string }[] }).result.map((s) => s.session_name)).toEqual(['alpha']);
    expect(bad).toMatchObject({
      index: 1,
      tool: 'fake_fail',
      success: false,
      error: 'fake failure\nDo something else.',
      structured_content: null,
      content: [{ type: 'text', text: 'fake failure\nDo something else.' }],
      meta: { error_type: 'ExpectedToolError', expected: true, suggestion: 'Do something else.' },
    });
    expect(ok2.index).toBe(2);
    for (const row of r.results) expect(typeof row.elapsed_seconds).toBe('number');
    expect(ok.elapsed_seconds).toBeGreaterThanOrEqual(0);
  });

  it('string results keep their {result} structured content and no meta (docs/reference/tools.md#batch-wrappers)', async () => {
    const r = await h.ok<Batch>(MUT, { operations: [{ tool: 'fake_mutate', arguments: { keys: 'abc' } }] });
    expect(r.results[0]).toMatchObject({
      success: true,
      content: [{ type: 'text', text: 'sent 3 chars' }],
      structured_content: { result: 'sent 3 chars' },
      meta: null,
    });
  });

  it('on_error=stop (the default) ends at the first failed row and sets stopped_at', async () => {
    const r = await h.ok<Batch>(RO, { operations: [{ tool: 'list_sessions' }, { tool: 'fake_fail' }, { tool: 'list_sessions' }] });
    expect(r.results).toHaveLength(2);
    expect(r).toMatchObject({ succeeded: 1, failed: 1, stopped_at: 1 });
  });

  it('rejects an empty or oversized operations list as a whole-call error', async () => {
    const empty = await h.err(RO, { operations: [] });
    expect(empty.text).toBe('operations must contain at least one tool call');
    expect(empty.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    const many = Array.from({ length: 1001 }, () => ({ tool: 'list_sessions' }));
    expect((await h.err(MUT, { operations: many })).text).toBe('operations must contain at most 1000 tool calls');
  });

  it('validates the operation items (extra keys, missing tool) without echoing values', async () => {
    const e = await h.err(RO, { operations: [{ tool: 'list_sessions', extra: 'SECRET-EXTRA' }, { arguments: {} }] });
    expect(e.text).toContain('2 validation errors for call_readonly_tools_batch');
    expect(e.text).toContain('operations.0.extra\n  Extra inputs are not permitted [type=extra_forbidden]');
    expect(e.text).toContain('operations.1.tool\n  Field required [type=missing]');
    expect(e.text).not.toContain('SECRET-EXTRA');
    expect(e.meta.error_type).toBe('ValidationError');
    expect((await h.err(RO, { operations: [{ tool: 'list_sessions' }], on_error: 'maybe' })).text).toContain(
      "on_error\n  Input should be 'stop' or 'continue' [type=literal_error]",
    );
  });

  it('refuses batch recursion, unknown tools, self-bounded tools and tools above the wrapper tier per row', async () => {
    const r = await h.ok<Batch>(RO, {
      operations: [
        { tool: MUT, arguments: { operations: [{ tool: 'list_sessions' }] } },
        { tool: RO, arguments: { operations: [] } },
        { tool: 'no_such_tool' },
        { tool: 'fake_wait' },
        { tool: 'fake_mutate', arguments: { keys: 'x' } },
        { tool: 'fake_destroy' },
        { tool: 'list_sessions' },
      ],
      on_error: 'continue',
    });
    expect(r.results.map((x) => x.error)).toEqual([
      'Batch tools cannot call batch tools recursively.',
      'Batch tools cannot call batch tools recursively.',
      "Unknown tool: 'no_such_tool'",
      "Tool 'fake_wait' enforces its own wait ceiling and cannot be batched; batching would multiply that ceiling by the operation count. Call it directly.",
      "Tool 'fake_mutate' has tier 'mutating', which exceeds batch tier readonly.",
      "Tool 'fake_destroy' has tier 'destructive', which exceeds batch tier readonly.",
      null,
    ]);
    for (const row of r.results.slice(0, 6))
      expect(row).toMatchObject({ success: false, content: [], structured_content: null, meta: null });
    expect(r).toMatchObject({ succeeded: 1, failed: 6, stopped_at: null });
  });

  it('the mutating wrapper allows readonly and mutating tools, the destructive wrapper everything', async () => {
    const m = await h.ok<Batch>(MUT, {
      operations: [
        { tool: 'list_sessions' },
        { tool: 'fake_mutate', arguments: { keys: 'k' } },
        { tool: 'fake_destroy' },
        { tool: 'fake_wait' },
      ],
      on_error: 'continue',
    });
    expect(m.results.map((x) => x.success)).toEqual([true, true, false, false]);
    expect(m.results[2].error).toBe("Tool 'fake_destroy' has tier 'destructive', which exceeds batch tier mutating.");
    expect(m.results[3].error).toMatch(/^Tool 'fake_wait' enforces its own wait ceiling/);
    const d = await h.ok<Batch>(DES, {
      operations: [{ tool: 'fake_mutate', arguments: { keys: 'k' } }, { tool: 'fake_destroy' }, { tool: 'fake_wait' }],
      on_error: 'continue',
    });
    expect(d.results.map((x) => x.success)).toEqual([true, true, false]);
    expect(d.results[1].structured_content).toEqual({ result: 'destroyed' });
  });

  it('refuses the real self-bounded tools (run_command, wait_for_text, wait_for_channel) in every wrapper', async () => {
    const ops = [
      { tool: 'run_command', arguments: { command: 'true' } },
      { tool: 'wait_for_text', arguments: { patterns: ['x'], timeout: 0.1 } },
      { tool: 'wait_for_channel', arguments: { channel: 'never-batched', timeout: 0.1 } },
    ];
    for (const wrapper of [RO, MUT, DES]) {
      const r = await h.ok<Batch>(wrapper, { operations: ops, on_error: 'continue' });
      // The self-bounded rule comes before the tier rule, so even the readonly wrapper says so.
      expect(r.results.map((x) => x.error)).toEqual(
        ops.map(
          (o) =>
            `Tool '${o.tool}' enforces its own wait ceiling and cannot be batched; batching would multiply that ceiling by the operation count. Call it directly.`,
        ),
      );
      expect(r).toMatchObject({ succeeded: 0, failed: 3, stopped_at: null });
    }
  });

  it('unknown tool names are rendered safely', async () => {
    const r = await h.ok<Batch>(RO, { operations: [{ tool: 'bad\nname' }] });
    expect(r.results[0].error).toBe("Unknown tool: 'bad\\nname'");
  });

  // Redaction is by argument name at every nesting level (docs/reference/safety.md#redaction): `keys` and `text` are digested
  // even inside operations and even when the nested tool rejects them.
  it('nested validation errors are rows; sensitive nested values never reach the logs (docs/reference/safety.md#redaction)', async () => {
    logs.length = 0;
    const r = await h.ok<Batch>(MUT, {
      operations: [
        { tool: 'fake_mutate', arguments: { keys: 'SECRET-KEYS-OK' } },
        { tool: 'fake_mutate', arguments: { keys: 'SECRET-KEYS-BAD', text: 'SECRET-TEXT' } },
        { tool: 'fake_mutate', arguments: { keys: 42 } },
        { tool: 'send_keys', arguments: { keys: 'SECRET-SEND-KEYS', pane_id: '%0' } },
      ],
      on_error: 'continue',
    });
    const bad = r.results[1];
    expect(bad.success).toBe(false);
    expect(bad.error).toContain('1 validation error for fake_mutate\ntext\n  Extra inputs are not permitted [type=extra_forbidden]');
    expect(bad.error).toContain('Remove or correct the unrecognized argument(s): text.');
    expect(bad.meta).toMatchObject({ error_type: 'ValidationError', expected: true });
    expect(r.results[2].error).toContain('keys\n  Input should be a valid string [type=string_type]');
    expect(JSON.stringify(r)).not.toMatch(/SECRET-(KEYS|TEXT)/);
    const all = logs.join('\n');
    expect(all).toContain('tool=call_mutating_tools_batch outcome=ok');
    expect(all).toContain('tool=fake_mutate outcome=ok');
    expect(all).toContain('tool=fake_mutate outcome=error error_type=ValidationError');
    expect(all).toMatch(/"keys":\{"len":14,"sha256_prefix":"[0-9a-f]{12}"\}/);
    expect(all).not.toContain('SECRET');
  });

  it('without hosts, a row naming a feature tool is unknown and a feature argument is extra (docs/reference/protocol.md#features)', async () => {
    const r = await h.ok<Batch>(RO, {
      operations: [
        { tool: 'fake_featured' },
        { tool: 'list_hosts' },
        { tool: 'list_sessions', arguments: { host: 'local' } },
        { tool: 'list_sessions' },
      ],
      on_error: 'continue',
    });
    expect(r.results.map((x) => x.error?.split('\n').slice(0, 3).join('\n') ?? null)).toEqual([
      "Unknown tool: 'fake_featured'",
      "Unknown tool: 'list_hosts'",
      '1 validation error for list_sessions\nhost\n  Extra inputs are not permitted [type=extra_forbidden]',
      null,
    ]);
    const m = await h.ok<Batch>(MUT, { operations: [{ tool: 'fake_mutate', arguments: { keys: 'x', via: 'y' } }] });
    expect(m.results[0].error).toContain(
      '1 validation error for fake_mutate\nvia\n  Extra inputs are not permitted [type=extra_forbidden]',
    );
  });

  it('nested calls share the request id in their audit records', async () => {
    logs.length = 0;
    await h.ok<Batch>(RO, { operations: [{ tool: 'list_sessions' }] });
    const ids = logs.filter((l) => l.includes('outcome=ok')).map((l) => /request_id=(\S+)/.exec(l)?.[1]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[0]).not.toBe('None');
  });

  it('elides nested payloads row by row until the envelope fits in 1,000,000 bytes', async () => {
    const ops = Array.from({ length: 6 }, () => ({ tool: 'fake_big', arguments: { size: 100_000 } }));
    const raw = await h.call(RO, { operations: ops });
    expect(raw.isError).toBeFalsy();
    const envelope = Buffer.byteLength(JSON.stringify({ content: raw.content, structuredContent: raw.structuredContent }), 'utf8');
    expect(envelope).toBeLessThanOrEqual(1_000_000);
    const r = raw.structuredContent as unknown as Batch;
    expect(r.response_truncated).toBe(true);
    expect(r.response_truncated_bytes).toBeGreaterThan(1_000_000);
    expect(r).toMatchObject({ succeeded: 6, failed: 0 });
    const marker = [{ type: 'text', text: '[... batch truncated nested content ...]' }];
    const elided = r.results.filter((x) => x.structured_content === null);
    expect(elided.length).toBeGreaterThan(0);
    expect(elided.length).toBeLessThan(6);
    // Row by row from the first: the elided rows are a prefix and keep success/meta.
    r.results.forEach((row, i) => {
      if (i < elided.length) expect(row).toMatchObject({ content: marker, structured_content: null, success: true });
      else expect((row.structured_content as { result: string }).result).toHaveLength(100_000);
    });
    expect(JSON.parse(raw.content[0].text!)).toEqual(r);
  });

  it('a batch below the cap is not marked truncated', async () => {
    const r = await h.ok<Batch>(RO, { operations: [{ tool: 'fake_big', arguments: { size: 1000 } }] });
    expect(r).toMatchObject({ response_truncated: false, response_truncated_bytes: 0 });
  });
});

describe('batch wrappers at safety readonly', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('alpha');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'readonly' }, plugins: [fakesPlugin] });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('shows only the readonly wrapper', async () => {
    const names = (await h.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain(RO);
    expect(names).not.toContain(MUT);
    expect(names).not.toContain(DES);
  });

  it('nested tools hidden by the server tier are unknown, even in a higher wrapper', async () => {
    const r = await h.ok<Batch>(RO, {
      operations: [{ tool: 'fake_mutate', arguments: { keys: 'x' } }, { tool: 'list_sessions' }],
      on_error: 'continue',
    });
    expect(r.results[0].error).toBe("Unknown tool: 'fake_mutate'");
    expect(r.results[1].success).toBe(true);
    const off = await h.err(MUT, { operations: [{ tool: 'list_sessions' }] });
    expect(off.text).toBe(
      "Tool 'call_mutating_tools_batch' is not available at the current safety level (readonly). Start the server with TMUX_MCP_SAFETY=mutating to enable it.",
    );
  });
});

describe('batch wrappers with hosts configured (docs/reference/protocol.md#features)', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('alpha');
    // A configured host, never contacted: it turns the hosts feature on.
    h = await McpHarness.start({
      socket: tmux.socket,
      config: { safety: 'mutating', hosts: ['user@batch-host.invalid'] },
      plugins: [fakesPlugin],
    });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('lists the feature tool and field, and rows reach them (a nullable enum takes null or a member)', async () => {
    const tools = (await h.client.listTools()).tools;
    const featured = tools.find((t) => t.name === 'fake_featured');
    expect(featured?.inputSchema.properties?.mode).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(tools.find((t) => t.name === 'fake_mutate')?.inputSchema.properties?.via).toEqual({ type: ['string', 'null'] });
    const r = await h.ok<Batch>(MUT, {
      operations: [
        { tool: 'fake_featured' },
        { tool: 'fake_featured', arguments: { mode: 'b' } },
        { tool: 'fake_featured', arguments: { mode: null } },
        { tool: 'fake_featured', arguments: { mode: 'c' } },
        { tool: 'fake_mutate', arguments: { keys: 'xy', via: null } },
        { tool: 'list_hosts' },
      ],
      on_error: 'continue',
    });
    expect(r.results.slice(0, 3).map((x) => x.structured_content)).toEqual([
      { result: 'mode null' },
      { result: 'mode b' },
      { result: 'mode null' },
    ]);
    expect(r.results[3].error).toContain("mode\n  Input should be 'a' or 'b' [type=literal_error]");
    expect(r.results[4]).toMatchObject({ success: true, structured_content: { result: 'sent 2 chars' } });
    expect(r.results[5].success).toBe(true);
  });
});
