import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { JOBS_REFUSED, REEXPAND_REFUSED } from '../../../src/tools/pane/io/format-guard';
import { capture, readyPane, until } from './pane-io-helpers';

const NOT_FOUND = 'Pane not found: %999999\nCall list_panes to discover valid pane ids.';

describe('paste_text, clear_pane, display_message', () => {
  const fx = new TmuxFixture();
  let h: McpHarness;
  const dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-io-test-'));
  const marker = join(dir, 'marker');

  beforeAll(async () => {
    fx.start('alpha');
    h = await McpHarness.start({ socket: fx.socket });
  });
  afterAll(async () => {
    await h.close();
    fx.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const lines = (pane: string) => capture(fx, pane).split('\n');
  const ourBuffers = () => {
    try {
      return fx
        .tmux('list-buffers', '-F', '#{buffer_name}')
        .split('\n')
        .filter((b) => b.startsWith('tmux_mcp_'));
    } catch {
      return [];
    }
  };

  describe('paste_text', () => {
    it('pastes through a private buffer it removes again; no Enter is pressed', async () => {
      const pane = await readyPane(fx);
      const r = await h.ok<{ result: string }>('paste_text', { text: 'echo pasted-héllo→✓ $((1+1))', pane_id: pane, bracket: false });
      expect(r.result).toBe(`Text pasted to pane ${pane}`);
      await until(() => lines(pane).some((l) => l.endsWith('echo pasted-héllo→✓ $((1+1))')), 'pasted text');
      expect(lines(pane)).not.toContain('pasted-héllo→✓ 2');
      await h.ok('send_keys', { keys: 'Enter', pane_id: pane, enter: false });
      await until(() => lines(pane).includes('pasted-héllo→✓ 2'), 'pasted command ran');
      expect(ourBuffers()).toEqual([]);
    });

    it('pastes multi-line text with bracketed paste (default) and text containing NUL', async () => {
      const pane = await readyPane(fx);
      await h.ok('paste_text', { text: 'echo multi-1\necho multi-2\n', pane_id: pane });
      // Both lines ran (the shell may print its next prompt before an output line: `$ multi-2`).
      const ran = (word: string) => lines(pane).some((l) => new RegExp(`^([$#] )?${word}$`).test(l));
      await until(() => ran('multi-1') && ran('multi-2'), 'multi-line paste ran');
      const nul = await h.ok<{ result: string }>('paste_text', { text: 'a\u0000b', pane_id: pane });
      expect(nul.result).toBe(`Text pasted to pane ${pane}`);
      expect(ourBuffers()).toEqual([]);
    });

    it('bracket=true pastes with bracketed-paste markers (paste-buffer -p), bracket=false without', async () => {
      // The program turns bracketed-paste mode on (tmux only sends the markers then) and shows
      // each line it receives, ESC as ^[ (tty echo off, so every line appears once).
      const pane = fx.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', `sh -c 'stty -echo; printf "\\033[?2004hREADY\\n"; exec cat -v'`);
      await until(() => lines(pane).includes('READY'), 'bracketed-paste mode on');
      await h.ok('paste_text', { text: 'plain-paste\n', pane_id: pane, bracket: false });
      await until(() => lines(pane).includes('plain-paste'), 'plain paste read');
      await h.ok('paste_text', { text: 'bracketed-paste\n', pane_id: pane });
      await until(() => lines(pane).includes('^[[200~bracketed-paste'), 'bracketed paste read');
      expect(ourBuffers()).toEqual([]);
    });

    it('reports a missing pane and leaves no buffer', async () => {
      expect((await h.err('paste_text', { text: 'x', pane_id: '%999999' })).text).toBe(NOT_FOUND);
      expect(ourBuffers()).toEqual([]);
    });
  });

  describe('clear_pane', () => {
    it('resets the terminal and drops the scrollback', async () => {
      const pane = await readyPane(fx);
      await h.ok('send_keys', { keys: 'seq 300', pane_id: pane });
      await until(
        () => Number(fx.tmux('display-message', '-p', '-t', pane, '#{history_size}')) > 0 && lines(pane).includes('300'),
        'history',
      );
      const r = await h.ok<{ result: string }>('clear_pane', { pane_id: pane });
      expect(r.result).toBe(`Pane cleared: ${pane}`);
      expect(fx.tmux('display-message', '-p', '-t', pane, '#{history_size}')).toBe('0');
      await until(() => !lines(pane).includes('300'), 'screen reset');
    });

    it('reports a missing pane', async () => {
      expect((await h.err('clear_pane', { pane_id: '%999999' })).text).toBe(NOT_FOUND);
    });
  });

  describe('display_message', () => {
    it('expands formats in the pane context', async () => {
      const pane = await readyPane(fx);
      expect(
        (await h.ok<{ result: string }>('display_message', { format_string: '#{pane_id} #{session_name}', pane_id: pane })).result,
      ).toBe(`${pane} alpha`);
      // A format starting with '-' is text, not a flag.
      expect((await h.ok<{ result: string }>('display_message', { format_string: '-x #{pane_id}', pane_id: pane })).result).toBe(
        `-x ${pane}`,
      );
      expect((await h.ok<{ result: string }>('display_message', { format_string: '', pane_id: pane })).result).toBe('');
    });

    it('never runs shell jobs (docs/reference/tools.md#display_message): #( and the E:/T: modifiers are refused', async () => {
      const job = `#(touch ${marker})`;
      fx.tmux('set-option', '-g', '@evil', job);
      const refusedJobs = [job, `x##(touch ${marker})`, `#{s/a/#(touch ${marker})/:pane_id}`];
      for (const f of refusedJobs) {
        // Refused before tmux is touched: an unknown pane is not even looked up.
        const e = await h.err('display_message', { format_string: f, pane_id: '%999999' });
        expect(e.text).toBe(JOBS_REFUSED);
        expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
      }
      const reexpand = [
        '#{E:@evil}',
        '#{T:@evil}',
        '#{=20;E:@evil}',
        '#{T;p10:@evil}',
        '#{?pane_active,#{E:@evil},no}',
        'a #{l:x} #{E:@evil}',
      ];
      for (const f of reexpand) expect((await h.err('display_message', { format_string: f })).text).toBe(REEXPAND_REFUSED);
      // Without E: the option's value comes back as text and nothing runs.
      expect((await h.ok<{ result: string }>('display_message', { format_string: '#{@evil}' })).result).toBe(job);
      expect((await h.ok<{ result: string }>('display_message', { format_string: '#{=5:pane_id} #{e|+:1,2}' })).result).toMatch(/^%\d+ 3$/);
      // Barrier and positive control: tmux runs this shell to completion before answering, so a
      // shell that any of the calls above had started would have been forked before it.
      const control = join(dir, 'control');
      fx.tmux('run-shell', `touch ${control}`);
      expect(existsSync(control)).toBe(true);
      expect(existsSync(marker)).toBe(false);
    });

    it('reports a missing pane', async () => {
      expect((await h.err('display_message', { format_string: '#{pane_id}', pane_id: '%999999' })).text).toBe(NOT_FOUND);
    });
  });
});
