import { Lifecycle } from 'tsyringe';
import { Field, Param } from '../../../src/framework/decorators/param.decorator';
import { Tool } from '../../../src/framework/decorators/tool.decorator';
import { HandleErrors } from '../../../src/framework/decorators/handle-errors.decorator';
import { ExpectedToolError, ValidationError } from '../../../src/framework/errors/tool-errors';
import { definePlugin } from '../../../src/framework/plugins/plugin';
import { Next, ORDER, ToolCall, ToolInterceptor } from '../../../src/framework/pipeline/tool-interceptor';
import { ERROR_MAPPERS, INTERCEPTORS, TOOL_CLASSES } from '../../../src/framework/tokens';
import { LibTmuxException, PaneNotFound } from '../../../src/tmux/tmux-errors';
import { TmuxErrorMapper } from '../../../src/services/tmux-error.mapper';
import { like } from '../../helpers/like';
import { McpHarness } from '../../helpers/mcp-harness';

class EchoInput {
  @Param({ type: 'string' }) keys!: string;
  @Param({ type: 'string', default: 'ok' }) mode!: string;
}

class Big {
  @Field({ type: 'string' }) content!: string;
  @Field({ type: 'boolean' }) content_truncated!: boolean;
  @Field({ type: 'integer' }) content_truncated_lines!: number;
}

const calls = { flaky: 0, mutFlaky: 0, boundedFlaky: 0, notFound: 0 };

@Tool('readonly', { title: 'Echo' })
@HandleErrors(TmuxErrorMapper)
class EchoTool {
  static toolName = 'test_echo';
  static description = 'Echo for tests.';
  static Input = EchoInput;
  static Output = String;
  async execute(i: EchoInput): Promise<string> {
    if (i.mode === 'pane') {
      calls.notFound++;
      throw new PaneNotFound('Pane not found: %99');
    }
    if (i.mode === 'rule') throw new ExpectedToolError('keys must be lowercase', { suggestion: 'Lower them.' });
    if (i.mode === 'crash') throw new TypeError('boom');
    if (i.mode === 'flaky' && calls.flaky++ === 0) throw new LibTmuxException('server busy');
    if (i.mode === 'big') return 'x'.repeat(1_200_000) + 'TAIL';
    return `echo:${i.keys}`;
  }
}

@Tool('readonly', {
  title: 'Big',
  responseLimit: { field: 'content', truncatedFlag: 'content_truncated', countFlag: 'content_truncated_lines' },
})
class BigTool {
  static toolName = 'test_big';
  static description = 'Big model output.';
  static Input = class {};
  static Output = Big;
  async execute(): Promise<Big> {
    return { content: 'line\n'.repeat(300_000) + 'LAST', content_truncated: false, content_truncated_lines: 0 };
  }
}

class BigLines {
  @Field({ type: 'string[]' }) lines!: string[];
  @Field({ type: 'boolean' }) truncated!: boolean;
  @Field({ type: 'integer' }) truncated_lines!: number;
  @Field({ type: 'integer' }) truncated_bytes!: number;
}

const BIG_LINES = Array.from({ length: 40_000 }, (_, i) => `line ${i} ${'é'.repeat(20)}`);

@Tool('readonly', {
  title: 'Big Lines',
  responseLimit: { field: 'lines', truncatedFlag: 'truncated', countFlag: 'truncated_lines', bytesFlag: 'truncated_bytes' },
})
class BigLinesTool {
  static toolName = 'test_big_lines';
  static description = 'Big list-of-lines output (capture_since shape).';
  static Input = class {};
  static Output = BigLines;
  async execute(): Promise<BigLines> {
    return { lines: BIG_LINES, truncated: false, truncated_lines: 0, truncated_bytes: 0 };
  }
}

@Tool('readonly', { title: 'Limited', responseLimit: true })
class LimitedTool {
  static toolName = 'test_limited';
  static description = 'Limited string output.';
  static Input = class {};
  static Output = String;
  async execute(): Promise<string> {
    return 'y'.repeat(1_500_000) + 'END';
  }
}

@Tool('mutating', { title: 'Mutating Flaky' })
class MutatingFlakyTool {
  static toolName = 'test_mut_flaky';
  static description = 'Fails once, mutating.';
  static Input = class {};
  static Output = String;
  async execute(): Promise<string> {
    if (calls.mutFlaky++ === 0) throw new LibTmuxException('server busy');
    return 'ok';
  }
}

