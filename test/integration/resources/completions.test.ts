import { completionResult } from '../../../src/framework/protocol/completions.handlers';
import { like } from '../../helpers/like';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

describe('completion/complete (docs/reference/resources-and-prompts.md#completions)', () => {
  const tmux = new TmuxFixture();
  const other = new TmuxFixture();
  let h: McpHarness;
  let panes: string[];

  beforeAll(async () => {
    tmux.start('alpha');
    tmux.tmux('new-window', '-t', 'alpha', 'sh');
    tmux.tmux('new-window', '-t', 'alpha', 'sh');
    tmux.newSession('alpine');
    tmux.newSession('beta');
    other.start('remote');
    other.newSession('rover');
    panes = tmux.tmux('list-panes', '-a', '-F', '#{pane_id}').split('\n');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
    other.kill();
  });

  const res = (uri: string, name: string, value: string, args?: Record<string, string>) =>
    h.client.complete({ ref: { type: 'ref/resource', uri }, argument: { name, value }, ...(args ? { context: { arguments: args } } : {}) });
  const prompt = (p: string, name: string, value: string, args?: Record<string, string>) =>
    h.client.complete({
      ref: { type: 'ref/prompt', name: p },
      argument: { name, value },
      ...(args ? { context: { arguments: args } } : {}),
    });

  it('declares the completions capability', () => {
    expect(h.client.getServerCapabilities()?.completions).toEqual({});
  });

  it('completes session names of resource templates, prefix-filtered', async () => {
    const r = await res('tmux://sessions/{session_name}{?socket_name,host}', 'session_name', 'al');
    expect(r.completion).toEqual({ values: ['alpha', 'alpine'], total: 2, hasMore: false });
    expect((await res('tmux://sessions/{session_name}/windows{?socket_name,host}', 'session_name', '')).completion.values).toEqual([
      'alpha',
      'alpine',
      'beta',
    ]);
  });

  it('reads socket_name from context.arguments', async () => {
    const r = await res('tmux://sessions/{session_name}{?socket_name,host}', 'session_name', 'r', { socket_name: other.socket });
    expect(r.completion.values).toEqual(['remote', 'rover']);
  });

  it("completes the host query variable ('local' first; no ssh hosts configured here) and reads host from context.arguments", async () => {
    expect((await res('tmux://sessions/{session_name}{?socket_name,host}', 'host', '')).completion.values).toEqual(['local']);
    const r = await res('tmux://sessions/{session_name}{?socket_name,host}', 'session_name', 'r', {
      socket_name: other.socket,
      host: 'local',
    });
    expect(r.completion.values).toEqual(['remote', 'rover']);
  });

  it('completes window indexes of the session named in the context', async () => {
    const uri = 'tmux://sessions/{session_name}/windows/{window_index}{?socket_name,host}';
    expect((await res(uri, 'window_index', '', { session_name: 'alpha' })).completion.values).toEqual(['0', '1', '2']);
    expect((await res(uri, 'window_index', '', { session_name: 'beta' })).completion.values).toEqual(['0']);
    expect((await res(uri, 'window_index', '2', { session_name: 'alpha' })).completion.values).toEqual(['2']);
    expect((await res(uri, 'window_index', '', { session_name: 'missing' })).completion.values).toEqual([]);
  });

  it('completes pane ids for the pane templates and prompt arguments', async () => {
    const all = (await res('tmux://panes/{pane_id}{?socket_name,host}', 'pane_id', '%')).completion.values;
    expect([...all].sort()).toEqual([...panes].sort());
    expect((await res('tmux://panes/{pane_id}/content{?socket_name,host}', 'pane_id', panes[0])).completion.values).toContain(panes[0]);
    expect((await prompt('run_and_wait', 'pane_id', '')).completion.values).toEqual(all);
    expect((await prompt('diagnose_failing_pane', 'pane_id', '%')).completion.values).toEqual(all);
    expect((await prompt('interrupt_gracefully', 'pane_id', 'x')).completion.values).toEqual([]);
    // Narrowed to one session when the context names it.
    const betaPane = tmux.tmux('list-panes', '-t', 'beta', '-F', '#{pane_id}');
    expect((await prompt('interrupt_gracefully', 'pane_id', '', { session_name: 'beta' })).completion.values).toEqual([betaPane]);
  });

  it('completes the session_name prompt argument; free-text arguments get nothing', async () => {
    expect((await prompt('build_dev_workspace', 'session_name', 'b')).completion.values).toEqual(['beta']);
    expect((await prompt('build_dev_workspace', 'log_command', '')).completion.values).toEqual([]);
    expect((await prompt('run_and_wait', 'command', '')).completion.values).toEqual([]);
  });

  it('a server that is not running completes to nothing', async () => {
    const r = await res('tmux://sessions/{session_name}{?socket_name,host}', 'session_name', '', { socket_name: `${tmux.socket}-none` });
    expect(r.completion).toEqual({ values: [], total: 0, hasMore: false });
  });

  it('unknown prompts and templates are -32602', async () => {
    await expect(prompt('nope', 'pane_id', '')).rejects.toMatchObject({
      code: -32602,
      message: like.stringContaining("Unknown prompt: 'nope'"),
    });
    await expect(res('tmux://nope/{x}', 'x', '')).rejects.toMatchObject({ code: -32602 });
  });

  it('caps answers at 100 values and reports the total', () => {
    const many = Array.from({ length: 150 }, (_, i) => `s${i}`);
    const r = completionResult(many, 's');
    expect(r.completion.values).toHaveLength(100);
    expect(r.completion).toMatchObject({ total: 150, hasMore: true });
    expect(completionResult(many, 's14').completion).toEqual({
      values: ['s14', 's140', 's141', 's142', 's143', 's144', 's145', 's146', 's147', 's148', 's149'],
      total: 11,
      hasMore: false,
    });
  });
});
