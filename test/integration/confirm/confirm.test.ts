import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Param } from '../../../src/framework/decorators/param.decorator';
import { Tool } from '../../../src/framework/decorators/tool.decorator';
import { definePlugin } from '../../../src/framework/plugins/plugin';
import { TOOL_CLASSES } from '../../../src/framework/tokens';
import { Person } from '../../helpers/elicitation';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { socketPathOf } from '../../helpers/tmux-sockets';

/**
 * A human in the loop (docs/reference/safety.md#confirmation), through the real SDK client with an
 * elicitation handler, on a private tmux server: a call of a tier TMUX_MCP_CONFIRM names asks the
 * user first, says what it will do to what, and acts only on accept.
 */

const auditDir = mkdtempSync(join(tmpdir(), 'tmux-mcp-confirm-'));
afterAll(() => rmSync(auditDir, { recursive: true, force: true }));
let audits = 0;
/** The audit records of one file, parsed. */
const recordsOf = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const sessions = (tmux: TmuxFixture): string[] => {
  try {
    return tmux.tmux('list-sessions', '-F', '#{session_name}').split('\n').filter(Boolean);
  } catch {
    return [];
  }
};

describe('TMUX_MCP_CONFIRM=destructive', () => {
  const tmux = new TmuxFixture();
  const person = new Person();
  const audit = join(auditDir, `audit-${++audits}.jsonl`);
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('main');
    h = await McpHarness.start({
      socket: tmux.socket,
      config: { safety: 'destructive', confirm: 'destructive', auditLog: audit },
      clientName: 'confirm-client',
      ...person.options(),
    });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });
  beforeEach(() => {
    person.questions.length = 0;
    person.answer = 'accept';
  });

  /** A session 'build' of 2 windows and 3 panes running sleep and cat. */
  const build = (name = 'build') => {
    tmux.tmux('new-session', '-d', '-s', name, '-x', '80', '-y', '24', 'sleep 3001');
    tmux.tmux('split-window', '-t', `${name}:0`, 'cat');
    tmux.tmux('new-window', '-t', name, 'sh');
  };

  it('asks before kill_session, naming the session, its windows, panes and what runs there; accept kills it', async () => {
    build();
    const r = await h.call('kill_session', { session_name: 'build' });
    expect(r.isError).toBeFalsy();
    expect(person.questions).toHaveLength(1);
    const q = person.questions[0];
    expect(q).toMatch(/^Kill session 'build': 2 windows, 3 panes \(running: [^)]*\)\?$/);
    expect(q).toContain('sleep');
    expect(q).toContain('cat');
    expect(q).not.toMatch(/running: [^)]*\bsh\b/);
    expect(sessions(tmux)).not.toContain('build');
    expect(recordsOf(audit).at(-1)).toMatchObject({ tool: 'kill_session', outcome: 'ok', confirmed: true });
  });

  it.each(['decline', 'cancel'] as const)('%s: the expected error "The user declined: …", nothing is done', async (answer) => {
    build();
    person.answer = answer;
    const r = await h.err('kill_session', { session_name: 'build' });
    expect(r.text).toMatch(/^The user declined: Kill session 'build': 2 windows, 3 panes/);
    expect(r.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    expect(sessions(tmux)).toContain('build');
    const rec = recordsOf(audit).at(-1)!;
    expect(rec).toMatchObject({ tool: 'kill_session', outcome: 'error', confirmed: false });
    expect(JSON.stringify(rec)).not.toContain(answer);
    tmux.tmux('kill-session', '-t', 'build');
  });

  it('kill_window and kill_pane ask with their target and proceed only on accept', async () => {
    build();
    const [w0, w1] = tmux.tmux('list-windows', '-t', 'build', '-F', '#{window_id}').split('\n');
    const pane = tmux.tmux('list-panes', '-t', w0, '-F', '#{pane_id} #{pane_current_command}').split('\n')[1].split(' ')[0];
    person.answer = 'decline';
    expect((await h.err('kill_window', { window_id: w1 })).text).toMatch(
      /^The user declined: Kill window 1 '[^']*' of session 'build': 1 pane/,
    );
    // The window's name follows its active pane (tmux's automatic-rename): any name.
    expect((await h.err('kill_pane', { pane_id: pane })).text).toMatch(
      new RegExp(`^The user declined: Kill pane ${pane} \\(session 'build', window 0 '[^']*', running: cat\\)$`),
    );
    expect(tmux.tmux('list-panes', '-s', '-t', 'build', '-F', '#{pane_id}').split('\n')).toHaveLength(3);
    person.answer = 'accept';
    await h.ok('kill_pane', { pane_id: pane });
    await h.ok('kill_window', { window_id: w1 });
    expect(tmux.tmux('list-panes', '-s', '-t', 'build', '-F', '#{pane_id}').split('\n')).toHaveLength(1);
    expect(person.questions).toHaveLength(4);
    tmux.tmux('kill-session', '-t', 'build');
  });

  it('a target that does not exist fails as it would without confirmation, and asks nothing', async () => {
    const r = await h.err('kill_session', { session_name: 'nope' });
    expect(r.meta).toMatchObject({ error_type: 'TmuxObjectDoesNotExist' });
    expect(person.questions).toEqual([]);
  });

  it('mutating and readonly calls ask nothing', async () => {
    await h.ok('rename_window', { session_name: 'main', new_name: 'renamed' });
    await h.ok('list_sessions');
    expect(person.questions).toEqual([]);
    expect(recordsOf(audit).at(-1)).not.toHaveProperty('confirmed');
  });

  it('a destructive batch asks once, listing only the operations that ask; declined, no operation runs', async () => {
    build('b1');
    build('b2');
    const paneOf = (s: string) => tmux.tmux('list-panes', '-t', `${s}:0`, '-F', '#{pane_id}').split('\n')[0];
    const operations = [
      { tool: 'list_sessions', arguments: {} },
      { tool: 'kill_session', arguments: { session_name: 'b1' } },
      { tool: 'rename_session', arguments: { session_name: 'main', new_name: 'main2' } },
      { tool: 'kill_pane', arguments: { pane_id: paneOf('b2') } },
    ];
    person.answer = 'decline';
    const r = await h.err('call_destructive_tools_batch', { operations });
    expect(person.questions).toHaveLength(1);
    const lines = person.questions[0].split('\n');
    expect(lines[0]).toBe('Run this batch of 4 operations? These need your answer:');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^2\. Kill session 'b1': 2 windows, 3 panes/),
      expect.stringMatching(new RegExp(`^4\\. Kill pane ${paneOf('b2')} \\(session 'b2'`)),
    ]);
    expect(r.text).toMatch(/^The user declined: Run this batch/);
    expect(sessions(tmux).sort()).toEqual(['b1', 'b2', 'main']);

    person.answer = 'accept';
    person.questions.length = 0;
    const ok = await h.ok<{ succeeded: number }>('call_destructive_tools_batch', { operations });
    expect(ok.succeeded).toBe(4);
    expect(person.questions).toHaveLength(1);
    expect(sessions(tmux).sort()).toEqual(['b2', 'main2']);
    const recs = recordsOf(audit).slice(-5);
    expect(recs.map((x) => [x.tool, x.confirmed])).toEqual([
      ['list_sessions', undefined],
      ['kill_session', true],
      ['rename_session', undefined],
      ['kill_pane', true],
      ['call_destructive_tools_batch', true],
    ]);
    tmux.tmux('rename-session', '-t', 'main2', 'main');
    tmux.tmux('kill-session', '-t', 'b2');
  });

  it('a batch whose operations ask nothing asks nothing', async () => {
    await h.ok('call_destructive_tools_batch', { operations: [{ tool: 'list_sessions', arguments: {} }] });
    expect(person.questions).toEqual([]);
  });

  it('a call cancelled while its question is open withdraws the question, and nothing is done', async () => {
    build();
    person.answer = 'never';
    const ac = new AbortController();
    person.onQuestion = () => ac.abort();
    await expect(h.call('kill_session', { session_name: 'build' }, { signal: ac.signal })).rejects.toThrow();
    person.onQuestion = null;
    await person.withdrawn;
    await h.ok('list_sessions');
    expect(sessions(tmux)).toContain('build');
    tmux.tmux('kill-session', '-t', 'build');
  });

  it('kill_server asks with the server and everything on it', async () => {
    const other = new TmuxFixture();
    other.start('lone');
    try {
      person.answer = 'decline';
      const r = await h.err('kill_server', { socket_name: other.socket });
      expect(r.text).toBe(
        `The user declined: Kill the tmux server '${other.socket}': 1 session, 1 window, 1 pane (only shells at their prompt)`,
      );
      expect(sessions(other)).toEqual(['lone']);
      person.answer = 'accept';
      await h.ok('kill_server', { socket_name: other.socket });
      expect(sessions(other)).toEqual([]);
    } finally {
      other.kill();
    }
  });
});