@Tool('readonly', { title: 'Bounded Flaky', tags: ['self-bounded'] })
class BoundedFlakyTool {
  static toolName = 'test_bounded_flaky';
  static description = 'Fails once, self-bounded.';
  static Input = class {};
  static Output = String;
  async execute(): Promise<string> {
    if (calls.boundedFlaky++ === 0) throw new LibTmuxException('server busy');
    return 'ok';
  }
}

@Tool('readonly', { title: 'Limited Error', responseLimit: true })
class LimitedErrorTool {
  static toolName = 'test_limited_error';
  static description = 'Oversized error.';
  static Input = class {};
  static Output = String;
  async execute(): Promise<string> {
    throw new ExpectedToolError('e'.repeat(1_500_000) + ' END', { suggestion: 'Try smaller.' });
  }
}

@Tool('destructive', { title: 'Nuke' })
class NukeTool {
  static toolName = 'test_nuke';
  static description = 'Destructive test tool.';
  static Input = class {};
  static Output = String;
  async execute(): Promise<string> {
    return 'nuked';
  }
}

const seen: string[] = [];
/** What the layer saw on `call.validation` once the inner layers settled. */
const outcomes: { tool: string; validation: ToolCall['validation'] }[] = [];
class TraceInterceptor implements ToolInterceptor {
  readonly order = ORDER.AUDIT + 50; // between audit and retry
  async intercept(call: ToolCall, next: Next) {
    seen.push(`${call.tool.name}:${call.input === undefined ? 'raw' : 'validated'}`);
    try {
      return await next();
    } finally {
      outcomes.push({ tool: call.tool.name, validation: call.validation });
    }
  }
}

const plugin = definePlugin({
  name: 'test-tools',
  register(c) {
    for (const t of [EchoTool, BigTool, BigLinesTool, LimitedTool, LimitedErrorTool, MutatingFlakyTool, BoundedFlakyTool, NukeTool])
      c.register(TOOL_CLASSES, { useValue: t });
    c.register(INTERCEPTORS, { useClass: TraceInterceptor }, { lifecycle: Lifecycle.Singleton });
  },
});

