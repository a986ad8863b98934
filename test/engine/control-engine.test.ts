import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENGINE_CLIENT_TERM } from '../../src/tmux/control-client';
import { LibTmuxException } from '../../src/tmux/tmux-errors';
import { alive, MemoryLogger, nextBeginNumbers, PrivateTmux, until } from './engine-fixture';

const HOSTILE = [
  'plain',
  'with space',
  ' ',
  '   ',
  '\t',
  '',
  'a\nb',
  'two\nlines\n',
  '\r\n',
  "it's",
  '"double"',
  `both ' and "`,
  '$HOME',
  '${HOME}',
  '$(id)',
  '`id`',
  '~',
  '~/x',
  '~root',
  '%',
  '%0',
  '%if 1',
  '#{pane_id}',
  '#(echo pwned)',
  '##',
  '#',
  '# comment',
  'a;b',
  ';',
  'a;',
  'a\\;',
  '\\',
  'a\\nb',
  'trailing\\',
  '-x',
  '--',
  '-',
  '-t',
  '{',
  '}',
  '{ display -p x }',
  'x=y',
  'ünïcødé',
  'emoji 🎉👩‍💻',
  '漢字',
  '\u001b[31mred',
  'del\u007f',
  'bell\u0007',
  'x\u2028y',
  'x'.repeat(3000),
];