describe('no answer within TMUX_MCP_CONFIRM_TIMEOUT', () => {
  const tmux = new TmuxFixture();
  const person = new Person();
  let h: McpHarness;
  beforeAll(async () => {
    tmux.start('main');
    tmux.newSession('build');
    h = await McpHarness.start({
      socket: tmux.socket,
      config: { safety: 'destructive', confirm: 'destructive', confirmTimeout: 1 },
      ...person.options(),
    });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('the question is withdrawn and the call fails with "did not answer within N s"; nothing is done', async () => {
    // A first question answered: the SDK client ignores the cancellation of a request whose id is
    // 0 (its `_oncancel` tests `!requestId`), and the server's first request has id 0.
    person.answer = 'decline';
    await h.err('kill_session', { session_name: 'build' });
    person.answer = 'never';
    const r = await h.err('kill_session', { session_name: 'build' });
    expect(r.text).toMatch(/^The user did not answer within 1 s: Kill session 'build'/);
    expect(r.meta).toMatchObject({ expected: true });
    await person.withdrawn;
    expect(sessions(tmux)).toContain('build');
  });
});

describe('a client without the elicitation capability', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  beforeAll(async () => {
    tmux.start('main');
    tmux.newSession('build');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'destructive', confirm: 'destructive' }, clientName: 'plain' });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('is refused with an expected error naming the setting and what it lacks; never proceeds unasked', async () => {
    const r = await h.err('kill_session', { session_name: 'build' });
    expect(r.text).toMatch(
      /^TMUX_MCP_CONFIRM=destructive asks the user before this call, and the client \(plain 1\.0\.0\) did not declare the elicitation capability; nothing was done\./,
    );
    expect(r.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    expect(sessions(tmux)).toContain('build');
    // Calls that ask nothing go on as usual.
    await h.ok('rename_session', { session_name: 'build', new_name: 'build2' });
  });
});

describe('TMUX_MCP_CONFIRM=mutating', () => {
  const tmux = new TmuxFixture();
  const person = new Person();
  let h: McpHarness;
  let pane: string;
  beforeAll(async () => {
    tmux.start('main');
    pane = tmux.tmux('list-panes', '-t', 'main', '-F', '#{pane_id}');
    // A fixed name: automatic-rename can leave the window called 'tmux' (the server's fork before
    // it became sh) on a loaded machine, and these questions quote the window's name.
    tmux.tmux('rename-window', '-t', 'main:0', 'sh');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'destructive', confirm: 'mutating' }, ...person.options() });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });
  beforeEach(() => {
    person.questions.length = 0;
    person.answer = 'accept';
  });

  it('run_command shows the command and the pane', async () => {
    const r = await h.ok<{ exit_status: number }>('run_command', { command: 'echo confirm-ran', pane_id: pane, timeout: 10 });
    expect(r.exit_status).toBe(0);
    expect(person.questions).toEqual([`Run 'echo confirm-ran' in pane ${pane} (session 'main', window 0 'sh', running: sh)?`]);
  });

  it('send_keys declined types nothing; the keys through the safe repr, cut to 200 characters', async () => {
    person.answer = 'decline';
    const keys = `echo never-typed\t${'x'.repeat(300)}`;
    const r = await h.err('send_keys', { keys, pane_id: pane });
    expect(r.text).toBe(
      `The user declined: Send keys 'echo never-typed\\t${'x'.repeat(183)}...' and Enter to pane ${pane} (session 'main', window 0 'sh', running: sh)`,
    );
    expect(tmux.tmux('capture-pane', '-p', '-t', pane)).not.toContain('never-typed');
  });

  it('a tool without its own description names its target; readonly calls ask nothing', async () => {
    await h.ok('rename_window', { session_name: 'main', new_name: 'w' });
    expect(person.questions).toEqual([
      expect.stringMatching(/^Call mutating tool 'rename_window' with .*new_name='w'.*, on window 0 '[^']*' of session 'main'\?$/),
    ]);
    person.questions.length = 0;
    await h.ok('list_panes', {});
    expect(person.questions).toEqual([]);
  });

  it('a mutating batch asks once for its mutating operations', async () => {
    await h.ok('call_mutating_tools_batch', {
      operations: [
        { tool: 'set_pane_title', arguments: { pane_id: pane, title: 'one' } },
        { tool: 'list_sessions', arguments: {} },
        { tool: 'set_pane_title', arguments: { pane_id: pane, title: 'two' } },
      ],
    });
    expect(person.questions).toHaveLength(1);
    expect(person.questions[0].split('\n')).toHaveLength(3);
    expect(tmux.tmux('display-message', '-p', '-t', pane, '#{pane_title}')).toBe('two');
  });
});

