import Ajv, { ValidateFunction } from 'ajv';
import { MARKER_RE, Schema } from './hardening-arbitraries';

/**
 * Judges one answer of the hostile-input runs. Returns a list of problems (empty = fine):
 * every call is answered with a result or an isError whose text names the problem; an error is
 * always `expected`; the server's validation agrees with its own advertised inputSchema; schema
 * errors never carry a generated value; successes match the advertised outputSchema.
 */
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });

export interface ToolInfo {
  name: string;
  inputSchema: Schema;
  outputSchema?: Schema;
  /** Callable at this server's tier. */
  visible: boolean;
}

export interface Verdicts {
  input: (args: unknown) => boolean;
  output?: ValidateFunction;
  prop: Map<string, ValidateFunction>;
}

const compiled = new Map<string, Verdicts>();

export function verdicts(t: ToolInfo): Verdicts {
  let v = compiled.get(t.name);
  if (!v) {
    const input = ajv.compile(t.inputSchema);
    const prop = new Map<string, ValidateFunction>();
    for (const [k, s] of Object.entries(t.inputSchema.properties ?? {})) prop.set(k, ajv.compile(s));
    v = { input: (a) => input(a), output: t.outputSchema ? ajv.compile(t.outputSchema) : undefined, prop };
    compiled.set(t.name, v);
  }
  return v;
}

/** Does the property schema of `key` accept `value`? (unknown keys accept nothing) */
export function accepts(t: ToolInfo, key: string, value: unknown): boolean {
  const f = verdicts(t).prop.get(key);
  return f ? f(value) : false;
}

const BAD_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface Answer {
  result?: { isError?: boolean; content?: { type: string; text?: string }[]; structuredContent?: unknown; _meta?: Record<string, unknown> };
  error?: { code: number; message: string };
}

export function judge(t: ToolInfo | undefined, name: string, args: unknown, tier: string, a: Answer): string[] {
  const problems: string[] = [];
  if (!t) {
    // A name no tool has: JSON-RPC -32602 (docs/reference/protocol.md#unknown-tool), the name shown through the safe repr.
    if (a.error?.code !== -32602 || !a.error.message.startsWith('Unknown tool: '))
      problems.push(`unknown tool answered ${JSON.stringify(a).slice(0, 200)}`);
    if (a.error && BAD_CHARS.test(a.error.message)) problems.push('unknown-tool message carries raw control characters');
    return problems;
  }
  if (a.error || !a.result) return [`JSON-RPC error for a tool call: ${JSON.stringify(a.error).slice(0, 300)}`];
  const r = a.result;
  const text = r.content?.[0]?.text ?? '';
  const valid = typeof args === 'object' && args !== null && !Array.isArray(args) && verdicts(t).input(args);
  if (r.isError) {
    const meta = r._meta ?? {};
    const type = typeof meta.error_type === 'string' ? meta.error_type : '';
    if (!text.trim()) problems.push('isError without text');
    if (meta.expected !== true) problems.push(`unexpected error (${type}): ${text.slice(0, 300)}`);
    if (BAD_CHARS.test(text))
      problems.push(`error text carries raw control characters or lone surrogates: ${JSON.stringify(text.slice(0, 200))}`);
    if (text.length > 20_000) problems.push(`error text of ${text.length} characters: ${text.slice(0, 120)}`);
    if (!t.visible) {
      if (!text.startsWith(`Tool '${name}' is not available at the current safety level (${tier}).`))
        problems.push(`off-tier tool not refused: ${text.slice(0, 200)}`);
      return problems;
    }
    if (!valid && type !== 'ValidationError')
      problems.push(`schema-invalid arguments not rejected as ValidationError (${type}): ${text.slice(0, 200)}`);
    if (type === 'ValidationError') {
      if (!new RegExp(`^\\d+ validation errors? for ${name}\\n`).test(text))
        problems.push(`validation text does not name the tool: ${text.slice(0, 200)}`);
      if (MARKER_RE.test(text)) problems.push(`validation error echoes a generated value: ${text.slice(0, 300)}`);
      // The schema accepted it: only the string rules the schema cannot express may reject (docs/reference/protocol.md#strings).
      if (valid && !/Value error, string (contains an invalid|must not contain)/.test(text))
        problems.push(`schema-valid arguments rejected: ${text.slice(0, 300)}`);
    }
    return problems;
  }
  if (!t.visible) problems.push('off-tier tool answered successfully');
  if (!valid) problems.push('schema-invalid arguments accepted');
  if (!Array.isArray(r.content)) problems.push('result without content');
  const out = verdicts(t).output;
  if (out && !out(r.structuredContent)) problems.push(`result does not match outputSchema: ${ajv.errorsText(out.errors)}`);
  return problems;
}
