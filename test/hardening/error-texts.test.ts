import { execFileSync } from 'node:child_process';
import { minimalEnv, RawServer } from '../helpers/cli-process';
import { until } from '../helpers/hardening-proc';
import { HardenedTmux } from '../helpers/hardening-tmux';
import { McpHarness } from '../helpers/mcp-harness';
import { TmuxFixture } from '../helpers/tmux-fixture';

/**
 * F9f, error texts say what happened once (docs/reference/errors.md#tmux-errors,
 * docs/reference/tools.md#no-server-running, docs/reference/tools.md#pane-resolution).
 */

/** A text whose first `Words: ` prefix comes again right after itself (`Pane not found: Pane not found: %9`). */
const REPEATED_PREFIX = /^([A-Z][A-Za-z ]*: )\1/;

type Schema = { properties?: Record<string, { type?: string | string[]; enum?: unknown[]; anyOf?: unknown[] }>; required?: string[] };

/** A value the schema accepts for a required argument (enough to reach target resolution). */
function sample(p: NonNullable<Schema['properties']>[string]): unknown {
  if (p.enum?.length) return p.enum[0];
  const t = Array.isArray(p.type) ? p.type[0] : p.type;
  if (t === 'boolean') return false;
  if (t === 'integer' || t === 'number') return 1;
  if (t === 'array') return ['x'];
  if (t === 'object') return {};
  return 'x';
}

describe('not-found texts never repeat their own prefix', () => {
  const tmux = new HardenedTmux();
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('main');
    // %1 exists, so `%01` could be read as it.
    tmux.tmux('new-window', '-d', '-t', 'main');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'destructive' } });
  });
  afterAll(async () => {
    await h.close();
    tmux.cleanup();
  });

  it('every tool, given a pane, window or session that does not exist', async () => {
    const { tools } = await h.client.listTools();
    const texts: string[] = [];
    for (const t of tools) {
      const schema = t.inputSchema as Schema;
      const props = schema.properties ?? {};
      const base: Record<string, unknown> = {};
      for (const r of schema.required ?? []) base[r] = sample(props[r]);
      for (const [key, value] of [
        ['pane_id', '%999999'],
        ['window_id', '@999999'],
        ['session_id', '$999999'],
        ['session_name', 'no-such-session'],
      ] as const) {
        if (!(key in props)) continue;
        const r = await h.call(t.name, { ...base, [key]: value });
        if (r.isError && r._meta?.error_type !== 'ValidationError') texts.push(`${t.name}: ${r.content[0].text ?? ''}`);
      }
    }
    const notFound = texts.filter((x) => /not found|Could not find/.test(x));
    // Most tools take a target: the sweep reached their not-found paths.
    expect(notFound.length).toBeGreaterThan(40);
    for (const x of texts) expect(x.slice(x.indexOf(': ') + 2)).not.toMatch(REPEATED_PREFIX);
  }, 120_000);

  it('a missing pane reads `Pane not found: %N` once', async () => {
    const e = await h.err('get_pane_info', { pane_id: '%999999' });
    expect(e.text).toBe('Pane not found: %999999\nCall list_panes to discover valid pane ids.');
    expect(e.meta).toMatchObject({ error_type: 'PaneNotFound', expected: true });
  });

  it('%01 is no pane anywhere, also while %1 exists (docs/reference/tools.md#pane-resolution)', async () => {
    expect(tmux.allPanes()).toContain('%1');
    for (const [tool, args] of [
      ['capture_pane', {}],
      ['get_pane_info', {}],
      ['snapshot_pane', {}],
      ['send_keys', { keys: 'x', enter: false }],
    ] as const) {
      const e = await h.err(tool, { ...args, pane_id: '%01' });
      expect(e.text.split('\n')[0]).toBe('Pane not found: %01');
    }
  });
});

describe('a call with no tmux server running says so', () => {
  const tmux = new TmuxFixture(); // never started: no server on its socket
  let h: McpHarness;
  beforeAll(async () => {
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it.each([
    ['run_command', { pane_id: '%0', command: 'true' }],
    ['capture_pane', { pane_id: '%0' }],
    ['get_pane_info', { pane_id: '%0' }],
  ])('%s', async (tool, args) => {
    const e = await h.err(tool, args);
    expect(e.text.split('\n')[0]).toBe(`No tmux server is running on socket '${tmux.socket}'.`);
    expect(e.meta).toMatchObject({ error_type: 'TmuxObjectDoesNotExist', expected: true });
  });
});

describe('cancellations and shutdown are told as what they are', () => {
  const tmux = new HardenedTmux();
  beforeAll(() => tmux.start('main'));
  afterAll(() => tmux.cleanup());

  it('a cancelled wait_for_channel is an expected cancellation, logged at warn without a stack', async () => {
    const logs: string[] = [];
    const h = await McpHarness.start({ socket: tmux.socket, logs });
    try {
      const ac = new AbortController();
      const progressed = new Promise<void>((resolve) => {
        void h
          .call('wait_for_channel', { channel: 'never-signalled', timeout: 30 }, { signal: ac.signal, onprogress: () => resolve() })
          .catch(() => undefined);
      });
      await progressed;
      ac.abort();
      await until(() => logs.some((l) => l.includes('Error in tools/call')), 'the cancelled call is logged');
      const line = logs.find((l) => l.includes('Error in tools/call')) ?? '';
      expect(line).toMatch(/^warn tmux_mcp\.errors: Error in tools\/call: ExpectedToolError: wait_for_channel was cancelled/);
      expect(logs.join('')).not.toContain('AbortError');
    } finally {
      await h.close();
    }
  }, 60_000);

  it('at stdin EOF, a line disarmed before its shell read it "did not start and will not run"', async () => {
    // A shell that reads nothing for 30 s: the typed line waits in the terminal.
    const pane = tmux.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', '-t', 'main', `sh -c 'sleep 30; exec sh'`).trim();
    const s = new RawServer(['--socket-name', tmux.socket], minimalEnv());
    await s.initialize();
    void s.request('tools/call', { name: 'run_command', arguments: { pane_id: pane, command: 'true', timeout: 25 } });
    // The run is claimed and typed: its marks are on the pane.
    await until(
      () => /@[kqsbe]_/.test(execFileSync('tmux', ['-L', tmux.socket, 'show-options', '-p', '-t', pane], { encoding: 'utf8' })),
      'run typed',
    );
    s.proc.stdin.end();
    await s.exited;
    expect(s.stderr).toContain(`the command did not start in pane ${pane} and will not run`);
    expect(s.stderr).not.toContain('keeps running');
    tmux.tmux('kill-pane', '-t', pane);
  }, 60_000);
});
