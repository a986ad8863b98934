import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, minimalEnv } from '../helpers/cli-process';
import { descendants, fdCount, rssKb, until, waitForChildren } from '../helpers/hardening-proc';
import { HardenedTmux } from '../helpers/hardening-tmux';

/**
 * Soak (hardening issue): SOAK_CALLS (default 20,000 on the control engine; 2,000 on the
 * subprocess engine, which forks tmux several times per call and manages ~65 calls/s here) tool calls of mixed kinds against a spawned
 * `node dist/cli.js` over stdio (the SDK's StdioClientTransport), SOAK_CONCURRENCY (default 8) in
 * flight. At the end of each quarter the load pauses and we sample the server process: RSS,
 * open file descriptors, child processes, tmux buffers of ours and run_command pane options.
 * Between the first and the last quarter none may grow past its bound. Every answer is checked.
 * A summary goes to stdout and to $TMPDIR/tmux-mcp-soak-<engine>.json.
 */
const ENGINE = process.env.TMUX_MCP_ENGINE === 'exec' ? 'exec' : 'control';
const CALLS = Number(process.env.SOAK_CALLS ?? (ENGINE === 'exec' ? 2_000 : 20_000));
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
const RSS_GROWTH_KB = 40 * 1024; // V8 settles its heap in the first quarter; a leak keeps climbing

interface Sample {
  calls: number;
  seconds: number;
  rssKb: number;
  fds: number;
  children: number;
  waitFor: number;
  buffers: number;
  runOptions: number;
}

