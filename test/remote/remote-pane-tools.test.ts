/**
 * Pane input/output, reading, lifecycle and channel tools through `host`
 * (docs/reference/tools.md#host, docs/reference/engine.md#hosts). The panes live in a private
 * tmux server reached over the fixture's sshd; typed input and screens are read back from that
 * server directly.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness, type CallResult } from '../helpers/mcp-harness';
import { SshdFixture, shellQuote } from '../helpers/sshd-fixture';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { describeSsh, newPane, readyPane, remoteConfig, screen, sshdPath, until, waitForProcesses, startRemote } from './remote-helpers';

type Row = Record<string, unknown>;

describeSsh('pane and channel tools through host (docs/reference/tools.md#host)', () => {
  const sshd = sshdPath ? new SshdFixture() : (undefined as unknown as SshdFixture);
  const tmux = new TmuxFixture();
  const dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-remote-pane-'));
  let h: McpHarness;
  let host: string;
  let n = 0;
  const token = (p: string) => `${p}-${process.pid}-${++n}`;

  beforeAll(async () => {
    host = await startRemote(sshd, tmux);
    h = await McpHarness.start({ socket: tmux.socket, config: remoteConfig(sshd, { safety: 'destructive' }) });
  });
  afterAll(async () => {
    await h?.close();
    tmux.kill();
    await sshd?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Types a command into a pane (through tmux here) and waits until its output line shows. */
  async function runHere(pane: string, command: string, expected: string): Promise<void> {
    tmux.tmux('send-keys', '-t', pane, '-l', command);
    tmux.tmux('send-keys', '-t', pane, 'Enter');
    await until(
      () => screen(tmux, pane).split('\n'),
      (lines) => lines.includes(expected),
      `${expected} in ${pane}`,
    );
  }

  describe('pane input and output', () => {
    it('send_keys types into the remote pane', async () => {
      const pane = await readyPane(tmux, 'main');
      await h.ok('send_keys', { host, pane_id: pane, keys: 'echo SENT-$((1+2))' });
      await until(
        () => screen(tmux, pane).split('\n'),
        (l) => l.includes('SENT-3'),
        'send_keys output',
      );
    });

    it("run_command returns the command's own output and exit status", async () => {
      const pane = await readyPane(tmux, 'main');
      const r = await h.ok<Row>('run_command', { host, pane_id: pane, command: 'echo out-$((6*7)); echo err >&2; exit 4' });
      expect(r).toMatchObject({ pane_id: pane, exit_status: 4, timed_out: false, output: ['out-42', 'err'] });
      expect((await h.ok<Row>('run_command', { host, pane_id: pane, command: 'true' })).exit_status).toBe(0);
    });

    it('paste_text delivers its bytes literally ($(...), quotes, backslashes)', async () => {
      const file = join(dir, 'pasted.txt');
      const marker = join(dir, 'PASTE-PWNED');
      const pane = newPane(tmux, 'main', `stty -echo; exec cat > ${shellQuote(file)}`);
      await until(
        () => tmux.tmux('display-message', '-p', '-t', pane, '#{pane_current_command}'),
        (c) => c === 'cat',
        'cat running',
      );
      const text = `$(touch ${marker}) "dq" 'sq' \`touch ${marker}\` back\\slash $HOME\nsecond line\n`;
      expect(await h.ok('paste_text', { host, pane_id: pane, text, bracket: false })).toEqual({ result: `Text pasted to pane ${pane}` });
      await until(
        () => (existsSync(file) ? readFileSync(file, 'utf8') : ''),
        (s) => s.length >= text.length,
        'pasted bytes in the file',
      );
      expect(readFileSync(file, 'utf8')).toBe(text);
      expect(existsSync(marker)).toBe(false);
    });

    it('display_message expands formats on the remote server', async () => {
      const pane = await readyPane(tmux, 'main');
      const r = await h.ok<{ result: string }>('display_message', {
        host,
        pane_id: pane,
        format_string: 'id=#{pane_id} s=#{session_name}',
      });
      expect(r.result).toBe(`id=${pane} s=main`);
    });
  });

  describe('pane reading', () => {
    it('capture_pane, search_panes and snapshot_pane read the remote screen', async () => {
      const pane = await readyPane(tmux, 'main');
      const t = token('READ');
      await runHere(pane, `echo ${t.slice(0, 2)}""${t.slice(2)}`, t);
      const cap = await h.ok<{ result: string }>('capture_pane', { host, pane_id: pane });
      expect(cap.result.split('\n')).toContain(t);
      const found = await h.ok<{ matches: { pane_id: string; matched_lines: string[] }[] }>('search_panes', { host, pattern: t });
      expect(found.matches).toEqual([expect.objectContaining({ pane_id: pane, matched_lines: [t] })]);
      const snap = await h.ok<Row & { content: string }>('snapshot_pane', { host, pane_id: pane });
      expect(snap.pane_id).toBe(pane);
      expect(snap.content.split('\n')).toContain(t);
      expect(snap.cursor_y).toBe(Number(tmux.tmux('display-message', '-p', '-t', pane, '#{cursor_y}')));
    });

    it('wait_for_text wakes on output printed after the call began', async () => {
      const pane = await readyPane(tmux, 'main');
      const t = token('WAKE');
      let typed = false;
      const r = await h.call(
        'wait_for_text',
        { host, pane_id: pane, patterns: [t], timeout: 20 },
        {
          // The first progress comes after the entry snapshot: output typed now is new.
          onprogress: () => {
            if (typed) return;
            typed = true;
            tmux.tmux('send-keys', '-t', pane, '-l', `echo ${t.slice(0, 2)}""${t.slice(2)}`);
            tmux.tmux('send-keys', '-t', pane, 'Enter');
          },
        },
      );
      expect(typed).toBe(true);
      expect(okOf(r)).toMatchObject({ found: true, outcome: 'matched', matched_lines: [t], matched_at_entry: false, pane_id: pane });
    });

    it('wait_for_idle reports a quiet remote pane as idle', async () => {
      const pane = await readyPane(tmux, 'main');
      const r = await h.ok<Row>('wait_for_idle', { host, pane_id: pane, idle_seconds: 0.2, timeout: 10 });
      expect(r).toMatchObject({ pane_id: pane, idle: true, timed_out: false });
    });
  });

  describe('pane lifecycle', () => {
    it('kill_pane removes the remote pane', async () => {
      const pane = newPane(tmux, 'main');
      await h.ok('kill_pane', { host, pane_id: pane });
      expect(tmux.tmux('list-panes', '-a', '-F', '#{pane_id}').split('\n')).not.toContain(pane);
    });

    it('pipe_pane writes the pane output to a file on the remote side', async () => {
      const pane = await readyPane(tmux, 'main');
      const file = join(dir, 'piped.log');
      const r = await h.ok<{ result: string }>('pipe_pane', { host, pane_id: pane, output_path: file });
      expect(r.result).toBe(`Piping pane ${pane} to ${file}`);
      await until(
        () => tmux.tmux('display-message', '-p', '-t', pane, '#{pane_pipe}'),
        (v) => v === '1',
        'pipe open',
      );
      const t = token('PIPED');
      await runHere(pane, `echo ${t.slice(0, 2)}""${t.slice(2)}`, t);
      await until(
        () => (existsSync(file) ? readFileSync(file, 'utf8') : ''),
        (s) => s.includes(t),
        'piped output in the file',
      );
      await h.ok('pipe_pane', { host, pane_id: pane });
      expect(tmux.tmux('display-message', '-p', '-t', pane, '#{pane_pipe}')).toBe('0');
    });
  });

  describe('options through host', () => {
    it('a pane option set and read back through host', async () => {
      const pane = newPane(tmux, 'main');
      await h.ok('set_option', { host, option: '@pane-opt', value: 'pv', scope: 'pane', target: pane });
      expect(tmux.tmux('show-options', '-pv', '-t', pane, '@pane-opt')).toBe('pv');
      expect(await h.ok('show_option', { host, option: '@pane-opt', scope: 'pane', target: pane })).toEqual({
        option: '@pane-opt',
        value: 'pv',
      });
    });
  });

  describe('channels (docs/reference/tools.md#channels)', () => {
    it('wait_for_channel returns when signal_channel signals it through host', async () => {
      const c = token('chan');
      const waiting = h.call('wait_for_channel', { host, channel: c, timeout: 20 });
      // The remote `tmux wait-for` is running before the signal is sent.
      await until(
        () => waitForProcesses(tmux.socket, c).length,
        (k) => k > 0,
        'remote wait-for running',
      );
      expect(await h.ok('signal_channel', { host, channel: c })).toEqual({ result: `Channel '${c}' signalled` });
      expect(okOf(await waiting)).toEqual({ result: `Channel '${c}' was signalled (timeout 20s)` });
    });

    it('a timed-out wait leaves no tmux wait-for behind on the remote host', async () => {
      const c = token('chan');
      const waiting = h.call('wait_for_channel', { host, channel: c, timeout: 3 });
      await until(
        () => waitForProcesses(tmux.socket, c).length,
        (k) => k > 0,
        'remote wait-for running',
      );
      const e = await waiting;
      expect(e.isError).toBe(true);
      expect(e.content[0]?.text).toBe(`wait-for timeout: channel '${c}' was not signalled within 3s`);
      await until(
        () => waitForProcesses(tmux.socket, c),
        (pids) => pids.length === 0,
        'remote wait-for gone',
      );
    });
  });
});

function okOf(r: CallResult): Row {
  if (r.isError) throw new Error(r.content[0]?.text);
  return r.structuredContent as Row;
}
