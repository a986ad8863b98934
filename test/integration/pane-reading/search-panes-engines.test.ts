import { compilePattern } from '../../../src/services/search-pattern';
import { TmuxServerPool } from '../../../src/services/tmux-server-pool.service';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { newPane, runAndSee, until } from './reading-helpers';

interface Match {
  pane_id: string;
  matched_lines: string[];
}
interface Result {
  matches: Match[];
  total_panes_matched: number;
}
type Args = { pattern: string; regex?: boolean; match_case?: boolean; content_start?: number; content_end?: number };

/**
 * search_panes on both engines against an oracle that captures every pane itself and matches in
 * JavaScript: tmux's prefilter may only skip panes that cannot match
 * (docs/reference/tools.md#search-prefilter), and the subprocess engine batches its captures
 * (docs/reference/engine.md#command-batches).
 */
describe('search_panes: same answers on both engines, few processes on the subprocess one', () => {
  const tmux = new TmuxFixture();
  let control: McpHarness;
  let exec: McpHarness;

  beforeAll(async () => {
    tmux.start('eng');
    tmux.tmux('set-option', '-g', 'automatic-rename', 'off');
    control = await McpHarness.start({ socket: tmux.socket, config: { engine: 'control' } });
    exec = await McpHarness.start({ socket: tmux.socket, config: { engine: 'exec' } });
    // Octal escapes: the typed command lines never contain the text they print.
    const specials = await newPane(tmux, 'eng');
    await runAndSee(tmux, specials, "printf 'x a*b?c[d] y\\n\\043{pane_id} }{ \\043{session_name}\\n'");
    const mixed = await newPane(tmux, 'eng');
    await runAndSee(tmux, mixed, "printf 'Mixed CASE Text-42\\n'");
    const history = await newPane(tmux, 'eng');
    await runAndSee(tmux, history, "printf 'deep-hist-\\155arker\\n'; seq 1 60");
    const wide = await newPane(tmux, 'eng');
    // 中文字符 wide-漢字 end; then the Kelvin sign and the long s, which fold to k and s.
    await runAndSee(
      tmux,
      wide,
      "printf '\\344\\270\\255\\346\\226\\207\\345\\255\\227\\347\\254\\246 wide-\\346\\274\\242\\345\\255\\227 end\\n\\342\\204\\252elvin \\305\\277top\\n'",
    );
    // A 20-column pane: the text wraps, and the pattern spans the row boundary.
    const narrow = tmux.tmux('split-window', '-h', '-d', '-l', '20', '-t', wide, '-P', '-F', '#{pane_id}', "env PS1='$ ' sh");
    await until('prompt', async () => (await tmux.tmuxAsync('capture-pane', '-p', '-t', narrow)).trim() !== '');
    await runAndSee(tmux, narrow, "printf 'wwwwwwwwwwwwwwwwW\\122AP-ACROSS-ROWSvvvv\\n'");
  });
  afterAll(async () => {
    await control.close();
    await exec.close();
    tmux.kill();
  });

  /** Every pane captured and matched here: what a search without a prefilter finds. */
  async function oracle(a: Args): Promise<Match[]> {
    const cp = compilePattern(a.pattern, a.regex ?? false, a.match_case ?? false);
    const re = new RegExp(cp.source, cp.flags);
    const ids = [...new Set(tmux.tmux('list-panes', '-a', '-F', '#{pane_id}').split('\n'))];
    const out: Match[] = [];
    for (const id of ids) {
      const range = [
        ...(a.content_start !== undefined ? ['-S', String(a.content_start)] : []),
        ...(a.content_end !== undefined ? ['-E', String(a.content_end)] : []),
      ];
      const lines = (await tmux.tmuxAsync('capture-pane', '-p', '-J', '-t', id, ...range)).split('\n');
      const matched = lines.filter((l) => re.test(l));
      if (matched.length) out.push({ pane_id: id, matched_lines: matched });
    }
    return out.sort((x, y) => Number(x.pane_id.slice(1)) - Number(y.pane_id.slice(1)));
  }

  const cases: Args[] = [
    { pattern: 'a*b?c[d]' },
    { pattern: 'A*B?C[D]' },
    { pattern: 'A*B?C[D]', match_case: true },
    { pattern: '*b?c[' },
    { pattern: '#{pane_id}' },
    { pattern: '}{' },
    { pattern: '#{session_name}', match_case: true },
    { pattern: 'mixed case' },
    { pattern: 'MIXED', match_case: true },
    { pattern: 'Mixed', match_case: true },
    { pattern: 'text-\\d+', regex: true },
    { pattern: '^mixed', regex: true },
    { pattern: 'CASE|pane_id', regex: true },
    { pattern: '[0-9]{2}$', regex: true },
    { pattern: 'deep-hist-marker' },
    { pattern: 'deep-hist-marker', content_start: -200 },
    { pattern: 'DEEP-hist', content_start: -200, content_end: -1 },
    { pattern: '中文' },
    { pattern: 'wide-漢字', match_case: true },
    { pattern: '漢字 end' },
    { pattern: 'wrap-across-rows' },
    { pattern: 'WRAP-ACROSS-ROWS', match_case: true },
    { pattern: 'P-ACROSS-ROWSv', regex: true, match_case: true },
    { pattern: 'kelvin' },
    { pattern: 'STOP' },
    { pattern: 'tmux-mcp-no-such-text' },
  ];

  it.each(cases)('%j', async (args) => {
    const want = await oracle(args);
    for (const h of [control, exec]) {
      const r = await h.ok<Result>('search_panes', { ...args, limit: null });
      expect(r.matches.map((m) => ({ pane_id: m.pane_id, matched_lines: m.matched_lines }))).toEqual(want);
    }
  });

  it('finds what only the joined capture, case folding or the history show', async () => {
    // The oracle agreeing is not enough if it finds nothing: these patterns must match.
    for (const pattern of ['wrap-across-rows', 'kelvin', 'STOP', '漢字 end', '#{pane_id}', 'a*b?c[d]'])
      expect((await exec.ok<Result>('search_panes', { pattern })).total_panes_matched).toBe(1);
    expect((await exec.ok<Result>('search_panes', { pattern: 'deep-hist-marker', content_start: -200 })).total_panes_matched).toBe(1);
  });

  it('searches 60 panes in a few tmux processes on the subprocess engine', async () => {
    const sid = tmux.newSession('many');
    for (let w = 0; w < 6; w++) {
      const args = w === 0 ? [] : ['new-window', '-d', '-t', 'many:', 'cat', ';'];
      for (let i = 0; i < 9; i++)
        args.push('split-window', '-d', '-t', 'many:$', 'cat', ';', 'select-layout', '-t', 'many:$', 'tiled', ';');
      tmux.tmux(...args.slice(0, -1));
    }
    tmux.tmux('respawn-pane', '-k', '-t', 'many:0.0', 'cat');
    const paneCount = tmux.tmux('list-panes', '-s', '-t', sid, '-F', '#{pane_id}').split('\n').length;
    expect(paneCount).toBe(60);

    const engine = exec.app.container.resolve(TmuxServerPool).engine();
    expect(engine.mode).toBe('exec');
    const run = jest.spyOn(engine.runner, 'run');
    try {
      const processes = async (args: Args) => {
        run.mockClear();
        await exec.ok<Result>('search_panes', { session_id: sid, ...args });
        return run.mock.calls.length;
      };
      // Ruled out by tmux: the listing alone (and the session lookup).
      expect(await processes({ pattern: 'tmux-mcp-no-such-text' })).toBeLessThanOrEqual(3);
      // No prefilter possible (no literal run): every pane captured, 50 to a process.
      expect(await processes({ pattern: '.', regex: true })).toBeLessThanOrEqual(5);
      // The history: every pane captured, 16 to a process (60 processes before batching).
      expect(await processes({ pattern: 'zz', content_start: -10 })).toBeLessThanOrEqual(8);
    } finally {
      run.mockRestore();
      tmux.tmux('kill-session', '-t', sid);
    }
  });
});
