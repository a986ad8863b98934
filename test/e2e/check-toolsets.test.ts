import { TOOLSET_NAMES, TOOLSETS } from '../../src/tools/toolsets';
import { checkSection, minimalEnv, runCli } from '../helpers/cli-process';
import { TmuxFixture } from '../helpers/tmux-fixture';

const section = checkSection;

const num = (s: string) => Number(s.replace(/,/g, ''));

describe('toolsets through the CLI (docs/reference/configuration.md#toolsets)', () => {
  const tmux = new TmuxFixture();
  beforeAll(() => tmux.start('tsc'));
  afterAll(() => tmux.kill());

  it('--check lists every toolset with its tools and their tokens, and the total of the selection', async () => {
    const r = await runCli(['--check', '--toolsets', 'core,buffer'], minimalEnv({ TMUX_MCP_SOCKET: tmux.socket }));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(section(r.stdout, 'Settings')).toContain('toolsets | core, buffer | (--toolsets)');
    expect(section(r.stdout, 'Tools')).toEqual(['19 tools | 10 readonly, 9 mutating, 0 destructive; 19 visible at tier mutating']);

    const rows = section(r.stdout, 'Toolsets');
    // Set rows ("name | N tools, T tokens…") and, under each, its tools with their tokens ("a 12, b 340").
    const sets = rows.filter((x) => x.includes(' | '));
    expect(sets.map((x) => x.split(' | ')[0])).toEqual([
      ...TOOLSET_NAMES.map((n) => (n === 'core' || n === 'buffer' ? `${n} *` : n)),
      'selected',
    ]);
    const perTool = new Map<string, number>();
    for (const m of rows
      .filter((x) => !x.includes(' | '))
      .join(', ')
      .matchAll(/(\w+) ([\d,]+)/g))
      perTool.set(m[1], num(m[2]));
    for (const name of [...TOOLSETS.core, ...TOOLSETS.buffer]) expect(perTool.get(name)).toBeGreaterThan(20);

    const core = sets.find((x) => x.startsWith('core *'))!;
    const [, count, tokens] = /^core \* \| (\d+) tools, ([\d,]+) tokens$/.exec(core)!;
    expect(Number(count)).toBe(TOOLSETS.core.length);
    expect(num(tokens)).toBe(TOOLSETS.core.reduce((s, n) => s + perTool.get(n)!, 0));
    const selected = /^selected \| core, buffer: 19 tools, ([\d,]+) tokens \(what tools\/list shows at tier mutating\)$/.exec(sets.at(-1)!);
    const union = [...new Set([...TOOLSETS.core, ...TOOLSETS.buffer])];
    expect(num(selected![1])).toBe(union.reduce((s, n) => s + perTool.get(n)!, 0));
    // Off-tier members are named, not counted.
    expect(sets.find((x) => x.startsWith('server |'))).toMatch(/; not listed here: .*kill_server/);
  });

  it('an unknown toolset fails the start: exit 1, one line naming it and the known sets', async () => {
    const r = await runCli(['--toolsets', 'core,panes'], minimalEnv({ TMUX_MCP_SOCKET: tmux.socket }));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `tmux-mcp: --toolsets: unknown toolset 'panes'; known toolsets: ${TOOLSET_NAMES.join(', ')}; run \`tmux-mcp --check\` for details\n`,
    );
    const env = await runCli([], minimalEnv({ TMUX_MCP_SOCKET: tmux.socket, TMUX_MCP_TOOLSETS: 'al' }));
    expect(env.code).toBe(1);
    expect(env.stderr).toMatch(/^tmux-mcp: TMUX_MCP_TOOLSETS: unknown toolset 'al'; known toolsets: all, core, /);
  });
});