describe('confirmation within the safety tier', () => {
  const tmux = new TmuxFixture();
  const person = new Person();
  let h: McpHarness;
  beforeAll(async () => {
    tmux.start('main');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'mutating', confirm: 'destructive' }, ...person.options() });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('a tool the tier hides stays hidden and refused, and nobody is asked', async () => {
    const names = (await h.client.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('kill_session');
    const r = await h.err('kill_session', { session_name: 'main' });
    expect(r.text).toMatch(/not available at the current safety level \(mutating\)/);
    expect(person.questions).toEqual([]);
  });
});

describe('off by default', () => {
  const tmux = new TmuxFixture();
  const person = new Person();
  let h: McpHarness;
  beforeAll(async () => {
    tmux.start('main');
    tmux.newSession('build');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'destructive' }, ...person.options() });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('kill_session acts at once, nobody is asked, and no confirmation layer is in the onion', async () => {
    expect(h.app.config.confirm).toBe('off');
    await h.ok('kill_session', { session_name: 'build' });
    expect(person.questions).toEqual([]);
    expect(sessions(tmux)).toEqual(['main']);
  });
});

class TargetInput {
  @Param({ type: 'string' }) target!: string;
}

@Tool('destructive', { title: 'Plain Nuke' })
class PlainNukeTool {
  static toolName = 'plugin_nuke';
  static description = 'Destructive plugin tool without a description of its calls.';
  static Input = TargetInput;
  static Output = String;
  async execute(input: TargetInput): Promise<string> {
    return `nuked ${input.target}`;
  }
}

