import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HardenedTmux } from '../helpers/hardening-tmux';
import { McpHarness } from '../helpers/mcp-harness';

/**
 * The audit trail never holds a payload of a sensitive argument (keys, text, command, value,
 * content, shell, environment — docs/reference/safety.md#redaction,
 * docs/reference/safety.md#audit-file): not in the captured log lines of any logger (the
 * McpHarness `logs`), not in the `config.auditLog` JSON-lines file. Every tool
 * that takes such an argument is called with a secret in it (valid and wrong-typed, nested in
 * batches and prompts-as-tools arguments), driven from tools/list.
 */
const SENSITIVE = ['keys', 'text', 'command', 'value', 'content', 'shell', 'environment'];

describe('audit logs never contain sensitive payloads', () => {
  const tmux = new HardenedTmux();
  const secret = `HZSECRET${randomBytes(6).toString('hex')}`;
  const auditFile = join(tmux.dir, 'audit.jsonl');
  const logs: string[] = [];
  let h: McpHarness;
  let calls = 0;

  beforeAll(async () => {
    tmux.start('main');
    h = await McpHarness.start({
      socket: tmux.socket,
      logs,
      config: { safety: 'destructive', promptsAsTools: true, waitMaxSeconds: 1, auditLog: auditFile },
    });
  });
  afterAll(async () => {
    await h.close();
    tmux.cleanup();
  });

  const call = async (name: string, args: Record<string, unknown>) => {
    calls++;
    return h.call(name, args);
  };

  /** Secret-bearing values for one sensitive argument (valid shapes first, then wrong types). */
  function payloads(key: string): unknown[] {
    // Typed into the private sh: a comment, so nothing runs.
    const s = `: ${secret}`;
    if (key === 'environment') return [{ HZ_ENV: secret }, JSON.stringify({ HZ_ENV: secret }), [secret]];
    if (key === 'shell') return [`sh -c ': ${secret}; exec sh'`, { x: secret }];
    return [s, [s], { nested: s }];
  }

  it('for every tool with a sensitive argument, valid and invalid, direct and nested', async () => {
    const { tools } = await h.client.listTools();
    const pane = tmux.firstPane('main');
    const fill: Record<string, unknown> = {
      pane_id: pane,
      session_name: 'main',
      option: '@hz_audit',
      name: 'HZ_AUDIT',
      buffer_name: `tmux_mcp_${'0'.repeat(32)}_x`,
      operations: [],
      timeout: 0.05,
    };
    let covered = 0;
    for (const t of tools) {
      const props = Object.keys(t.inputSchema.properties ?? {});
      const sensitive = props.filter((p) => SENSITIVE.includes(p));
      if (!sensitive.length || t.name === 'kill_server') continue;
      covered++;
      for (const key of sensitive) {
        for (const v of payloads(key)) {
          const args: Record<string, unknown> = {};
          for (const r of t.inputSchema.required ?? []) if (!SENSITIVE.includes(r)) args[r] = fill[r] ?? 'x';
          for (const p of props) if (p in fill && !(p in args) && p !== 'operations') args[p] = fill[p];
          args[key] = v;
          await call(t.name, args);
        }
      }
    }
    expect(covered).toBeGreaterThanOrEqual(8);

    // Nested: send_keys_batch operations, batch wrapper arguments, prompts-as-tools arguments.
    await call('send_keys_batch', {
      operations: [{ keys: `: ${secret}`, pane_id: pane }, { keys: [secret] }, { keys: `: ${secret}`, bogus: secret }],
    });
    for (const w of ['call_readonly_tools_batch', 'call_mutating_tools_batch', 'call_destructive_tools_batch']) {
      await call(w, {
        operations: [
          { tool: 'send_keys', arguments: { pane_id: pane, keys: `: ${secret}` } },
          { tool: 'set_option', arguments: { option: '@hz_audit', value: secret } },
          { tool: 'load_buffer', arguments: { content: secret } },
          { tool: 'paste_text', arguments: { pane_id: pane, text: `: ${secret}` } },
          { tool: 'get_prompt', arguments: { name: 'run_and_wait', arguments: { command: secret, pane_id: pane } } },
          { tool: 'no_such_tool', arguments: { command: secret } },
        ],
        on_error: 'continue',
      });
    }
    await call('get_prompt', { name: 'run_and_wait', arguments: { command: secret, pane_id: pane } });
    await call('get_prompt', { name: 'no_such_prompt', arguments: { command: secret } });
    await expect(h.client.callTool({ name: 'no_such_tool', arguments: { keys: secret, command: secret } })).rejects.toThrow();
    calls++;

    // The secret really went through: the pane shows it (results are not logs).
    expect(tmux.tmux('capture-pane', '-p', '-t', pane)).toContain(secret);

    const text = logs.join('');
    expect(logs.filter((l) => l.includes('tmux_mcp.audit')).length).toBeGreaterThanOrEqual(calls);
    expect(text.includes(secret)).toBe(false);
    const lines = readFileSync(auditFile, 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(calls);
    for (const l of lines)
      expect(Object.keys(JSON.parse(l) as object)).toEqual(
        expect.arrayContaining(['tool', 'outcome', 'duration_ms', 'client_id', 'request_id', 'args']),
      );
    const leaks = lines.filter((l) => l.includes(secret));
    expect(leaks).toEqual([]);
  });
});
