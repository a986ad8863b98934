import { buildInstructions, INSTRUCTIONS_MAX_BYTES } from '../../../src/server/instructions';

const size = (s: string) => Buffer.byteLength(s, 'utf8');
const TIERS = ['readonly', 'mutating', 'destructive'] as const;

describe('server instructions (docs/reference/protocol.md#instructions)', () => {
  it.each(TIERS)('fit in 2048 bytes at tier %s, with and without a long TMUX_PANE context', (safety) => {
    for (const pane of [null, '%3', '%' + '9'.repeat(199)]) {
      const text = buildInstructions({ safety, suppressHistory: true, tmuxEnv: '/tmp/tmux-0/default,123,0', tmuxPane: pane });
      expect(size(text)).toBeLessThanOrEqual(INSTRUCTIONS_MAX_BYTES);
    }
  });

  it('keeps the required content and the wait-tool order', () => {
    const t = buildInstructions({ safety: 'mutating', suppressHistory: true, tmuxEnv: null, tmuxPane: null });
    for (const phrase of [
      'tmux MCP server',
      'Server > Session > Window > Pane',
      'TMUX_MCP_SOCKET',
      'TRIGGERS:',
      'ANTI-TRIGGERS:',
      'search_panes',
      'snapshot_pane',
      "WAIT, DON'T POLL",
      'HOOKS ARE READ-ONLY',
      'BUFFERS',
      'list_buffers',
      'Safety level: mutating',
      'TMUX_MCP_SAFETY',
      'suppress_history=true',
    ])
      expect(t).toContain(phrase);
    expect(t.indexOf('run_command')).toBeLessThan(t.indexOf('wait_for_channel'));
    expect(t.indexOf('wait_for_channel')).toBeLessThan(t.indexOf('wait_for_text'));
    expect(t).not.toContain('Readonly mode');
    expect(t).not.toContain('Agent context');
    expect(buildInstructions({ safety: 'readonly', suppressHistory: false, tmuxEnv: null, tmuxPane: null })).toContain(
      'Readonly mode: probe snapshot_pane/list_panes/search_panes if unsure.',
    );
  });

  it('adds the caller context, dropping the socket part and then the block when too long', () => {
    const short = buildInstructions({ safety: 'mutating', suppressHistory: true, tmuxEnv: '/tmp/tmux-0/work,1,0', tmuxPane: '%3' });
    expect(short).toContain('this MCP runs inside tmux pane %3 (socket work).');
    const long = buildInstructions({
      safety: 'destructive',
      suppressHistory: true,
      tmuxEnv: '/tmp/tmux-0/' + 'w'.repeat(400) + ',1,0',
      tmuxPane: '%3',
    });
    expect(long).toContain('this MCP runs inside tmux pane %3.');
    const hostile = buildInstructions({ safety: 'readonly', suppressHistory: true, tmuxEnv: null, tmuxPane: '%' + 'x'.repeat(3000) });
    expect(hostile).not.toContain('Agent context');
  });
});
