import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, minimalEnv } from '../helpers/cli-process';
import { fdCount, until, waitForChildren } from '../helpers/hardening-proc';
import { HardenedTmux } from '../helpers/hardening-tmux';

/**
 * Burst (hardening issue, load): BURST_CALLS (default 2,000 on the control engine, 300 on the
 * subprocess engine) tool calls of mixed kinds issued at once on one stdio connection to a
 * spawned `node dist/cli.js`. Every call is answered with its own correct result, in any order;
 * afterwards the server holds no more file descriptors or wait-for children than before.
 */
const ENGINE = process.env.TMUX_MCP_ENGINE === 'exec' ? 'exec' : 'control';
const CALLS = Number(process.env.BURST_CALLS ?? (ENGINE === 'exec' ? 300 : 2_000));

describe(`burst: ${CALLS} concurrent calls on one connection (${ENGINE} engine)`, () => {
  const tmux = new HardenedTmux();
  let client: Client;
  let transport: StdioClientTransport;

  beforeAll(async () => {
    tmux.start('main');
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--socket-name', tmux.socket],
      env: minimalEnv() as Record<string, string>,
      stderr: 'ignore',
    });
    client = new Client({ name: 'burst', version: '1.0.0' }, { capabilities: {} });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client.close().catch(() => undefined);
    tmux.cleanup();
  });

  type R = { isError?: boolean; content: { text?: string }[]; structuredContent?: Record<string, unknown> };

  it('answers every call correctly', async () => {
    const pane = tmux.firstPane('main');
    const pid = transport.pid!;
    await client.callTool({ name: 'list_panes', arguments: {} });
    const fdsBefore = fdCount(pid);
    const t0 = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: CALLS }, async (_, i) => {
        const call = (name: string, args: Record<string, unknown>) =>
          client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 }) as Promise<R>;
        switch (i % 5) {
          case 0: {
            const r = await call('display_message', { pane_id: pane, format_string: `b${i}` });
            if (r.structuredContent?.result !== `b${i}`) throw new Error(`#${i}: ${JSON.stringify(r).slice(0, 200)}`);
            return;
          }
          case 1: {
            const r = await call('set_option', { option: `@b${i}`, value: `v${i}`, scope: 'pane', target: pane });
            if (r.structuredContent?.value !== `v${i}`) throw new Error(`#${i}: ${JSON.stringify(r).slice(0, 200)}`);
            return;
          }
          case 2: {
            const r = await call('capture_pane', { pane_id: pane, max_lines: 0 });
            if (!r.isError || r.content[0].text?.split('\n')[0] !== '1 validation error for capture_pane')
              throw new Error(`#${i}: ${JSON.stringify(r).slice(0, 200)}`);
            return;
          }
          case 3: {
            const r = await call('get_pane_info', { pane_id: pane });
            if (r.structuredContent?.pane_id !== pane) throw new Error(`#${i}: ${JSON.stringify(r).slice(0, 200)}`);
            return;
          }
          default: {
            const r = await call('list_sessions', {});
            if ((r.structuredContent?.result as unknown[])?.length !== 1) throw new Error(`#${i}: ${JSON.stringify(r).slice(0, 200)}`);
          }
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String((r.reason as Error).message)] : []));
    process.stdout.write(
      `burst summary: ${JSON.stringify({ engine: ENGINE, calls: CALLS, seconds: Math.round(seconds * 10) / 10, failures: failures.length })}\n`,
    );
    expect(failures.slice(0, 5)).toEqual([]);
    // Every option set by the burst is really there.
    const opts = tmux
      .tmux('show-options', '-p', '-t', pane)
      .split('\n')
      .filter((l) => l.startsWith('@b'));
    expect(opts).toHaveLength(CALLS / 5);
    await until(() => waitForChildren(pid, tmux.socket).length === 0, 'no wait-for children');
    expect(fdCount(pid)).toBeLessThanOrEqual(fdsBefore);
  });
});
