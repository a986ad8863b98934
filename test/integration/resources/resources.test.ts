import { like } from '../../helpers/like';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

/** Polls tmux (bounded) until `cond` holds: synchronizes on tmux state, never on sleeps. */
async function until(cond: () => Promise<boolean>, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) if (await cond()) return;
  throw new Error('condition not reached');
}

const enc = (paneId: string) => paneId.replace('%', '%25');

type Row = Record<string, unknown>;
type SessionBody = Row & { session_id: string; session_name: string; windows: (Row & { window_index: number })[] };
type WindowBody = Row & { window_id: string; panes: Row[] };

describe('tmux:// resources (docs/reference/resources-and-prompts.md#resource-templates)', () => {
  const tmux = new TmuxFixture();
  const other = new TmuxFixture();
  let h: McpHarness;
  let panes: string[];
  let sessionId: string;

  beforeAll(async () => {
    tmux.start('alpha');
    tmux.tmux('new-window', '-t', 'alpha', 'sh');
    tmux.tmux('split-window', '-t', 'alpha:1', 'sh');
    tmux.newSession('my sess');
    other.start('elsewhere');
    panes = tmux.tmux('list-panes', '-a', '-F', '#{pane_id}').split('\n');
    sessionId = tmux.tmux('display-message', '-p', '-t', 'alpha', '#{session_id}');
    tmux.tmux('send-keys', '-t', panes[0], 'echo RES-MARK-$((6*7))', 'Enter');
    await until(async () => (await tmux.tmuxAsync('capture-pane', '-p', '-t', panes[0])).includes('RES-MARK-42'));
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
    other.kill();
  });

  const read = async (uri: string) => (await h.client.readResource({ uri })).contents[0] as { uri: string; mimeType: string; text: string };
  /** A JSON resource body; T says what the test expects to find (the shapes of docs/reference/resources-and-prompts.md). */
  const readJson = async <T>(uri: string): Promise<T> => {
    const c = await read(uri);
    expect(c.mimeType).toBe('application/json');
    const v = JSON.parse(c.text) as T;
    expect(c.text).toBe(JSON.stringify(v, null, 2)); // indent 2
    return v;
  };
  const rejection = async (uri: string) => {
    const e = await h.client.readResource({ uri }).then(
      () => undefined,
      (err: { code: number; message: string }) => err,
    );
    if (!e) throw new Error(`${uri} unexpectedly succeeded`);
    return e;
  };

  it('lists one static resource (the runs) and seven templates with names, titles and mime types', async () => {
    expect((await h.client.listResources()).resources.map((r) => [r.name, r.uri, r.title, r.mimeType])).toEqual([
      ['list_runs', 'tmux://runs', 'Runs', 'application/json'],
    ]);
    const { resourceTemplates } = await h.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => [t.name, t.uriTemplate, t.title, t.mimeType])).toEqual([
      ['get_sessions', 'tmux://sessions{?socket_name,host}', 'All Sessions', 'application/json'],
      ['get_session', 'tmux://sessions/{session_name}{?socket_name,host}', 'Session Detail', 'application/json'],
      ['get_session_windows', 'tmux://sessions/{session_name}/windows{?socket_name,host}', 'Session Windows', 'application/json'],
      ['get_window', 'tmux://sessions/{session_name}/windows/{window_index}{?socket_name,host}', 'Window Detail', 'application/json'],
      ['get_pane', 'tmux://panes/{pane_id}{?socket_name,host}', 'Pane Detail', 'application/json'],
      ['get_pane_content', 'tmux://panes/{pane_id}/content{?socket_name,host}', 'Pane Content', 'text/plain'],
      ['get_run', 'tmux://runs/{run_id}', 'Run', 'application/json'],
    ]);
    for (const t of resourceTemplates) expect(t.description).toEqual(expect.any(String));
  });

  it('tmux://sessions lists SessionInfo with typed fields (docs/reference/resources-and-prompts.md#resource-bodies); ?socket_name picks another server', async () => {
    const sessions = await readJson<SessionBody[]>('tmux://sessions');
    expect(sessions.map((s) => s.session_name)).toEqual(['alpha', 'my sess']);
    expect(sessions[0]).toMatchObject({
      session_id: sessionId,
      window_count: 2,
      session_attached: 0,
      active_pane_id: like.stringMatching(/^%\d+$/),
    });
    expect(Object.keys(sessions[0])).toEqual([
      'session_id',
      'session_name',
      'window_count',
      'session_attached',
      'session_created',
      'active_pane_id',
    ]);
    const elsewhere = await readJson<SessionBody[]>(`tmux://sessions?socket_name=${other.socket}`);
    expect(elsewhere.map((s) => s.session_name)).toEqual(['elsewhere']);
    // ?host=local is this machine, like no host at all.
    expect(await readJson<SessionBody[]>(`tmux://sessions?socket_name=${other.socket}&host=local`)).toEqual(elsewhere);
    // Unknown query keys are ignored; an empty socket_name means the default.
    expect((await readJson<Row[]>('tmux://sessions?foo=1&socket_name=')).length).toBe(2);
  });

  it('session detail and session windows look up by NAME (percent-decoded)', async () => {
    const s = await readJson<SessionBody>('tmux://sessions/alpha');
    expect(s.session_id).toBe(sessionId);
    expect(s.windows.map((w) => w.window_index)).toEqual([0, 1]);
    expect(s.windows[1]).toMatchObject({ session_name: 'alpha', pane_count: 2, window_active: like.any(Boolean) });
    const spaced = await readJson<SessionBody>('tmux://sessions/my%20sess');
    expect(spaced.session_name).toBe('my sess');
    const windows = await readJson<Row[]>(`tmux://sessions/alpha/windows?socket_name=${tmux.socket}`);
    expect(windows).toEqual(s.windows);
  });

  it('window detail looks up by INDEX and carries its panes', async () => {
    const w = await readJson<WindowBody>('tmux://sessions/alpha/windows/1');
    expect(w).toMatchObject({ window_index: 1, pane_count: 2, session_id: sessionId });
    expect(w.panes).toHaveLength(2);
    expect(w.panes[0]).toMatchObject({ window_id: w.window_id, pane_id: like.stringMatching(/^%\d+$/), is_caller: null });
    expect((await readJson<WindowBody>('tmux://sessions/alpha/windows/01')).window_id).toBe(w.window_id);
  });

  it('pane detail decodes %25 exactly once', async () => {
    const p = await readJson<Row>(`tmux://panes/${enc(panes[0])}`);
    expect(p).toMatchObject({ pane_id: panes[0], session_id: sessionId, pane_width: 80, is_caller: null });
    // %2525 decodes once to the literal text %25N, which is no pane id.
    const e = await rejection(`tmux://panes/%2525${panes[0].slice(1)}`);
    expect(e.code).toBe(-32002);
    expect(e.message).toContain(`Resource not found: Pane not found: %25${panes[0].slice(1)}`);
  });

  it('a raw % not followed by two hex digits stays literal', async () => {
    const single = panes.find((id) => /^%\d$/.test(id))!;
    expect((await readJson<Row>(`tmux://panes/${single}`)).pane_id).toBe(single);
  });

  it('pane content is the visible screen as text/plain, lines joined by newlines', async () => {
    const c = await read(`tmux://panes/${enc(panes[0])}/content`);
    expect(c.mimeType).toBe('text/plain');
    expect(c.uri).toBe(`tmux://panes/${enc(panes[0])}/content`);
    expect(c.text).toContain('RES-MARK-42');
    expect(c.text.endsWith('\n')).toBe(false);
    expect(c.text.split('\n').length).toBeLessThanOrEqual(24);
  });

  it('missing objects are JSON-RPC -32002 with a clean message (docs/reference/resources-and-prompts.md#resource-errors)', async () => {
    const cases: [string, string][] = [
      ['tmux://sessions/nope', 'Resource not found: Session not found: nope'],
      ['tmux://sessions/nope/windows', 'Resource not found: Session not found: nope'],
      ['tmux://sessions/nope/windows/0', 'Resource not found: Session not found: nope'],
      ['tmux://sessions/alpha/windows/9', 'Resource not found: Window not found: index 9'],
      ['tmux://panes/%25999', 'Resource not found: Pane not found: %999'],
      ['tmux://panes/%25999/content', 'Resource not found: Pane not found: %999'],
      [`tmux://sessions/alpha?socket_name=${other.socket}`, 'Resource not found: Session not found: alpha'],
    ];
    for (const [uri, msg] of cases) {
      const e = await rejection(uri);
      expect(e.code).toBe(-32002);
      expect(e.message).toBe(`MCP error -32002: ${msg}`);
      expect(e.message).not.toContain('Internal error');
    }
  });

  it('a URI matching no template is -32002 Unknown resource', async () => {
    for (const uri of ['tmux://bogus', 'tmux://sessions/', 'tmux://panes/%251/content/x', 'file:///etc/passwd']) {
      const e = await rejection(uri);
      expect(e.code).toBe(-32002);
      expect(e.message).toBe(`MCP error -32002: Resource not found: Unknown resource: '${uri}'`);
    }
  });

  it('control characters in names are escaped in error texts (docs/reference/resources-and-prompts.md#resource-errors)', async () => {
    const e = await rejection('tmux://sessions/a%0Ab');
    expect(e.message).toBe('MCP error -32002: Resource not found: Session not found: a\\nb');
  });
});
