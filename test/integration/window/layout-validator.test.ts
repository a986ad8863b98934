import { BUILTIN_LAYOUTS, isValidLayout, layoutChecksum } from '../../../src/tools/window/layout-validator';

/** Prefixes a body with its tmux checksum, as tmux prints `#{window_layout}`. */
const withSum = (body: string) => `${layoutChecksum(body).toString(16).padStart(4, '0')},${body}`;

describe('layout validator (docs/reference/tools.md#select_layout)', () => {
  it('accepts exactly the preset names of tmux 3.3a', () => {
    expect(BUILTIN_LAYOUTS).toEqual(['even-horizontal', 'even-vertical', 'main-horizontal', 'main-vertical', 'tiled']);
    for (const l of BUILTIN_LAYOUTS) expect(isValidLayout(l)).toBe(true);
    for (const l of ['main-horizontal-mirrored', 'main-vertical-mirrored', 'even', 't', 'Tiled', ' tiled', 'tiled '])
      expect(isValidLayout(l)).toBe(false);
  });

  it('computes the checksum tmux prints', () => {
    // Both strings were printed by tmux 3.3a (`list-windows -F '#{window_layout}'`).
    expect(isValidLayout('4196,80x24,0,0[80x12,0,0,0,80x11,0,13,2]')).toBe(true);
    expect(isValidLayout('b25e,80x24,0,0,1')).toBe(true);
    expect(isValidLayout('bb62,159x48,0,0{79x48,0,0,79x48,80,0}')).toBe(false); // man page example: leaves without pane ids
  });

  it('accepts nested custom layouts of the emitted form', () => {
    expect(isValidLayout(withSum('80x24,0,0{40x24,0,0[40x12,0,0,1,40x11,0,13,2],39x24,41,0,3}'))).toBe(true);
  });

  it.each([
    ['qqq'],
    ['4196'],
    ['abcd,'],
    ['ABCD,80x24,0,0,0'], // tmux prints lowercase hex
    ['0000,80x24,0,0,0'], // wrong checksum
    [withSum('80x24,0,0')], // leaf without pane id
    [withSum('80x24,0,0,1,')], // trailing comma
    [withSum('80x24,0,0{40x24,0,0,1}')], // single child
    [withSum('80x24,0,0{40x24,0,0,1,39x24,41,0,2]')], // mismatched brackets
    [withSum('80x24,0,0{}')],
    [withSum('80x24,0,0,1;kill-server')],
    [withSum('123456x24,0,0,1')], // more digits than a tmux size has
    [withSum('80x24,0,0,1\n')],
    [''],
  ])('rejects %j', (layout) => {
    expect(isValidLayout(layout)).toBe(false);
  });

  it('bounds nesting depth', () => {
    let body = '1x1,0,0,1';
    for (let i = 0; i < 100; i++) body = `2x2,0,0{${body},1x1,0,0,${i + 2}}`;
    expect(isValidLayout(withSum(body))).toBe(false);
  });
});