@Tool('destructive', { title: 'Described Nuke' })
class DescribedNukeTool {
  static toolName = 'plugin_described_nuke';
  static description = 'Destructive plugin tool that describes its calls.';
  static Input = TargetInput;
  static Output = String;
  async describeCall(input: TargetInput): Promise<string> {
    return `Erase the warehouse of ${input.target}`;
  }
  async execute(input: TargetInput): Promise<string> {
    return `nuked ${input.target}`;
  }
}

describe("a plugin's destructive tools", () => {
  const person = new Person();
  let h: McpHarness;
  beforeAll(async () => {
    h = await McpHarness.start({
      socket: 'tmux-mcp-test-unused-confirm',
      config: { safety: 'destructive', confirm: 'destructive' },
      plugins: [
        definePlugin({
          name: 'nukes',
          register(c) {
            c.register(TOOL_CLASSES, { useValue: PlainNukeTool });
            c.register(TOOL_CLASSES, { useValue: DescribedNukeTool });
          },
        }),
      ],
      ...person.options(),
    });
  });
  afterAll(() => h.close());

  it('without a description: a generic sentence naming the tool and its target (safe repr)', async () => {
    person.answer = 'decline';
    const r = await h.err('plugin_nuke', { target: 'a\nb' });
    expect(person.questions).toEqual(["Call destructive tool 'plugin_nuke' with target='a\\nb'?"]);
    expect(r.text).toBe("The user declined: Call destructive tool 'plugin_nuke' with target='a\\nb'");
  });

  it('with its own describeCall: its words; accept runs it', async () => {
    person.answer = 'accept';
    person.questions.length = 0;
    expect(await h.ok('plugin_described_nuke', { target: 'x' })).toEqual({ result: 'nuked x' });
    expect(person.questions).toEqual(['Erase the warehouse of x?']);
  });
});

describe('self-kill guards refuse before anyone is asked', () => {
  const tmux = new TmuxFixture();
  const person = new Person();
  let h: McpHarness;
  let pane: string;
  beforeAll(async () => {
    tmux.start('main');
    pane = tmux.tmux('list-panes', '-t', 'main', '-F', '#{pane_id}');
    h = await McpHarness.start({
      socket: tmux.socket,
      config: { safety: 'destructive', confirm: 'destructive', tmuxEnv: `${socketPathOf(tmux.socket)},12345,$0`, tmuxPane: pane },
      ...person.options(),
    });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('kill_pane, kill_session and kill_server of the caller: the refusal, and no question', async () => {
    expect((await h.err('kill_pane', { pane_id: pane })).text).toMatch(/^Refusing to kill the pane running this MCP server/);
    expect((await h.err('kill_session', { session_name: 'main' })).text).toMatch(
      /^Refusing to kill the session containing this MCP server's pane/,
    );
    expect((await h.err('kill_server', {})).text).toMatch(/^Refusing to kill the tmux server while this MCP server is running inside it/);
    expect(person.questions).toEqual([]);
    expect(sessions(tmux)).toEqual(['main']);
  });
});