describe('the interceptor onion', () => {
  let h: McpHarness;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await McpHarness.start({ plugins: [plugin], logs, socket: 'tmux-mcp-test-unused-onion' });
  });
  afterAll(() => h.close());

  it('serializes strings as text + {result} with no _meta', async () => {
    const r = await h.call('test_echo', { keys: 'a' });
    expect(r).toEqual({ content: [{ type: 'text', text: 'echo:a' }], structuredContent: { result: 'echo:a' } });
  });

  it('lists tools with tags, annotations and output schemas; hides off-tier tools', async () => {
    const { tools } = await h.client.listTools();
    const echo = tools.find((t) => t.name === 'test_echo')!;
    expect(echo._meta).toEqual({ 'tmux-mcp/tags': ['readonly'] });
    expect(echo.annotations).toEqual({
      title: 'Echo',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(echo.outputSchema).toMatchObject({ type: 'object', properties: { result: { type: 'string' } } });
    expect(tools.find((t) => t.name === 'test_nuke')).toBeUndefined();
  });

  it('refuses off-tier tools with the tier refusal text (docs/reference/safety.md#tier-refusal)', async () => {
    const e = await h.err('test_nuke');
    expect(e.text).toBe(
      "Tool 'test_nuke' is not available at the current safety level (mutating). Start the server with TMUX_MCP_SAFETY=destructive to enable it.",
    );
    expect(e.meta).toEqual({ error_type: 'ExpectedToolError', expected: true });
  });

  it('answers an unknown tool with JSON-RPC -32602 and audits it', async () => {
    await expect(h.client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: like.stringContaining("Unknown tool: 'no_such_tool'"),
    });
    expect(logs.some((l) => l.includes('tool=no_such_tool outcome=error error_type=NotFoundError'))).toBe(true);
  });

  it('maps domain errors with cause type, suggestion and expected flag', async () => {
    const e = await h.err('test_echo', { keys: 'a', mode: 'pane' });
    expect(e.text).toBe('Pane not found: %99\nCall list_panes to discover valid pane ids.');
    expect(e.meta).toEqual({ error_type: 'PaneNotFound', expected: true, suggestion: 'Call list_panes to discover valid pane ids.' });
    const rule = await h.err('test_echo', { keys: 'a', mode: 'rule' });
    expect(rule.text).toBe('keys must be lowercase\nLower them.');
    const crash = await h.err('test_echo', { keys: 'a', mode: 'crash' });
    expect(crash.text).toBe('Unexpected error: TypeError: boom');
    expect(crash.meta).toEqual({ error_type: 'UnexpectedError', expected: false });
  });

  it('retries a transient tmux failure once for readonly tools', async () => {
    calls.flaky = 0;
    expect((await h.ok('test_echo', { keys: 'a', mode: 'flaky' })).result).toBe('echo:a');
    expect(calls.flaky).toBe(2);
    expect(
      logs.some((l) => l.includes('Request tools/call failed (attempt 1/2): LibTmuxException: server busy. Retrying in 0.1s...')),
    ).toBe(true);
  });

  it('never retries mutating or self-bounded tools, nor not-found errors (docs/reference/errors.md#what-is-never-retried)', async () => {
    calls.mutFlaky = calls.boundedFlaky = calls.notFound = 0;
    expect((await h.err('test_mut_flaky')).meta.error_type).toBe('LibTmuxException');
    expect((await h.err('test_bounded_flaky')).meta.error_type).toBe('LibTmuxException');
    await h.err('test_echo', { keys: 'a', mode: 'pane' });
    expect(calls).toMatchObject({ mutFlaky: 1, boundedFlaky: 1, notFound: 1 });
  });

  it('audits every call with sensitive arguments digested', async () => {
    await h.call('test_echo', { keys: 'TOP-SECRET-KEYS' });
    const line = logs.filter((l) => l.includes('tool=test_echo outcome=ok')).pop()!;
    expect(line).not.toContain('TOP-SECRET-KEYS');
    expect(line).toMatch(/"keys":\{"len":15,"sha256_prefix":"[0-9a-f]{12}"\}/);
  });

  it('lets a plugin interceptor sit between two core layers', async () => {
    seen.length = 0;
    await h.call('test_echo', { keys: 'z' });
    // Between audit (400) and validation (700): it sees the raw call, before validation ran.
    expect(seen).toEqual(['test_echo:raw']);
  });

  it("leaves validation's outcome on the call for the outer layers (docs/architecture.md#validation-outcome)", async () => {
    outcomes.length = 0;
    await h.call('test_echo', { keys: 'z' });
    await h.call('test_echo', { keys: 'z', mode: 'pane' }); // valid, then the tool fails
    await h.call('test_echo', { keys: 5, extra: 1 });
    await h.call('test_nuke'); // refused by the tier gate: validation never ran
    const [valid, failedLater, invalid, refused] = outcomes;
    expect(valid.validation).toEqual({ input: like.any(EchoInput) });
    expect(valid.validation!.input).toMatchObject({ keys: 'z', mode: 'ok' }); // the instance the tool got, defaults applied
    expect(failedLater.validation!.input).toMatchObject({ keys: 'z', mode: 'pane' });
    expect(invalid.validation!.input).toBeUndefined();
    expect(invalid.validation!.error).toBeInstanceOf(ValidationError);
    expect(invalid.validation!.error!.rejected.map((r) => r.loc)).toEqual([['extra'], ['keys']]);
    expect(refused).toEqual({ tool: 'test_nuke', validation: undefined });
  });

  it('keeps the tail of oversized string results and stays schema-valid (docs/reference/protocol.md#response-cap)', async () => {
    const r = await h.call('test_limited');
    const text = r.content[0].text!;
    expect(text.startsWith('[... truncated ')).toBe(true);
    expect(text.endsWith('END')).toBe(true);
    expect(r.structuredContent).toEqual({ result: text });
    expect(Buffer.byteLength(JSON.stringify(r))).toBeLessThanOrEqual(1_000_000);
  });

  it('tail-truncates the bulky field of model results and sets its flags (docs/reference/protocol.md#response-cap)', async () => {
    const r = await h.call('test_big');
    const sc = r.structuredContent as { content: string; content_truncated: boolean; content_truncated_lines: number };
    expect(sc.content.endsWith('LAST')).toBe(true);
    expect(sc.content_truncated).toBe(true);
    expect(sc.content_truncated_lines).toBeGreaterThan(0);
    expect(Buffer.byteLength(JSON.stringify(r))).toBeLessThanOrEqual(1_000_000);
  });

  it('drops the oldest lines of a list field and counts them and their bytes (capture_since shape, docs/reference/protocol.md#response-cap)', async () => {
    const r = await h.call('test_big_lines');
    const sc = r.structuredContent as unknown as BigLines;
    expect(sc.truncated).toBe(true);
    const dropped = BIG_LINES.length - sc.lines.length;
    expect(dropped).toBeGreaterThan(0);
    expect(sc.lines).toEqual(BIG_LINES.slice(dropped));
    expect(sc.truncated_lines).toBe(dropped);
    // Each dropped line counts its UTF-8 bytes plus the newline that joined it.
    expect(sc.truncated_bytes).toBe(BIG_LINES.slice(0, dropped).reduce((n, l) => n + Buffer.byteLength(l) + 1, 0));
    expect(Buffer.byteLength(JSON.stringify(r))).toBeLessThanOrEqual(1_000_000);
  });

  it('keeps isError, _meta and the tail (with the suggestion) of an oversized error (docs/reference/protocol.md#response-cap)', async () => {
    const r = await h.call('test_limited_error');
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    expect(r._meta).toEqual({ error_type: 'ExpectedToolError', expected: true, suggestion: 'Try smaller.' });
    expect(r.content).toHaveLength(1);
    const text = r.content[0].text!;
    expect(text).toMatch(/^\[\.\.\. truncated \d+ bytes \.\.\.\]\n/);
    expect(text.endsWith(' END\nTry smaller.')).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(r))).toBeLessThanOrEqual(1_000_000);
  });

  it('logs timing on tmux_mcp.timing for tool calls and every other request (docs/reference/protocol.md#timing-logs)', async () => {
    logs.length = 0;
    await h.call('test_echo', { keys: 'a' });
    await h.client.listTools();
    await h.client.listPrompts();
    await h.client.readResource({ uri: 'tmux://nowhere' }).catch(() => undefined);
    const timing = logs.filter((l) => l.startsWith('info tmux_mcp.timing: '));
    expect(timing.some((l) => /Request tools\/call completed in \d+\.\d{2}ms/.test(l))).toBe(true);
    expect(timing.some((l) => /Request tools\/list completed in \d+\.\d{2}ms/.test(l))).toBe(true);
    expect(timing.some((l) => /Request prompts\/list completed in \d+\.\d{2}ms/.test(l))).toBe(true);
    expect(
      timing.some((l) =>
        /Request resources\/read failed after \d+\.\d{2}ms: Resource not found: Unknown resource: 'tmux:\/\/nowhere'/.test(l),
      ),
    ).toBe(true);
    // One line per tool call: the protocol layer leaves tools/call to the Timing interceptor.
    expect(timing.filter((l) => l.includes('tools/call')).length).toBe(1);
  });

  it('logs tool errors on tmux_mcp.errors: expected at warn, unexpected at error (docs/reference/errors.md#error-logging)', async () => {
    logs.length = 0;
    await h.call('test_echo', { keys: 'a', mode: 'rule' });
    await h.call('test_echo', { keys: 'a', mode: 'crash' });
    await h.call('test_echo', { keys: 5 });
    const errors = logs.filter((l) => l.includes(' tmux_mcp.errors: '));
    expect(errors.some((l) => l.startsWith('warn tmux_mcp.errors: Error in tools/call: ExpectedToolError: keys must be lowercase'))).toBe(
      true,
    );
    expect(
      errors.some((l) => l.startsWith('error tmux_mcp.errors: Error in tools/call: UnexpectedError: Unexpected error: TypeError: boom')),
    ).toBe(true);
    expect(
      errors.some((l) => l.startsWith('warn tmux_mcp.errors: Error in tools/call: ValidationError: 1 validation error for test_echo')),
    ).toBe(true);
  });

  it('audits client_id from params._meta and the JSON-RPC id; failures carry error_type (docs/reference/safety.md#audit-record)', async () => {
    logs.length = 0;
    await h.client.callTool({ name: 'test_echo', arguments: { keys: 'a' }, _meta: { client_id: 'agent-7' } });
    await h.client.callTool({ name: 'test_echo', arguments: { keys: 'a' }, _meta: { client_id: 42 } });
    await h.call('test_echo', { keys: 'a', mode: 'pane' });
    const audit = logs.filter((l) => l.startsWith('info tmux_mcp.audit: '));
    expect(audit[0]).toMatch(
      /^info tmux_mcp\.audit: tool=test_echo outcome=ok duration_ms=\d+\.\d{2} client_id=agent-7 request_id=\d+ args=\{/,
    );
    expect(audit[1]).toContain(' client_id=None request_id=');
    expect(audit[2]).toMatch(
      /tool=test_echo outcome=error error_type=PaneNotFound duration_ms=\d+\.\d{2} client_id=None request_id=\d+ args=/,
    );
  });

  it('audit lengths count code points and long plain strings are cut at 200 code points (docs/reference/safety.md#redaction)', async () => {
    logs.length = 0;
    const long = 'é😀'.repeat(150);
    await h.call('test_echo', { keys: '😀😀', mode: long });
    const line = logs.filter((l) => l.startsWith('info tmux_mcp.audit: ')).pop()!;
    expect(line).toContain('"keys":{"len":2,');
    expect(line).toContain(`"mode":"${'é😀'.repeat(100)}...<truncated>"`);
  });

  it('does not limit tools that did not ask for it', async () => {
    const r = await h.call('test_echo', { keys: 'a', mode: 'big' });
    expect(r.content[0].text!.length).toBe(1_200_004);
  });
});