describe('ControlEngine against a real tmux', () => {
  const t = new PrivateTmux();
  const log = new MemoryLogger();
  const control = t.control(log);
  const exec = t.exec();
  let sid = '';
  let pane = '';
  let otherPane = '';
  const dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-engine-'));

  beforeAll(() => {
    sid = t.newSession('user');
    pane = t.tmux('display-message', '-p', '-t', sid, '#{pane_id}');
    otherPane = t.tmux('display-message', '-p', '-t', t.newSession('other'), '#{pane_id}');
    // Room for the forged lines in the history of windows created later (private server).
    t.tmux('set-option', '-g', 'history-limit', '20000');
  });

  afterAll(async () => {
    await control.close();
    t.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('pipelines 200 concurrent calls and matches every reply to its call', async () => {
    const calls = Array.from({ length: 200 }, (_, i) =>
      i % 10 === 9
        ? control.run(['list-panes', '-t', `%${9000 + i}`]).then(
            () => 'no error',
            (e: Error) => e.message,
          )
        : control.run(['display-message', '-p', '-t', pane, `call ${i} #{pane_id}`]).then((l) => l.join('|')),
    );
    const results = await Promise.all(calls);
    results.forEach((r, i) => expect(r).toBe(i % 10 === 9 ? `can't find pane: %${9000 + i}` : `call ${i} ${pane}`));
    expect(control.mode).toBe('control');
    expect(control.state).toBe('attached');
  });

  it.each([
    [['kill-window', '-t', '@4242']],
    [['set-buffer', '-b', 'x', '-x']],
    [['no-such-command']],
    [['set-option', '-g', 'no-such-option', 'x']],
  ])('reports tmux errors with the same text as the subprocess engine: %j', async (args) => {
    const viaExec = await exec.run(args).catch((e: Error) => e);
    const viaControl = await control.run(args).catch((e: Error) => e);
    expect(viaControl).toBeInstanceOf(LibTmuxException);
    expect((viaControl as Error).message).toBe((viaExec as Error).message);
  });

  it.each(HOSTILE.map((v) => [JSON.stringify(v).slice(0, 40), v]))(
    'option value %s reads back identically on both engines',
    async (_n, value) => {
      const read = ['show-options', '-pv', '-t', pane, '@x'];
      await control.run(['set-option', '-p', '-t', pane, '@x', value]);
      const c1 = await control.run(read);
      const e1 = await exec.run(read);
      await exec.run(['set-option', '-p', '-t', pane, '@x', value]);
      const e2 = await exec.run(read);
      const c2 = await control.run(read);
      expect(c1.join('\n')).toBe(value);
      expect(e2.join('\n')).toBe(value);
      expect([c1, c2]).toEqual([e1, e2]);
    },
  );

  it.each(HOSTILE.filter((v) => !v.includes('#(')).map((v) => [JSON.stringify(v).slice(0, 40), v]))(
    'window name and display-message %s match on both engines',
    async (_n, value) => {
      const win = `${sid}:`;
      // `--`: a value starting with `-` is a flag to tmux on both engines alike (argv parity).
      await control.run(['rename-window', '-t', win, '--', value]);
      const viaControl = await control.run(['display-message', '-p', '-t', pane, '#{window_name}']);
      await exec.run(['rename-window', '-t', win, '--', value]);
      const viaExec = await exec.run(['display-message', '-p', '-t', pane, '#{window_name}']);
      expect(viaControl).toEqual(viaExec);
      const show = ['display-message', '-p', '-t', pane, '--', value];
      expect(await control.run(show)).toEqual(await exec.run(show));
    },
  );

  // tmux ignores `set-buffer ''` (keeps the old data), so the empty string is left out.
  it.each(HOSTILE.filter((v) => v !== '').map((v) => [JSON.stringify(v).slice(0, 40), v]))(
    'buffer %s round-trips exactly through runRaw',
    async (_n, value) => {
      await control.run(['set-buffer', '-b', 'tmux_mcp_engine_test', '--', value]);
      expect(await control.runRaw(['show-buffer', '-b', 'tmux_mcp_engine_test'])).toBe(value);
      expect(await exec.runRaw(['show-buffer', '-b', 'tmux_mcp_engine_test'])).toBe(value);
    },
  );

  it('runs an atomic list as one command list on both engines: outputs in order, stops at the first failure', async () => {
    for (const engine of [control, exec]) {
      const opt = `@atomic_${engine.mode}`;
      const out = await engine.runList(
        [
          ['display-message', '-p', '-t', pane, 'one #{pane_id}'],
          ['set-option', '-p', '-t', pane, opt, 'first'],
          ['show-options', '-pv', '-t', pane, opt],
        ],
        { atomic: true },
      );
      expect(out).toEqual([[`one ${pane}`], [], ['first']]);
      // `set -o` fails on a set option: the list stops there, the last command never runs.
      await expect(
        engine.runList(
          [
            ['set-option', '-p', '-o', '-t', pane, opt, 'second'],
            ['set-option', '-p', '-t', pane, `${opt}_after`, 'ran'],
          ],
          { atomic: true },
        ),
      ).rejects.toThrow(`already set: ${opt}`);
      expect(t.tmux('show-options', '-p', '-t', pane)).not.toContain(`${opt}_after`);
      expect(t.tmux('show-options', '-pv', '-t', pane, opt)).toBe('first');
    }
    expect(control.mode).toBe('control');
    // The connection goes on matching replies after a failed list.
    expect(await control.run(['display-message', '-p', 'after'])).toEqual(['after']);
  });

  it('returns raw stdout like the subprocess engine, final newline included', async () => {
    const file = join(dir, 'buf.txt');
    for (const content of ['ends with newline\n', 'no newline', '\n\n', 'a\tb\u001bc\\d\n']) {
      writeFileSync(file, content);
      await exec.run(['load-buffer', '-b', 'tmux_mcp_raw', file]);
      expect(await control.runRaw(['show-buffer', '-b', 'tmux_mcp_raw'])).toBe(content);
    }
    const cap = ['capture-pane', '-p', '-t', pane];
    expect(await control.runRaw(cap)).toBe(await exec.runRaw(cap));
  });

  it('cannot be fooled by a pane printing forged %begin/%end/%error/%exit lines', async () => {
    // Learn the command counter and clock tmux uses for %begin, then forge every nearby one.
    const { time, num } = await nextBeginNumbers(t, sid);
    const lines: string[] = [];
    for (let dt = 0; dt <= 2; dt++) {
      for (let n = num; n < num + 200; n++) {
        lines.push(`%end ${time + dt} ${n} 1`, `%error ${time + dt} ${n} 1`);
      }
    }
    lines.push('%begin 1 1 1', '%exit', '%exit server exited unexpectedly', '%output %0 forged', '%session-changed $9 x', '');
    const file = join(dir, 'forged.txt');
    writeFileSync(file, lines.join('\n') + '\n');
    const id = t.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', '-t', `${sid}:`, 'sh');
    t.tmux('send-keys', '-t', id, `cat '${file}'; tmux wait-for -S forged-done-${t.socket}`, 'Enter');
    await t.tmuxAsync('wait-for', `forged-done-${t.socket}`);
    const cap = ['capture-pane', '-p', '-t', id, '-S', '-', '-E', '-'];
    const viaExec = await exec.run(cap);
    const calls = [control.run(cap), control.run(['display-message', '-p', 'after']), control.run(cap)];
    const [c1, after, c2] = await Promise.all(calls);
    expect(c1).toEqual(viaExec);
    expect(c2).toEqual(viaExec);
    expect(after).toEqual(['after']);
    expect(viaExec.join('\n')).toContain(`%end ${time} ${num} 1`);
    expect(control.state).toBe('attached');
  });

  it('stays invisible: no session, window, size, option or environment change', async () => {
    const snapshot = () =>
      [
        t.tmux('list-sessions', '-F', '#{session_id} #{session_name} #{session_windows}'),
        t.tmux('list-windows', '-a', '-F', '#{window_id} #{window_width}x#{window_height}'),
        t.tmux('show-options', '-g'),
        t.tmux('show-options', '-gw'),
        t.tmux('show-options', '-s'),
        t.tmux('show-environment', '-t', sid),
        t.tmux('show-environment', '-g'),
      ].join('\n---\n');
    const fresh = t.control(new MemoryLogger());
    const before = snapshot();
    await fresh.run(['list-panes', '-t', sid]);
    const offs = [fresh.onPaneEvent(pane, () => undefined), fresh.onPaneEvent(otherPane, () => undefined)];
    await until(() => fresh.clientPids().length === 2);
    expect(snapshot()).toBe(before);
    const clients = t.tmux('list-clients', '-F', '#{client_termname} #{client_flags}').split('\n');
    for (const c of clients) {
      expect(c.startsWith(`${ENGINE_CLIENT_TERM} `)).toBe(true);
      expect(c).toContain('ignore-size');
    }
    offs.forEach((off) => off());
    await fresh.close();
  });

  it('leaves no client process running after close', async () => {
    const e = t.control(new MemoryLogger());
    await e.run(['list-panes', '-t', sid]); // attaches to sid (docs/reference/engine.md#engine-states): otherPane needs an event client
    const off = e.onPaneEvent(otherPane, () => undefined);
    await until(() => e.clientPids().length === 2);
    const pids = e.clientPids();
    await e.close();
    off();
    for (const pid of pids) expect(alive(pid)).toBe(false);
    // After close the engine still answers, through subprocesses.
    expect(await e.run(['display-message', '-p', 'x'])).toEqual(['x']);
    expect(e.mode).toBe('exec');
  });

  it('logs nothing above info in routine operation', () => {
    expect(log.at('warn')).toEqual([]);
    expect(log.at('error')).toEqual([]);
  });
});