describe(`soak: ${CALLS} calls over stdio (${ENGINE} engine)`, () => {
  const tmux = new HardenedTmux();
  let client: Client;
  let transport: StdioClientTransport;
  let pane: string;
  let runPane: string;
  let pastePane: string;

  beforeAll(async () => {
    tmux.start('main');
    pane = tmux.firstPane('main');
    runPane = tmux.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', '-t', 'main', '-c', tmux.dir, 'sh').trim();
    pastePane = tmux.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', '-t', 'main', '-c', tmux.dir, 'sh').trim();
    tmux.tmux('send-keys', '-t', pane, 'echo SOAK-""MARK', 'Enter');
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--socket-name', tmux.socket],
      env: minimalEnv() as Record<string, string>,
      stderr: 'ignore',
    });
    client = new Client({ name: 'soak', version: '1.0.0' }, { capabilities: {} });
    await client.connect(transport);
    await until(() => tmux.tmux('capture-pane', '-p', '-t', pane).includes('SOAK-MARK'), 'marker on screen');
  });

  afterAll(async () => {
    await client.close().catch(() => undefined);
    tmux.cleanup();
  });

  type R = { isError?: boolean; content: { text?: string }[]; structuredContent?: Record<string, unknown> };
  const ok = (r: R, what: string): Record<string, unknown> => {
    if (r.isError) throw new Error(`${what}: ${r.content[0]?.text}`);
    return r.structuredContent ?? {};
  };
  const call = (name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 }) as Promise<R>;

  /**
   * One unit of work: one call, or a short chain of dependent calls. Cheap reads and writes make
   * up the bulk; the kinds that spawn processes or wait (buffers, channels, waits, pastes,
   * run_command) come at a fixed, lower rate so every quarter has the same mix.
   */
  async function work(i: number): Promise<number> {
    if (i % 1000 === 999) {
      // run_command types into its own pane: one at a time there.
      const r = ok(
        await runExclusive(() => call('run_command', { pane_id: runPane, command: `echo r-""${i}`, timeout: 20 })),
        'run_command',
      );
      if (r.exit_status !== 0) throw new Error(`run_command exit ${String(r.exit_status)}`);
      return 1;
    }
    if (i % 400 === 398) {
      ok(await call('paste_text', { pane_id: pastePane, text: ': pasted\n', bracket: false }), 'paste_text');
      return 1;
    }
    if (i % 200 === 197) {
      ok(await call('wait_for_text', { pane_id: pane, patterns: ['SOAK-MARK'], timeout: 0.05 }), 'wait_for_text');
      return 1;
    }
    if (i % 100 === 96) {
      const ch = `soak-${i}`;
      ok(await call('signal_channel', { channel: ch }), 'signal_channel');
      ok(await call('wait_for_channel', { channel: ch, timeout: 10 }), 'wait_for_channel');
      return 2;
    }
    if (i % 50 === 45) {
      const ref = ok(await call('load_buffer', { content: `soak ${i}\n` }), 'load_buffer');
      const shown = ok(await call('show_buffer', { buffer_name: ref.buffer_name }), 'show_buffer');
      if (shown.content !== `soak ${i}\n`) throw new Error('show_buffer content');
      ok(await call('delete_buffer', { buffer_name: ref.buffer_name }), 'delete_buffer');
      return 3;
    }
    switch (i % 13) {
      case 0: {
        const r = ok(await call('display_message', { pane_id: pane, format_string: `s${i}` }), 'display_message');
        if (r.result !== `s${i}`) throw new Error(`display_message answered ${String(r.result)} for s${i}`);
        return 1;
      }
      case 1:
        ok(await call('list_sessions', {}), 'list_sessions');
        return 1;
      case 2:
        ok(await call('list_panes', {}), 'list_panes');
        return 1;
      case 3:
        if (!String(ok(await call('capture_pane', { pane_id: pane }), 'capture_pane').result).includes('SOAK-MARK'))
          throw new Error('capture lost the marker');
        return 1;
      case 4:
        ok(await call('snapshot_pane', { pane_id: pane }), 'snapshot_pane');
        return 1;
      case 5:
        ok(await call('get_pane_info', { pane_id: pane }), 'get_pane_info');
        return 1;
      case 6:
        ok(await call('set_option', { option: `@soak${i % 10}`, value: `v${i}`, scope: 'pane', target: pane }), 'set_option');
        return 1;
      case 7:
        ok(await call('show_option', { option: `@soak${i % 10}`, scope: 'pane', target: pane }), 'show_option');
        return 1;
      case 8:
        ok(await call('search_panes', { pattern: 'SOAK-MARK' }), 'search_panes');
        return 1;
      case 9: {
        // Validation errors are answers too.
        const r = await call('capture_pane', { pane_id: pane, max_lines: 0 });
        if (!r.isError) throw new Error('max_lines 0 accepted');
        return 1;
      }
      case 10:
        ok(await call('capture_since', { pane_id: pane }), 'capture_since');
        return 1;
      case 11:
        ok(
          await call('call_readonly_tools_batch', {
            operations: [
              { tool: 'list_windows', arguments: {} },
              { tool: 'get_server_info', arguments: {} },
            ],
          }),
          'batch',
        );
        return 1;
      default:
        ok(await call('list_windows', {}), 'list_windows');
        return 1;
    }
  }

  let runQueue: Promise<unknown> = Promise.resolve();
  function runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    const p = runQueue.then(fn, fn);
    runQueue = p.catch(() => undefined);
    return p;
  }

  function sample(pid: number, calls: number, seconds: number): Sample {
    const kids = descendants(pid);
    return {
      calls,
      seconds: Math.round(seconds * 10) / 10,
      rssKb: rssKb(pid),
      fds: fdCount(pid),
      children: kids.length,
      waitFor: waitForChildren(pid, tmux.socket).length,
      buffers: tmux.ourBuffers().length,
      runOptions: tmux.runOptions().length,
    };
  }

  it('keeps RSS, fds, children, buffers and pane options flat from the first to the last quarter', async () => {
    const pid = transport.pid!;
    const samples: Sample[] = [];
    const t0 = performance.now();
    let done = 0;
    let unit = 0;
    for (let q = 1; q <= 4; q++) {
      const target = (CALLS * q) / 4;
      const workers = Array.from({ length: CONCURRENCY }, async () => {
        while (done < target) {
          const i = unit++;
          const n = await work(i); // not `done += await …`: that reads `done` before the await
          done += n;
        }
      });
      await Promise.all(workers);
      // Quiescent point: nothing in flight; wait-for children of finished waits are gone.
      await until(() => waitForChildren(pid, tmux.socket).length === 0, 'wait-for children gone');
      samples.push(sample(pid, done, (performance.now() - t0) / 1000));
    }
    const [first, , , last] = samples;
    const summary = {
      engine: ENGINE,
      calls: done,
      concurrency: CONCURRENCY,
      seconds: last.seconds,
      callsPerSecond: Math.round(done / last.seconds),
      samples,
      deltaFirstToLast: {
        rssKb: last.rssKb - first.rssKb,
        fds: last.fds - first.fds,
        children: last.children - first.children,
        buffers: last.buffers - first.buffers,
        runOptions: last.runOptions - first.runOptions,
      },
    };
    writeFileSync(join(tmpdir(), `tmux-mcp-soak-${ENGINE}.json`), JSON.stringify(summary, null, 2));
    process.stdout.write(`soak summary: ${JSON.stringify(summary)}\n`);

    expect(done).toBeGreaterThanOrEqual(CALLS);
    expect(last.rssKb - first.rssKb).toBeLessThan(RSS_GROWTH_KB);
    expect(last.fds).toBeLessThanOrEqual(first.fds);
    expect(last.children).toBeLessThanOrEqual(first.children);
    expect(last.waitFor).toBe(0);
    expect(last.buffers).toBe(0);
    expect(first.buffers).toBe(0);
    expect(last.runOptions).toBe(0);
  });
});
