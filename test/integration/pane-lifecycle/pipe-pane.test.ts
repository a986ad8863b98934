import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { until } from '../../helpers/poll';

describe('pipe_pane', () => {
  const tmux = new TmuxFixture();
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tmux-mcp-pipe-')));
  const marker = join(dir, 'MARKER');
  let h: McpHarness;
  let n = 0;
  const fmt = (p: string, f: string) => tmux.tmux('display-message', '-p', '-t', p, f);
  const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : '');
  const newPane = () => tmux.tmux('new-window', '-d', '-t', 'pp:', '-P', '-F', '#{pane_id}', 'sh');

  /** Pipes a fresh pane to `path`, prints a token, and waits until the token lands in the file. */
  async function pipeAndPrint(path: string, append = true): Promise<{ pane: string; text: string; content: string }> {
    const pane = newPane();
    const token = `tok${++n}x`;
    const { result } = await h.ok<{ result: string }>('pipe_pane', { pane_id: pane, output_path: path, append });
    await until(
      () => fmt(pane, '#{pane_pipe}'),
      (v) => v === '1',
      'pipe open',
    );
    // Split so the echoed command line itself does not contain the token.
    tmux.tmux('send-keys', '-t', pane, `echo ${token.slice(0, 3)}""${token.slice(3)}`, 'Enter');
    const content = await until(
      () => read(path),
      (s) => s.includes(token),
      `token in ${JSON.stringify(path)}`,
    );
    await h.ok('pipe_pane', { pane_id: pane });
    return { pane, text: result, content };
  }

  beforeAll(async () => {
    // pipe-pane's `sh -c` and tmux format jobs inherit the tmux server's environment (and its
    // working directory, which is not ours to litter): payloads touch "${MCP_PIPE_MARKER:?}".
    // (Started by hand only to pass that environment; the socket is still the fixture's own.)
    execFileSync('tmux', ['-u', '-L', tmux.socket, '-f', '/dev/null', 'new-session', '-d', '-s', 'pp', '-x', '80', '-y', '24', 'sh'], {
      env: { ...process.env, MCP_PIPE_MARKER: marker },
    });
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("says where its command runs: on the pane's host (docs/reference/tools.md#host)", async () => {
    const { tools } = await h.client.listTools();
    // The short schema carries it on output_path (docs/reference/protocol.md#schemas).
    const pipe = tools.find((t) => t.name === 'pipe_pane')!;
    const outputPath = (pipe.inputSchema.properties as Record<string, { description?: string }>).output_path;
    expect(outputPath.description).toContain("on the pane's machine");
  });

  it("with hosts configured, its description says the file is written on the pane's host (docs/reference/tools.md#host)", async () => {
    // A destination that is never reached: listing the tools connects to no host.
    const remote = await McpHarness.start({ socket: tmux.socket, config: { hosts: ['known.invalid'] } });
    try {
      const pipe = (await remote.client.listTools()).tools.find((t) => t.name === 'pipe_pane')!;
      expect(Object.keys(pipe.inputSchema.properties ?? {})).toContain('host');
      expect(pipe.description).toMatch(/to a file on the pane's host\b/);
    } finally {
      await remote.close();
    }
  });

  it('pipes output to a file and confirms; null stops piping', async () => {
    const path = join(dir, 'plain.log');
    const pane = newPane();
    const r = await h.call('pipe_pane', { pane_id: pane, output_path: path });
    expect(r.content).toEqual([{ type: 'text', text: `Piping pane ${pane} to ${path}` }]);
    expect(fmt(pane, '#{pane_pipe}')).toBe('1');
    tmux.tmux('send-keys', '-t', pane, 'echo one""two', 'Enter');
    await until(
      () => read(path),
      (s) => s.includes('onetwo'),
      'output piped',
    );
    const stop = await h.ok<{ result: string }>('pipe_pane', { pane_id: pane, output_path: null });
    expect(stop.result).toBe(`Piping stopped for pane ${pane}`);
    expect(fmt(pane, '#{pane_pipe}')).toBe('0');
    expect((await h.ok<{ result: string }>('pipe_pane', { pane_id: pane })).result).toBe(`Piping stopped for pane ${pane}`);
  });

  it('appends by default and truncates with append=false', async () => {
    const path = join(dir, 'modes.log');
    writeFileSync(path, 'OLD-CONTENT\n');
    const a = await pipeAndPrint(path);
    expect(a.content.startsWith('OLD-CONTENT\n')).toBe(true);
    const b = await pipeAndPrint(path, false);
    expect(b.content).not.toContain('OLD-CONTENT');
    expect(b.content).not.toContain(`tok${n - 1}x`);
  });

  it('uses the pane fallback (first pane of the session)', async () => {
    const first = tmux.tmux('display-message', '-p', '-t', 'pp:0', '#{pane_id}');
    const path = join(dir, 'fallback.log');
    expect((await h.ok<{ result: string }>('pipe_pane', { session_name: 'pp', output_path: path })).result).toBe(
      `Piping pane ${first} to ${path}`,
    );
    expect((await h.ok<{ result: string }>('pipe_pane', { session_name: 'pp' })).result).toBe(`Piping stopped for pane ${first}`);
  });

  it('rejects a blank path and unknown panes', async () => {
    for (const output_path of ['', '   ', '\t']) {
      const e = await h.err('pipe_pane', { output_path });
      expect(e.text).toBe('output_path must be a non-empty path, or None to stop piping.');
      expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    }
    const e = await h.err('pipe_pane', { pane_id: '%9999', output_path: join(dir, 'x') });
    expect(e.meta).toMatchObject({ error_type: 'PaneNotFound' });
  });

  it('positive control: unescaped, the same payloads WOULD run (so the marker checks below mean something)', async () => {
    const pane = newPane();
    // Sent through a control client that stays attached until both markers exist: tmux runs a
    // `#()` format job under the client that issued the command and kills it when that client
    // goes, so a one-shot `tmux pipe-pane` client can race its own job (seen: `.job` missing).
    // The server's engine is such a long-lived client too, which is what makes this the control.
    const ctl = spawn('tmux', ['-u', '-L', tmux.socket, '-f', '/dev/null', '-C', 'attach-session', '-t', 'pp'], {
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    try {
      ctl.stdin.write(`pipe-pane -t ${pane} 'true "$(touch "\${MCP_PIPE_MARKER:?}.sh")" #(touch "\${MCP_PIPE_MARKER:?}.job")'\n`);
      await until(
        () => existsSync(`${marker}.sh`) && existsSync(`${marker}.job`),
        (v) => v,
        'control markers',
      );
    } finally {
      ctl.kill();
    }
    tmux.tmux('pipe-pane', '-t', pane);
    rmSync(`${marker}.sh`);
    rmSync(`${marker}.job`);
  });

  // Each name must come out as exactly one file with exactly that name, and nothing must run.
  const hostile = [
    'with space.log',
    "single'quote.log",
    'double"quote.log',
    'dollar$HOME.log',
    'sub$(touch "${MCP_PIPE_MARKER:?}").log',
    'tick`touch "${MCP_PIPE_MARKER:?}"`.log',
    'semi\'; touch "${MCP_PIPE_MARKER:?}"; echo \'.log',
    "q'\\''$(touch \"${MCP_PIPE_MARKER:?}\")'.log",
    'semi; touch "${MCP_PIPE_MARKER:?}".log',
    'pct%Y%m%d%%.log',
    'hash#{pane_id}##x.log',
    'job#(touch "${MCP_PIPE_MARKER:?}").log',
    'style#[fg=red]##[x.log',
    'trail#',
    'back\\slash\\n.log',
    '-dash.log',
    'ünï ✓.log',
    'new\nline.log',
  ];

  it.each(hostile)('writes exactly to %j and runs nothing', async (name) => {
    const path = join(dir, 'h', `${hostile.indexOf(name)}`, name);
    mkdirSync(join(dir, 'h', `${hostile.indexOf(name)}`), { recursive: true });
    const { text } = await pipeAndPrint(path);
    expect(text).toBe(`Piping pane ${text.split(' ')[2]} to ${path}`);
    // The file exists under its literal name and is the only entry: no expansion changed the name.
    expect(readdirSync(join(dir, 'h', `${hostile.indexOf(name)}`))).toEqual([name]);
    // Command substitution would have run before the redirection opened the file.
    expect(existsSync(marker)).toBe(false);
  });

  it('the same holds with append=false', async () => {
    const sub = join(dir, 'trunc');
    mkdirSync(sub);
    const name = 'a\'$(touch "${MCP_PIPE_MARKER:?}")#(touch "${MCP_PIPE_MARKER:?}")%H;b';
    await pipeAndPrint(join(sub, name), false);
    expect(readdirSync(sub)).toEqual([name]);
    expect(existsSync(marker)).toBe(false);
  });
});
