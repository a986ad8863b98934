import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, minimalEnv } from '../helpers/cli-process';
import { HardenedTmux } from '../helpers/hardening-tmux';
import type { CallResult } from '../helpers/mcp-harness';

/**
 * A `host` that is not configured never reaches stderr or the audit file verbatim, also inside
 * the expected error's log line (docs/reference/safety.md#never-logged): the spawned CLI at log
 * level debug, with one (unreachable) destination configured and an audit file.
 */
describe('an unconfigured host in the logs of the spawned CLI', () => {
  const tmux = new HardenedTmux();
  const secret = `HZHOST${randomBytes(6).toString('hex')}`;
  const auditFile = join(tmux.dir, 'audit.jsonl');
  let stderr = '';
  let client: Client;
  let transport: StdioClientTransport;
  let stderrEnded: Promise<void>;

  beforeAll(async () => {
    tmux.start('main');
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--socket-name', tmux.socket],
      env: minimalEnv({
        TMUX_MCP_HOSTS: 'known.invalid',
        TMUX_MCP_AUDIT_LOG: auditFile,
        TMUX_MCP_LOG_LEVEL: 'debug',
      }) as Record<string, string>,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    stderrEnded = new Promise((resolve) => transport.stderr?.on('end', resolve));
    client = new Client({ name: 'host-log', version: '1.0.0' }, { capabilities: {} });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client.close();
    tmux.cleanup();
  });

  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallResult;

  it('names the host to the agent, and to no log line or audit record', async () => {
    const direct = await call('list_sessions', { host: `${secret}.example` });
    expect(direct.isError).toBe(true);
    // The agent sent the value: its own result may name it (docs/reference/errors.md).
    expect(direct.content[0].text).toContain(`'${secret}.example' is not configured`);
    await call('call_readonly_tools_batch', {
      operations: [{ tool: 'list_windows', arguments: { host: secret } }],
      on_error: 'continue',
    });
    // Every line the server wrote is read once its stderr ends (it exits on the close).
    await client.close();
    await stderrEnded;
    expect(stderr).toContain('Error in tools/call: ExpectedToolError: Host ');
    expect(stderr).toContain('tool=list_sessions outcome=error');
    expect(stderr.split('\n').filter((l) => l.includes(secret))).toEqual([]);
    const audit = readFileSync(auditFile, 'utf8');
    expect(audit).toContain('"tool":"list_windows"');
    expect(audit.includes(secret)).toBe(false);
  });
});
