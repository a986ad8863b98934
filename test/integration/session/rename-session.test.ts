import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

describe('rename_session', () => {
  const tmux = new TmuxFixture();
  const scratch = mkdtempSync(join(tmpdir(), 'tmux-mcp-test-rs-'));
  let h: McpHarness;
  let aId: string;
  let bId: string;
  // tmux lists sessions sorted by name.
  const names = () => tmux.tmux('list-sessions', '-F', '#{session_name}').split('\n');

  beforeAll(async () => {
    tmux.start('a');
    aId = tmux.tmux('display-message', '-p', '-t', 'a', '#{session_id}');
    bId = tmux.newSession('b');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('renames by name and returns the fresh session', async () => {
    const s = await h.ok('rename_session', { session_name: 'a', new_name: 'renamed' });
    expect(s).toMatchObject({ session_id: aId, session_name: 'renamed', window_count: 1, session_attached: 0 });
    expect(s.active_pane_id).toMatch(/^%\d+$/);
    expect(names()).toEqual(['b', 'renamed']);
  });

  it('renames by id (id wins) and defaults to the first session', async () => {
    expect((await h.ok('rename_session', { session_id: bId, session_name: 'renamed', new_name: 'bee' })).session_id).toBe(bId);
    // Neither given: the first session in list-sessions order (sorted by name: 'bee').
    expect((await h.ok('rename_session', { new_name: 'bee2' })).session_id).toBe(bId);
    expect((await h.ok('rename_session', { session_id: aId, new_name: 'first' })).session_name).toBe('first');
    expect((await h.ok('rename_session', { session_id: bId, new_name: 'bee' })).session_name).toBe('bee');
    expect(names()).toEqual(['bee', 'first']);
  });

  it('accepts renaming a session to its own name', async () => {
    expect((await h.ok('rename_session', { session_id: bId, new_name: 'bee' })).session_name).toBe('bee');
  });

  it.each([
    ['', 'Bad session name: empty'],
    ['x.y', 'Bad session name: contains periods (session name: x.y)'],
    ['x:y', 'Bad session name: contains colons (session name: x:y)'],
  ])('rejects %j like create_session does, before tmux sees it', async (name, text) => {
    const e = await h.err('rename_session', { session_id: bId, new_name: name });
    expect(e.text).toBe(text);
    expect(e.meta).toMatchObject({ error_type: 'BadSessionName', expected: true });
    expect(names()).toEqual(['bee', 'first']);
  });

  it("refuses another session's name", async () => {
    const e = await h.err('rename_session', { session_id: bId, new_name: 'first' });
    expect(e.text).toBe('Session named first exists');
    expect(e.meta).toMatchObject({ error_type: 'TmuxSessionExists', expected: true });
  });

  it('keeps # literal and reports what tmux stores for $ (docs/reference/tools.md#names-and-escaping, docs/reference/tools.md#session-names)', async () => {
    const marker = join(scratch, 'ran');
    const name = `n#(touch ${marker})#{session_id}`;
    expect((await h.ok('rename_session', { session_id: bId, new_name: name })).session_name).toBe(name);
    expect(existsSync(marker)).toBe(false);
    expect((await h.ok('rename_session', { session_id: bId, new_name: 'pay$USER' })).session_name).toBe('pay\\$USER');
    expect((await h.ok('get_session_info', { session_name: 'pay$USER' })).session_id).toBe(bId);
    expect((await h.err('rename_session', { session_id: aId, new_name: 'pay$USER' })).text).toBe('Session named pay$USER exists');
  });

  it("takes a name starting with '-' as the name, not as a flag (docs/reference/tools.md#names-and-escaping)", async () => {
    expect((await h.ok('rename_session', { session_id: bId, new_name: '-dash' })).session_name).toBe('-dash');
    expect(tmux.tmux('display-message', '-p', '-t', bId, '#{session_name}')).toBe('-dash');
    expect((await h.ok('rename_session', { session_id: bId, new_name: '--' })).session_name).toBe('--');
    expect((await h.ok('rename_session', { session_id: bId, new_name: 'bee' })).session_name).toBe('bee');
  });

  it('requires new_name and rejects control characters', async () => {
    const e = await h.err('rename_session', { session_id: bId });
    expect(e.text).toContain('new_name\n  Field required [type=missing]');
    expect((await h.err('rename_session', { new_name: 'a\tb' })).meta).toMatchObject({ error_type: 'ValidationError' });
  });

  it('answers an unknown session with the not-found error', async () => {
    expect((await h.err('rename_session', { session_name: 'ghost', new_name: 'x' })).text).toMatch(
      /^Object not found: Could not find session_name=ghost for list-sessions(\n|$)/,
    );
  });
});
