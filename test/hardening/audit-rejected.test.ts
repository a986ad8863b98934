import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { Default, Description } from '../../src/framework/decorators/dto.decorators';
import { Tool } from '../../src/framework/decorators/tool.decorator';
import { definePlugin } from '../../src/framework/plugins/plugin';
import { TOOL_CLASSES } from '../../src/framework/tokens';
import { HardenedTmux } from '../helpers/hardening-tmux';
import { like } from '../helpers/like';
import { McpHarness } from '../helpers/mcp-harness';

/**
 * An argument a tool does not accept — unknown to its schema, or rejected by validation — is
 * recorded by name with its length and hash prefix, never by value, at every level: direct
 * calls, batch operations (read with the nested tool's own schema), prompts-as-tools arguments,
 * calls refused by the tier gate, unknown tools, and plugin tools with class-validator DTOs
 * (docs/reference/safety.md#audit-log). Neither stderr nor the audit file may hold such a value.
 */

class EchoInput {
  @IsString()
  @MaxLength(8)
  @Description('A short word.')
  word!: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(5)
  times?: number;

  @IsString()
  @Default('x')
  label!: string;
}

@Tool('readonly', { title: 'Echo' })
class EchoTool {
  static readonly toolName = 'echo_word';
  static readonly description = 'Echo a word (test plugin).';
  static readonly Input = EchoInput;
  static readonly Output = String;
  async execute(input: EchoInput): Promise<string> {
    return input.word.repeat(input.times ?? 1);
  }
}

/** How many times a `counted_word` argument went through the validator. */
let wordChecks = 0;

@ValidatorConstraint({ name: 'countedWord' })
class CountedWord implements ValidatorConstraintInterface {
  validate(v: unknown): boolean {
    wordChecks++;
    return typeof v === 'string' && v.length <= 8;
  }
}

class CountedInput {
  @IsString()
  @Validate(CountedWord)
  @Description('A short word; each check of it is counted.')
  word!: string;
}

@Tool('readonly', { title: 'Counted' })
class CountedTool {
  static readonly toolName = 'counted_word';
  static readonly description = 'Return a word (test plugin).';
  static readonly Input = CountedInput;
  static readonly Output = String;
  async execute(input: CountedInput): Promise<string> {
    return input.word;
  }
}

const echoPlugin = definePlugin({
  name: 'echo-test',
  register(container) {
    container.register(TOOL_CLASSES, { useValue: EchoTool });
    container.register(TOOL_CLASSES, { useValue: CountedTool });
  },
});

