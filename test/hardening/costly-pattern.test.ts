import { HardenedTmux } from '../helpers/hardening-tmux';
import { McpHarness, type CallResult } from '../helpers/mcp-harness';

/**
 * A caller's pattern can never stall the server (docs/reference/tools.md#pattern-budget): `(a+)+$`
 * against 30 `a`s and a non-`a` backtracks exponentially in V8 (seconds to minutes), so every
 * caller pattern runs in the pattern worker within a budget. The costly call ends with the
 * expected too-costly error naming the pattern, and a call sent beside it answers first.
 * No timing is asserted: only which call answered first, and what the costly one said.
 */

const A30 = 'a'.repeat(30);

describe('a costly pattern neither stalls the server nor other calls', () => {
  const tmux = new HardenedTmux();
  let h: McpHarness;
  let pane: string;

  beforeAll(async () => {
    tmux.start('main');
    // A session whose name the filter's pattern backtracks on.
    tmux.session(`${A30}b`);
    pane = tmux.firstPane('main');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'mutating' } });
    // The pane shows 30 a's and a '!' (typed by the server: the wait below counts it as new output).
    await h.ok('send_keys', { pane_id: pane, keys: `printf '%s!\\n' ${A30}` });
    const shown = tmux.tmuxAsync('wait-for', 'costly-shown');
    tmux.tmux('send-keys', '-t', pane, `tmux -L ${tmux.socket} wait-for -S costly-shown`, 'Enter');
    await shown;
  });
  afterAll(async () => {
    await h.close();
    tmux.cleanup();
  });

  /** Runs `costly` and a cheap call beside it; returns both results and which answered first. */
  async function beside(costly: () => Promise<CallResult>): Promise<{ first: string; costly: CallResult }> {
    const order: string[] = [];
    const c = costly().then((r) => (order.push('costly'), r));
    const cheap = h.call('list_sessions', {}).then((r) => (order.push('cheap'), r));
    const [r, q] = await Promise.all([c, cheap]);
    expect(q.isError).toBeFalsy();
    return { first: order[0], costly: r };
  }

  function expectTooCostly(r: CallResult, pattern: string): void {
    expect(r.isError).toBe(true);
    expect(r._meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    const text = r.content[0].text ?? '';
    expect(text).toContain(`Pattern '${pattern}' is too costly`);
    expect(r._meta?.suggestion).toMatch(/\(a\+\)\+/);
  }

  it('search_panes (regex) answers with the too-costly error, after a call sent beside it', async () => {
    const { first, costly } = await beside(() => h.call('search_panes', { pattern: '(a+)+$', regex: true }));
    expectTooCostly(costly, '(a+)+$');
    expect(first).toBe('cheap');
  }, 60_000);

  it.each([
    ['list_sessions', {}],
    ['list_windows', { session_name: `${A30}b` }],
    ['list_panes', { session_name: `${A30}b` }],
  ])(
    '%s with a __regex filter answers with the too-costly error, after a call sent beside it',
    async (tool, args) => {
      const { first, costly } = await beside(() => h.call(tool, { ...args, filters: { session_name__regex: '^(a+)+$' } }));
      expectTooCostly(costly, '^(a+)+$');
      expect(first).toBe('cheap');
    },
    60_000,
  );

  it('wait_for_text: a costly pattern checked against the screen at entry', async () => {
    const { first, costly } = await beside(() => h.call('wait_for_text', { pane_id: pane, patterns: ['(a+)+$'], regex: true, timeout: 3 }));
    expectTooCostly(costly, '(a+)+$');
    expect(first).toBe('cheap');
  }, 60_000);

  it('wait_for_text: a costly stop pattern checked against new output', async () => {
    // Typed by the server: everything it prints is new output for the next wait.
    await h.ok('send_keys', { pane_id: pane, keys: `printf '%s!\\n' ${A30}` });
    const { first, costly } = await beside(() =>
      h.call('wait_for_text', { pane_id: pane, patterns: ['NEVER-SHOWN'], stop: ['(a+)+$'], regex: true, timeout: 3 }),
    );
    expectTooCostly(costly, '(a+)+$');
    expect(first).toBe('cheap');
  }, 60_000);

  it('the pattern is named through the safe repr (control characters escaped, at most 200 code points)', async () => {
    const pattern = `(a+)+$\u0001${'x?'.repeat(150)}`;
    const r = await h.call('search_panes', { pattern, regex: true });
    expect(r.isError).toBe(true);
    const text = r.content[0].text ?? '';
    expect(text).toContain("Pattern '(a+)+$\\x01x?x?");
    expect(text).toContain("...' is too costly");
    expect(text).not.toContain('\u0001');
  }, 60_000);

  it('an ordinary pattern still matches (literal and regex)', async () => {
    const lit = await h.ok<{ matches: { pane_id: string }[] }>('search_panes', { pattern: `${A30}!` });
    expect(lit.matches.map((m) => m.pane_id)).toContain(pane);
    const re = await h.ok<{ matches: { pane_id: string }[] }>('search_panes', { pattern: 'a{30}!$', regex: true });
    expect(re.matches.map((m) => m.pane_id)).toContain(pane);
    const s = await h.ok<{ result: { session_name: string }[] }>('list_sessions', { filters: { session_name__regex: '^a+b$' } });
    expect(JSON.stringify(s)).toContain(`${A30}b`);
  });
});
