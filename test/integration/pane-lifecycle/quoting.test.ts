import { paneAtCorner } from '../../../src/tools/pane/lifecycle/corner';
import { pipeCommand } from '../../../src/tools/pane/lifecycle/pipe-pane.tool';
import { escapeFormat, escapeFormatTime, shellQuote } from '../../../src/services/tmux-escape';

describe('tmux quoting helpers (docs/reference/tools.md#names-and-escaping, docs/reference/tools.md#pipe_pane)', () => {
  it('doubles every run of # unless a [ follows it', () => {
    expect(escapeFormat('a#b')).toBe('a##b');
    expect(escapeFormat('##{x}')).toBe('####{x}');
    expect(escapeFormat('#(id)')).toBe('##(id)');
    expect(escapeFormat('#[fg=red]')).toBe('#[fg=red]');
    expect(escapeFormat('a##[b#')).toBe('a##[b##');
    expect(escapeFormat('plain')).toBe('plain');
  });

  it('also doubles % for strftime', () => {
    expect(escapeFormatTime('%Y #x %%')).toBe('%%Y ##x %%%%');
  });

  it('single-quotes for sh like shlex.quote', () => {
    expect(shellQuote('/tmp/a.log')).toBe('/tmp/a.log');
    expect(shellQuote("a b'c")).toBe(`'a b'"'"'c'`);
    expect(shellQuote('')).toBe("''");
    expect(pipeCommand('/tmp/x y', true)).toBe("cat >> '/tmp/x y'");
    expect(pipeCommand('/tmp/%d#', false)).toBe("cat > '/tmp/%%d##'");
  });
});

describe('paneAtCorner (docs/reference/tools.md#find_pane_by_position)', () => {
  const row = (id: string, l: number, t: number, r: number, b: number, at: string, active = '0') => ({
    pane_id: id,
    pane_left: String(l),
    pane_top: String(t),
    pane_right: String(r),
    pane_bottom: String(b),
    pane_at_left: at[0],
    pane_at_top: at[1],
    pane_at_right: at[2],
    pane_at_bottom: at[3],
    pane_active: active,
  });

  it('picks the qualifying pane nearest the requested corner', () => {
    // Synthetic geometry where several panes carry both flags (possible with custom layouts).
    const rows = [row('%1', 0, 0, 40, 10, '1111'), row('%2', 2, 3, 79, 23, '1111'), row('%3', 0, 1, 78, 23, '1111')];
    expect(paneAtCorner(rows, 'top-left')?.pane_id).toBe('%1'); // left+top: 0 < 1 < 5
    expect(paneAtCorner(rows, 'bottom-right')?.pane_id).toBe('%2'); // right+bottom: 102 > 101 > 50
    expect(paneAtCorner(rows, 'top-right')?.pane_id).toBe('%3'); // right-top: 77 > 76 > 40
    expect(paneAtCorner(rows, 'bottom-left')?.pane_id).toBe('%3'); // bottom-left: 23 > 21 > 10
  });

  it('breaks ties with the active pane, then list order; none qualifies → undefined', () => {
    const rows = [row('%1', 0, 0, 39, 23, '1101'), row('%2', 0, 0, 79, 23, '1111', '1')];
    expect(paneAtCorner(rows, 'top-left')?.pane_id).toBe('%2');
    expect(paneAtCorner([row('%1', 0, 0, 39, 23, '1101')], 'top-right')).toBeUndefined();
  });
});
