import { McpHarness } from '../../helpers/mcp-harness';

type Schema = { type?: unknown; anyOf?: Schema[]; properties?: Record<string, Schema>; items?: Schema };

/** Every property of every schema below `schema` that names no type (directly or in each anyOf branch). */
function untyped(schema: Schema, path: string): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(schema.properties ?? {})) {
    const typed = v.type !== undefined || (v.anyOf !== undefined && v.anyOf.every((b) => b.type !== undefined));
    if (!typed) out.push(`${path}.${k}`);
    out.push(...untyped(v, `${path}.${k}`));
    for (const b of v.anyOf ?? []) out.push(...untyped(b, `${path}.${k}`));
  }
  if (schema.items) out.push(...untyped(schema.items, `${path}[]`));
  return out;
}

// Schema checks of clients and tools (the MCP Inspector's, Gemini CLI's) want a `type` on every
// property (docs/reference/tools.md#optionresult, docs/reference/protocol.md#schemas).
describe('schema lint: every property of every input and output schema names its type', () => {
  it('holds for every tool at the destructive tier, hosts and prompt tools on', async () => {
    const h = await McpHarness.start({
      socket: 'tmux-mcp-test-lint-unused',
      config: { safety: 'destructive', promptsAsTools: true, hosts: ['lint-host.invalid'] },
    });
    try {
      const { tools } = await h.client.listTools();
      expect(tools.length).toBeGreaterThan(50);
      const found = tools.flatMap((t) => [
        ...untyped(t.inputSchema as Schema, `${t.name}:input`),
        ...untyped((t.outputSchema ?? {}) as Schema, `${t.name}:output`),
      ]);
      expect(found).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