describe('audit records never hold unknown or rejected argument values', () => {
  const tmux = new HardenedTmux();
  const secret = `HZREJ${randomBytes(6).toString('hex')}`;
  const auditFile = join(tmux.dir, 'audit.jsonl');
  const logs: string[] = [];
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('main');
    h = await McpHarness.start({
      socket: tmux.socket,
      logs,
      plugins: [echoPlugin],
      config: { safety: 'mutating', promptsAsTools: true, waitMaxSeconds: 1, auditLog: auditFile },
    });
  });
  afterAll(async () => {
    await h.close();
    tmux.cleanup();
  });

  const records = () =>
    readFileSync(auditFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { tool: string; outcome: string; error_type?: string; args: Record<string, unknown> });
  const digestShape = { len: like.any(Number), sha256_prefix: like.stringMatching(/^[0-9a-f]{12}$/) };

  it('direct calls: unknown and rejected arguments are digested, accepted ones kept', async () => {
    const pane = tmux.firstPane('main');
    expect((await h.call('list_sessions', { password: secret })).isError).toBe(true);
    expect((await h.call('capture_pane', { pane_id: pane, max_lines: secret })).isError).toBe(true);
    expect((await h.call('capture_pane', { pane_id: pane, start: { nested: secret } })).isError).toBe(true);
    expect((await h.call('list_panes', { filters: { pane_title: [{ deep: secret }] } })).isError).toBe(true);
    expect((await h.call('select_window', { session_name: 'main', direction: secret })).isError).toBe(true);
    // Refused by the tier gate before validation ran: the unknown key is still found.
    expect((await h.call('kill_pane', { pane_id: pane, note: secret })).isError).toBe(true);

    const recs = records();
    const byTool = (t: string) => recs.filter((r) => r.tool === t);
    expect(byTool('list_sessions').at(-1)!.args).toEqual({ password: digestShape });
    const capture = byTool('capture_pane');
    expect(capture.at(-2)!.args).toEqual({ pane_id: pane, max_lines: digestShape });
    expect(capture.at(-1)!.args).toEqual({ pane_id: pane, start: digestShape });
    expect(byTool('select_window').at(-1)!.args).toEqual({ session_name: 'main', direction: digestShape });
    expect(byTool('kill_pane').at(-1)).toMatchObject({ outcome: 'error', args: { pane_id: pane, note: digestShape } });
    expect(JSON.stringify(byTool('list_panes').at(-1)!.args)).not.toContain('deep');
  });

  it('batch operations are read with the nested tool schema; unknown tools accept nothing', async () => {
    const pane = tmux.firstPane('main');
    const r = await h.call('call_readonly_tools_batch', {
      operations: [
        { tool: 'list_sessions', arguments: { password: secret } },
        { tool: 'capture_pane', arguments: { pane_id: pane, max_lines: secret } },
        { tool: 'no_such_tool', arguments: { token: secret } },
        { tool: 'get_pane_info', arguments: { pane_id: pane }, extra: secret },
      ],
      on_error: 'continue',
    });
    expect(r.isError).toBe(true); // `extra` on an operation breaks the wrapper's own schema
    const ok = await h.call('call_readonly_tools_batch', {
      operations: [
        { tool: 'list_sessions', arguments: { password: secret } },
        { tool: 'capture_pane', arguments: { pane_id: pane, max_lines: secret } },
        { tool: 'no_such_tool', arguments: { token: secret } },
        { tool: 'echo_word', arguments: { word: secret, times: 0 } },
      ],
      on_error: 'continue',
    });
    expect(ok.isError).toBeFalsy();
    const recs = records().filter((x) => x.tool === 'call_readonly_tools_batch');
    const failed = recs.at(-2)!.args.operations as Record<string, unknown>[];
    expect(failed[3]).toEqual({ tool: 'get_pane_info', arguments: { pane_id: pane }, extra: digestShape });
    const ops = recs.at(-1)!.args.operations as Record<string, unknown>[];
    expect(ops[0]).toEqual({ tool: 'list_sessions', arguments: { password: digestShape } });
    expect(ops[1]).toEqual({ tool: 'capture_pane', arguments: { pane_id: pane, max_lines: digestShape } });
    expect(ops[2]).toEqual({ tool: 'no_such_tool', arguments: { token: digestShape } });
    expect(ops[3]).toEqual({ tool: 'echo_word', arguments: { word: digestShape, times: digestShape } });
  });

  it('send_keys_batch operations, prompts-as-tools arguments, plugin tools and unknown tools', async () => {
    const pane = tmux.firstPane('main');
    await h.call('send_keys_batch', { operations: [{ keys: 'true', pane_id: pane, enter: false, bogus: secret }] });
    await h.call('get_prompt', { name: 'diagnose_failing_pane', arguments: { pane_id: secret } });
    await h.call('get_prompt', { name: 'diagnose_failing_pane', arguments: { pane_id: pane, other: secret } });
    await h.call('echo_word', { word: secret });
    await h.call('echo_word', { word: 'ok', times: 9, extra: secret });
    expect((await h.ok<{ result: string }>('echo_word', { word: 'ab', times: 2 })).result).toBe('abab');
    await expect(h.client.callTool({ name: 'no_such_tool', arguments: { token: secret } })).rejects.toThrow();

    const recs = records();
    const last = (t: string, back = 1) => recs.filter((r) => r.tool === t).at(-back)!;
    expect((last('send_keys_batch').args.operations as unknown[])[0]).toEqual({
      keys: digestShape,
      pane_id: pane,
      enter: false,
      bogus: digestShape,
    });
    expect(last('get_prompt', 2).args).toEqual({ name: 'diagnose_failing_pane', arguments: { pane_id: digestShape } });
    expect(last('get_prompt').args).toEqual({ name: 'diagnose_failing_pane', arguments: { pane_id: digestShape, other: digestShape } });
    expect(last('echo_word', 3).args).toEqual({ word: digestShape });
    expect(last('echo_word', 2).args).toEqual({ word: 'ok', times: digestShape, extra: digestShape });
    expect(last('echo_word').args).toEqual({ word: 'ab', times: 2 });
    expect(last('no_such_tool')).toMatchObject({ outcome: 'error', error_type: 'NotFoundError', args: { token: digestShape } });
  });

  it('a batch record reads each operation that ran from its own validation, and validates only those that did not', async () => {
    // docs/architecture.md#validation-outcome: every argument goes through the validator once.
    wordChecks = 0;
    const ran = await h.call('call_readonly_tools_batch', {
      operations: [
        { tool: 'counted_word', arguments: { word: 'ab' } },
        { tool: 'counted_word', arguments: { word: secret } },
      ],
      on_error: 'continue',
    });
    expect(ran.isError).toBeFalsy();
    expect(wordChecks).toBe(2); // once each, by the nested calls; none by the audit
    wordChecks = 0;
    await h.call('call_readonly_tools_batch', {
      operations: [
        { tool: 'counted_word', arguments: { word: secret } },
        { tool: 'counted_word', arguments: { word: 'cd' } }, // never runs: the batch stopped
      ],
    });
    expect(wordChecks).toBe(2); // the first by its call, the second by the record
    // A direct call: validated once, its record reads the outcome.
    wordChecks = 0;
    await h.call('counted_word', { word: secret });
    expect(wordChecks).toBe(1);

    const recs = records().filter((x) => x.tool === 'call_readonly_tools_batch');
    expect(recs.at(-2)!.args.operations).toEqual([
      { tool: 'counted_word', arguments: { word: 'ab' } },
      { tool: 'counted_word', arguments: { word: digestShape } },
    ]);
    expect(recs.at(-1)!.args.operations).toEqual([
      { tool: 'counted_word', arguments: { word: digestShape } },
      { tool: 'counted_word', arguments: { word: 'cd' } },
    ]);
  });

  it('an operation argument its call rejected is digested in the batch record as in its own (host with no hosts configured)', async () => {
    // No remote hosts here: `host` is no argument of list_sessions (docs/reference/protocol.md#features).
    await h.call('call_readonly_tools_batch', { operations: [{ tool: 'list_sessions', arguments: { host: 'local' } }] });
    const recs = records();
    const nested = recs.filter((x) => x.tool === 'list_sessions').at(-1)!;
    expect(nested).toMatchObject({ outcome: 'error', error_type: 'ValidationError', args: { host: digestShape } });
    const batch = recs.filter((x) => x.tool === 'call_readonly_tools_batch').at(-1)!;
    expect(batch.args.operations).toEqual([{ tool: 'list_sessions', arguments: { host: nested.args.host } }]);
  });

  it('an operation whose tool is not a name accepts nothing: all its arguments are digested', async () => {
    const r = await h.call('call_readonly_tools_batch', { operations: [{ tool: 5, arguments: { a: secret, b: { c: secret } } }] });
    expect(r.isError).toBe(true);
    const batch = records()
      .filter((x) => x.tool === 'call_readonly_tools_batch')
      .at(-1)!;
    expect(batch.args.operations).toEqual([{ tool: digestShape, arguments: { a: digestShape, b: digestShape } }]);
  });

  it('no log line (stderr in production) and no audit record holds a rejected value', () => {
    expect(logs.filter((l) => l.includes(secret))).toEqual([]);
    expect(readFileSync(auditFile, 'utf8').includes(secret)).toBe(false);
  });
});
