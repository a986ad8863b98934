import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HardenedTmux } from '../helpers/hardening-tmux';
import { like } from '../helpers/like';
import { McpHarness } from '../helpers/mcp-harness';

/**
 * Deep arguments and the audit record (docs/reference/protocol.md#nesting-limit,
 * docs/reference/safety.md#audit-log): arguments nested past 64 levels are a validation error
 * before anything recursive touches them; every call leaves its record whatever its arguments,
 * and the record never replaces the result; values the tool refused after the schema (a filters
 * string that is not JSON, a host that is not configured) are digested, never written; the audit
 * file is created owner-only.
 */

type Rec = { tool: string; outcome: string; error_type?: string; request_id: unknown; host: unknown; args: Record<string, unknown> };

/** `{"a": {"a": … 1}}` with `levels` objects. */
function nested(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

const TOO_DEEP = '1 validation error for list_sessions\nfilters\n  Value error, input is nested deeper than 64 levels [type=value_error]';

describe('deep arguments and the audit record', () => {
  const tmux = new HardenedTmux();
  const secret = `HZDEEP${randomBytes(6).toString('hex')}`;
  const auditFile = join(tmux.dir, 'audit.jsonl');
  const logs: string[] = [];
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('main');
    h = await McpHarness.start({
      socket: tmux.socket,
      logs,
      config: { safety: 'mutating', auditLog: auditFile, hosts: ['known.invalid'] },
    });
  });
  afterAll(async () => {
    await h.close();
    tmux.cleanup();
  });

  const records = (): Rec[] =>
    readFileSync(auditFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Rec);
  const last = (tool: string, back = 1) =>
    records()
      .filter((r) => r.tool === tool)
      .at(-back)!;
  const digestShape = { len: like.any(Number), sha256_prefix: like.stringMatching(/^[0-9a-f]{12}$/) };

  it('creates the audit file owner-only', () => {
    expect(statSync(auditFile).mode & 0o777).toBe(0o600);
  });

  it('leaves the mode of an audit file that exists alone', async () => {
    const existing = join(tmux.dir, 'existing.jsonl');
    writeFileSync(existing, '');
    chmodSync(existing, 0o640);
    const other = await McpHarness.start({ socket: tmux.socket, config: { auditLog: existing } });
    await other.close();
    expect(statSync(existing).mode & 0o777).toBe(0o640);
  });

  it('5,000 levels are a validation error with its record (digested), not a stack overflow', async () => {
    const r = await h.err('list_sessions', { filters: nested(5000) });
    expect(r.meta.error_type).toBe('ValidationError');
    expect(r.text).toBe(TOO_DEEP);
    expect(last('list_sessions')).toMatchObject({ outcome: 'error', error_type: 'ValidationError', args: { filters: digestShape } });
    // The digest is that of the value's JSON text, as for any rejected value.
    expect((last('list_sessions').args.filters as { len: number }).len).toBe(5000 * '{"a":}'.length + 1);
  });

  it('64 levels (the arguments object counted) pass the limit, 65 do not', async () => {
    // filters at 63 objects: 64 levels in all; refused for its content (values must be scalars), not its depth.
    const ok = await h.err('list_sessions', { filters: nested(63) });
    expect(ok.text).not.toContain('nested deeper');
    expect((await h.err('list_sessions', { filters: nested(64) })).text).toBe(TOO_DEEP);
  });

  it('an unknown tool with deep arguments is recorded, the value digested', async () => {
    await expect(h.client.callTool({ name: 'no_such_tool', arguments: { deep: nested(5000) } })).rejects.toThrow(/Unknown tool/);
    expect(last('no_such_tool')).toMatchObject({ outcome: 'error', error_type: 'NotFoundError', args: { deep: digestShape } });
  });

  it('in a batch: per-operation rows and records as normal, the deep operation one ValidationError row', async () => {
    const r = await h.call('call_readonly_tools_batch', {
      operations: [
        { tool: 'list_sessions', arguments: {} },
        { tool: 'list_sessions', arguments: { filters: nested(5000) } },
        { tool: 'list_sessions', arguments: {} },
      ],
      on_error: 'continue',
    });
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as {
      results: { success: boolean; error: string | null; meta: Record<string, unknown> | null }[];
      failed: number;
    };
    expect(out.results.map((x) => x.success)).toEqual([true, false, true]);
    expect(out.results[1].error).toBe(TOO_DEEP);
    expect(out.results[1].meta).toMatchObject({ error_type: 'ValidationError' });
    const batch = last('call_readonly_tools_batch');
    expect(batch.outcome).toBe('ok');
    expect(batch.args.operations).toEqual([
      { tool: 'list_sessions', arguments: {} },
      { tool: 'list_sessions', arguments: { filters: digestShape } },
      { tool: 'list_sessions', arguments: {} },
    ]);
    const nestedRecs = records().filter((x) => x.tool === 'list_sessions' && x.request_id === batch.request_id);
    expect(nestedRecs.map((x) => x.outcome)).toEqual(['ok', 'error', 'ok']);
  });

  it('a deep value inside a batch operation of its own wrapper schema fails the batch, recorded', async () => {
    const r = await h.err('call_readonly_tools_batch', { operations: [{ tool: nested(5000), arguments: {} }] });
    expect(r.text).toContain('operations\n  Value error, input is nested deeper than 64 levels [type=value_error]');
    expect(last('call_readonly_tools_batch').args).toEqual({ operations: digestShape });
  });

  it('a filters string that is not JSON and a host that is not configured are digested, also inside a batch', async () => {
    await h.err('list_sessions', { filters: `{not json ${secret}` });
    expect(last('list_sessions').args).toEqual({ filters: digestShape });
    await h.err('list_sessions', { filters: JSON.stringify([secret]) });
    expect(last('list_sessions').args).toEqual({ filters: digestShape });
    await h.err('list_sessions', { host: `${secret}.example` });
    expect(last('list_sessions')).toMatchObject({ host: null, args: { host: digestShape } });
    // Accepted values stay readable.
    await h.ok('list_sessions', { host: 'local', filters: '{"session_name": "main"}' });
    expect(last('list_sessions').args).toEqual({ host: 'local', filters: '{"session_name": "main"}' });

    await h.call('call_readonly_tools_batch', {
      operations: [
        { tool: 'list_sessions', arguments: { filters: `{${secret}` } },
        { tool: 'list_sessions', arguments: { host: secret } },
      ],
      on_error: 'continue',
    });
    expect(last('call_readonly_tools_batch').args.operations).toEqual([
      { tool: 'list_sessions', arguments: { filters: digestShape } },
      { tool: 'list_sessions', arguments: { host: digestShape } },
    ]);
  });

  it('an exception inside the audit step is logged and the result stands, with a record of the argument types', async () => {
    // No JSON text has a BigInt, but an in-process caller can pass one: JSON.stringify throws on it
    // inside the digest of the rejected argument.
    const r = await h.err('list_sessions', { bogus: BigInt(7) });
    expect(r.meta.error_type).toBe('ValidationError');
    expect(r.text).toContain('1 validation error for list_sessions\nbogus\n  Extra inputs are not permitted [type=extra_forbidden]');
    expect(last('list_sessions')).toMatchObject({ outcome: 'error', error_type: 'ValidationError', args: { bogus: { redacted: true } } });
    expect(logs.some((l) => l.includes('could not summarize the arguments of a list_sessions call: TypeError'))).toBe(true);
  });

  it('no log line and no audit record holds a refused value', () => {
    expect(logs.filter((l) => l.includes(secret) && l.includes('tmux_mcp.audit'))).toEqual([]);
    expect(readFileSync(auditFile, 'utf8').includes(secret)).toBe(false);
  });
});
