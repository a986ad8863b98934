import { McpHarness } from '../../helpers/mcp-harness';

describe('prompts (docs/reference/resources-and-prompts.md#prompts)', () => {
  let h: McpHarness;

  // Rendering needs no tmux server; a socket name keeps any stray call off the default socket.
  beforeAll(async () => {
    h = await McpHarness.start({ socket: 'tmux-mcp-test-prompts-none' });
  });
  afterAll(async () => {
    await h.close();
  });

  const text = async (name: string, args: Record<string, string>) => {
    const r = await h.client.getPrompt({ name, arguments: args });
    expect(r.messages).toHaveLength(1);
    expect(r.messages[0].role).toBe('user');
    const c = r.messages[0].content as { type: string; text: string };
    expect(c.type).toBe('text');
    return c.text;
  };
  const rejection = (name: string, args?: Record<string, string>) =>
    h.client.getPrompt({ name, arguments: args }).then(
      () => {
        throw new Error('unexpectedly rendered');
      },
      (e: { code: number; message: string }) => e,
    );

  it('lists the four prompts with their arguments', async () => {
    const { prompts } = await h.client.listPrompts();
    expect(prompts.map((p) => [p.name, p.arguments!.map((a) => `${a.name}${a.required ? '' : '?'}`)])).toEqual([
      ['run_and_wait', ['command', 'pane_id', 'timeout?']],
      ['diagnose_failing_pane', ['pane_id']],
      ['build_dev_workspace', ['session_name', 'log_command?']],
      ['interrupt_gracefully', ['pane_id']],
    ]);
    for (const p of prompts) {
      expect(p.description).toEqual(expect.any(String));
      expect(p.title).toEqual(expect.any(String));
    }
    expect(h.client.getServerCapabilities()?.prompts).toBeDefined();
  });

  it('run_and_wait renders a run_command call with Python-repr values and shortest numbers', async () => {
    const t = await text('run_and_wait', { command: 'pytest -q', pane_id: '%1' });
    expect(t).toContain('tmux pane %1');
    expect(t).toContain("result = run_command(\n    pane_id='%1',\n    command='pytest -q',\n    timeout=60,\n    max_lines=100,\n)");
    for (const word of [
      'result.state',
      'result.exit_status',
      'result.output',
      'wait_for_run(run_id=result.run_id)',
      "result.state == 'waiting_for_input'",
      'result.effective_timeout',
      '(30 s)',
      '`send_keys`',
      '`send_keys_batch`',
      '`capture_since`',
    ])
      expect(t).toContain(word);
    for (const banned of ['wait_for_channel', 'send_keys(', 'capture_pane(', 'suppress_history', 'may be recorded'])
      expect(t).not.toContain(banned);
    expect(await text('run_and_wait', { command: 'ls', pane_id: '%12', timeout: '0.5' })).toContain('    timeout=0.5,\n');
    expect(await text('run_and_wait', { command: 'ls', pane_id: '%12', timeout: '5.0' })).toContain('    timeout=5,\n');
    expect(await text('run_and_wait', { command: "echo 'hi'", pane_id: '%1' })).toContain(`command="echo 'hi'",`);
  });

  it('run_and_wait warns for multi-line commands and turns suppress_history off', async () => {
    for (const command of ['make\nmake test', 'a\rb']) {
      const t = await text('run_and_wait', { command, pane_id: '%3', timeout: '10' });
      const repr = command.includes('\n') ? "'make\\nmake test'" : "'a\\rb'";
      expect(t).toContain(`    command=${repr},\n    suppress_history=False,\n    timeout=10,\n    max_lines=100,\n)`);
      expect(t).toMatch(/\n\n[^\n]*may be recorded by the shell\./);
      expect(t).not.toContain('wait_for_channel');
    }
  });

  it('run_and_wait names the configured wait ceiling', async () => {
    const h2 = await McpHarness.start({ socket: 'tmux-mcp-test-prompts-none', config: { waitMaxSeconds: 7.5 } });
    try {
      const r = await h2.client.getPrompt({ name: 'run_and_wait', arguments: { command: 'x', pane_id: '%1' } });
      expect((r.messages[0].content as { text: string }).text).toContain('(7.5 s)');
    } finally {
      await h2.close();
    }
  });

  it('diagnose_failing_pane: snapshot, max_lines=None, capture_since cursor, plan without executing', async () => {
    const t = await text('diagnose_failing_pane', { pane_id: '%7' });
    expect(t).toContain('tmux pane %7');
    expect(t).toContain("`snapshot_pane(pane_id='%7')`");
    expect(t).toContain('`max_lines=None`');
    expect(t).toContain("`capture_since(pane_id='%7')`");
    expect(t).toContain('`capture_since(cursor=...)`');
    expect(t).toContain('last command');
    expect(t).toContain('hypothesis');
    expect(t).toContain('Do NOT');
  });

  it('build_dev_workspace: create, split below and right, vim and the log command, optional wait, pane ids', async () => {
    const t = await text('build_dev_workspace', { session_name: 'dev' });
    expect(t).toContain("`create_session(session_name='dev')`");
    expect(t).toContain("`split_window(pane_id='%A', direction='below')`");
    expect(t).toContain("`split_window(pane_id='%B', direction='right')`");
    expect(t).toContain("`send_keys(pane_id='%A', keys='vim')`");
    expect(t).toContain("`send_keys(pane_id='%C', keys='watch -n 1 date')`");
    expect(t).toContain("`wait_for_text(pane_id='%A', patterns=null, timeout=3.0)`");
    expect(t).toContain('active_pane_id');
    expect(t).toMatch(/pane ids stay\s+stable/);
    const custom = await text('build_dev_workspace', { session_name: "it's", log_command: 'tail -f /var/log/syslog' });
    expect(custom).toContain(`create_session(session_name="it's")`);
    expect(custom).toContain("keys='tail -f /var/log/syslog'");
  });

  it('interrupt_gracefully: pane info, C-c without Enter, prompt wait with no stop list, no escalation', async () => {
    const t = await text('interrupt_gracefully', { pane_id: '%4' });
    expect(t).toContain("`get_pane_info(pane_id='%4')`");
    expect(t).toContain('pane_current_command');
    expect(t).toContain(`send_keys(pane_id='%4', keys="C-c", literal=False, enter=False)`);
    expect(t).toMatch(/`wait_for_text\(pane_id='%4', patterns=\[[^\]]+\], regex=True, timeout=5\.0\)`/);
    expect(t).not.toContain('stop=');
    expect(t).toContain('do not stop on `^C`');
    expect(t).toContain('`C-\\` (SIGQUIT)');
    expect(t).toContain('kill');
    expect(t.split('get_pane_info').length - 1).toBe(2);
  });

  it('bad requests are JSON-RPC -32602 (docs/reference/resources-and-prompts.md#prompt-errors) and never echo raw control characters', async () => {
    const cases: [string, Record<string, string> | undefined, string][] = [
      ['nope', {}, "Unknown prompt: 'nope'"],
      ['run_and_wait', { command: 'ls' }, "Missing required argument(s) for prompt 'run_and_wait': pane_id"],
      ['diagnose_failing_pane', undefined, "Missing required argument(s) for prompt 'diagnose_failing_pane': pane_id"],
      ['diagnose_failing_pane', { pane_id: '%1', extra: 'x' }, "Unknown argument(s) for prompt 'diagnose_failing_pane': extra"],
      ['run_and_wait', { command: 'ls', pane_id: '%1', timeout: 'soon' }, 'timeout must be a positive number of seconds'],
      ['interrupt_gracefully', { pane_id: '%1\nrm -rf /' }, "pane_id must look like '%1'. Prompt text"],
      ['build_dev_workspace', { session_name: 'a.b' }, "session_name may not be empty or contain control characters, ':' or '.'."],
    ];
    for (const [name, args, msg] of cases) {
      const e = await rejection(name, args);
      expect(e.code).toBe(-32602);
      expect(e.message).toContain(msg);
      expect(e.message).not.toContain('\n');
    }
  });
});
