import { percentDecode, UriTemplate } from '../../../src/framework/protocol/uri-template';

describe('UriTemplate (docs/reference/resources-and-prompts.md#uri-matching)', () => {
  const pane = new UriTemplate('tmux://panes/{pane_id}{?socket_name}');
  const window = new UriTemplate('tmux://sessions/{session_name}/windows/{window_index}{?socket_name}');

  it('decodes path variables exactly once', () => {
    expect(pane.match('tmux://panes/%253')).toEqual({ pane_id: '%3' });
    expect(pane.match('tmux://panes/%25253')).toEqual({ pane_id: '%253' });
    expect(window.match('tmux://sessions/my%20s/windows/2')).toEqual({ session_name: 'my s', window_index: '2' });
  });

  it('leaves a % without two hex digits literal and reads bytes as UTF-8', () => {
    expect(percentDecode('%3')).toBe('%3');
    expect(percentDecode('%zz%4')).toBe('%zz%4');
    expect(percentDecode('%E2%9C%93')).toBe('✓');
    expect(percentDecode('a%FFb')).toBe('a\ufffdb');
    expect(percentDecode('%2F')).toBe('/');
  });

  it('the query is optional; unknown keys are ignored; the first value wins; empty means absent', () => {
    expect(pane.match('tmux://panes/%251?socket_name=s%2D1')).toEqual({ pane_id: '%1', socket_name: 's-1' });
    expect(pane.match('tmux://panes/%251?x=1&socket_name=a&socket_name=b')).toEqual({ pane_id: '%1', socket_name: 'a' });
    expect(pane.match('tmux://panes/%251?socket_name=')).toEqual({ pane_id: '%1' });
    expect(pane.variables).toEqual(['pane_id', 'socket_name']);
  });

  it('reads every variable of a multi-variable query (the templates end in {?socket_name,host}), in any order', () => {
    const t = new UriTemplate('tmux://panes/{pane_id}{?socket_name,host}');
    expect(t.variables).toEqual(['pane_id', 'socket_name', 'host']);
    expect(t.match('tmux://panes/%251')).toEqual({ pane_id: '%1' });
    expect(t.match('tmux://panes/%251?host=box&socket_name=s')).toEqual({ pane_id: '%1', socket_name: 's', host: 'box' });
    expect(t.match('tmux://panes/%251?host=user%40box')).toEqual({ pane_id: '%1', host: 'user@box' });
  });

  it('matches whole paths only', () => {
    expect(pane.match('tmux://panes/%251/content')).toBeUndefined();
    expect(pane.match('tmux://panes/')).toBeUndefined();
    expect(pane.match('xtmux://panes/%251')).toBeUndefined();
    expect(new UriTemplate('tmux://plain').match('tmux://plain?x=1')).toBeUndefined();
    expect(new UriTemplate('a.b://{x}').match('aXb://1')).toBeUndefined();
  });
});