/**
 * One error path (docs/architecture.md#error-path): a tool's own `@HandleErrors` mappers first,
 * then the mappers plugins register globally under ERROR_MAPPERS, else `Unexpected error`.
 * Nothing maps tmux errors behind a tool's back, so the decorator is never a no-op.
 */
describe('error mappers: the class first, then global ones, in order', () => {
  class Boom extends Error {
    constructor(readonly kind: string) {
      super(`boom ${kind}`);
    }
  }
  class ClassMapper {
    map(e: unknown) {
      return e instanceof Boom && e.kind !== 'global-only' ? new ExpectedToolError(`class mapped ${e.kind}`) : undefined;
    }
  }
  class GlobalMapper {
    map(e: unknown) {
      return e instanceof Boom ? new ExpectedToolError(`global mapped ${e.kind}`) : undefined;
    }
  }
  class KindInput {
    @Param({ type: 'string' }) kind!: string;
  }
  @Tool('readonly', { title: 'Mapped' })
  @HandleErrors(ClassMapper)
  class MappedTool {
    static toolName = 'test_mapped';
    static description = 'Throws Boom.';
    static Input = KindInput;
    static Output = String;
    async execute(i: KindInput): Promise<string> {
      throw new Boom(i.kind);
    }
  }
  @Tool('readonly', { title: 'Unmapped' })
  class UnmappedTool {
    static toolName = 'test_unmapped';
    static description = 'Throws Boom or a tmux error, with no mapper of its own.';
    static Input = KindInput;
    static Output = String;
    async execute(i: KindInput): Promise<string> {
      if (i.kind === 'pane') throw new PaneNotFound('%99');
      throw new Boom(i.kind);
    }
  }
  let h: McpHarness;
  beforeAll(async () => {
    h = await McpHarness.start({
      socket: 'tmux-mcp-test-unused-mappers',
      plugins: [
        definePlugin({
          name: 'mappers',
          register(c) {
            c.register(TOOL_CLASSES, { useValue: MappedTool });
            c.register(TOOL_CLASSES, { useValue: UnmappedTool });
            c.register(ERROR_MAPPERS, { useValue: GlobalMapper });
          },
        }),
      ],
    });
  });
  afterAll(() => h.close());

  it('class mappers win over global ones; global ones catch what the class leaves', async () => {
    expect((await h.err('test_mapped', { kind: 'x' })).text).toBe('class mapped x');
    expect((await h.err('test_mapped', { kind: 'global-only' })).text).toBe('global mapped global-only');
    expect((await h.err('test_unmapped', { kind: 'y' })).text).toBe('global mapped y');
  });

  it('a tool without TmuxErrorMapper gets no tmux texts: the error is unexpected', async () => {
    const e = await h.err('test_unmapped', { kind: 'pane' });
    expect(e.text).toBe('Unexpected error: PaneNotFound: %99');
    expect(e.meta).toEqual({ error_type: 'PaneNotFound', expected: false });
  });
});
