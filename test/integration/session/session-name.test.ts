import { checkSessionName } from '../../../src/tools/common/session-name';
import { tmuxStoredSessionName } from '../../../src/services/target-resolver.service';
import { TmuxFixture } from '../../helpers/tmux-fixture';

describe('session name rules against real tmux', () => {
  const tmux = new TmuxFixture();
  afterAll(() => tmux.kill());

  it('predicts the name tmux 3.3a stores (backslash doubled, $ before a letter/_/{ escaped)', () => {
    const names = ['x$1', 'x$_a', 'x${', 'x$$a', 'x$ ', '$a', 'a\\$b', 'é$é', 'a\\b', 'plain'];
    for (const n of names) {
      const id = tmux.tmux('new-session', '-d', '-P', '-F', '#{session_id}', '-s', n);
      expect([n, tmux.tmux('display-message', '-p', '-t', id, '#{session_name}')]).toEqual([n, tmuxStoredSessionName(n)]);
    }
  });

  it('refuses what tmux would silently rewrite', () => {
    expect(() => checkSessionName('a.b')).toThrow('Bad session name: contains periods (session name: a.b)');
    expect(() => checkSessionName('a:b')).toThrow('Bad session name: contains colons (session name: a:b)');
    expect(() => checkSessionName('')).toThrow('Bad session name: empty');
    expect(() => checkSessionName('ok-name')).not.toThrow();
  });
});
