import type { PaneEvent } from '../../src/tmux/tmux-engine';
import { alive, MemoryLogger, PrivateTmux, until } from './engine-fixture';
import type { ControlEngine } from '../../src/tmux/control-engine';

/**
 * Waits, event-driven, until a fresh capture of the pane shows `marker` (events only wake;
 * the capture decides, as wait_for_text does).
 */
function waitForText(e: ControlEngine, paneId: string, marker: string, kinds: PaneEvent['kind'][]): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const off = e.onPaneEvent(paneId, (ev) => {
      kinds.push(ev.kind);
      void e.run(['capture-pane', '-p', '-t', paneId]).then((lines) => {
        if (done || !lines.some((l) => l === marker)) return;
        done = true;
        off();
        resolve();
      });
    });
  });
}

describe('pane events', () => {
  const t = new PrivateTmux();
  const log = new MemoryLogger();
  let e: ControlEngine;
  let mainSession = '';
  let mainPane = '';
  let otherPane = '';

  beforeAll(async () => {
    mainSession = t.newSession('work');
    mainPane = t.tmux('display-message', '-p', '-t', mainSession, '#{pane_id}');
    otherPane = t.tmux('display-message', '-p', '-t', t.newSession('elsewhere'), '#{pane_id}');
    e = t.control(log, { eventIdleMs: 20 });
    await e.run(['list-windows', '-t', mainSession]); // the command client attaches to `work`
  });

  afterAll(async () => {
    await e.close();
    t.kill();
  });

  it('wakes a waiter when a pane of the attached session prints a marker', async () => {
    const kinds: PaneEvent['kind'][] = [];
    const seen = waitForText(e, mainPane, 'MARK-main-42', kinds);
    // printf builds the marker, so the typed command line itself never matches it.
    t.tmux('send-keys', '-t', mainPane, "printf 'MARK-%s-%s\\n' main 42", 'Enter');
    await seen;
    expect(kinds).toContain('output');
    expect(e.clientPids()).toHaveLength(1); // served by the command client itself
  });

  it('attaches an event client for a pane in another session, and detaches it when idle', async () => {
    const kinds: PaneEvent['kind'][] = [];
    const seen = waitForText(e, otherPane, 'MARK-other-7', kinds);
    await until(() => e.clientPids().length === 2);
    const eventPid = e.clientPids()[1];
    t.tmux('send-keys', '-t', otherPane, "printf 'MARK-%s-%s\\n' other 7", 'Enter');
    await seen;
    expect(kinds).toContain('output');
    await until(() => e.clientPids().length === 1);
    await until(() => !alive(eventPid));
    const clients = t.tmux('list-clients', '-F', '#{client_pid}').split('\n');
    expect(clients).not.toContain(String(eventPid));
  });

  it('reports a pane that goes away as exited', async () => {
    const extra = t.tmux('split-window', '-d', '-P', '-F', '#{pane_id}', '-t', mainPane, 'sh');
    const got = new Promise<void>((resolve) => {
      const off = e.onPaneEvent(extra, (ev) => {
        if (ev.kind !== 'exited') return;
        off();
        resolve();
      });
    });
    // Kill it once the subscription is live (its first wake-up), through the engine itself.
    await new Promise<void>((resolve) => {
      const off = e.onPaneEvent(extra, () => {
        off();
        resolve();
      });
    });
    await e.run(['kill-pane', '-t', extra]);
    await got;
  });

  it('reports exited for a pane that does not exist', async () => {
    await new Promise<void>((resolve) => {
      const off = e.onPaneEvent('%987654', (ev) => {
        expect(ev.kind).toBe('exited');
        off();
        resolve();
      });
    });
  });

  it('tells subscribers the stream closed when the engine closes', async () => {
    const other = t.control(new MemoryLogger());
    await other.run(['list-windows', '-t', mainSession]);
    const kinds: string[] = [];
    let ready!: () => void;
    const live = new Promise<void>((r) => (ready = r));
    other.onPaneEvent(otherPane, (ev) => {
      kinds.push(ev.kind);
      ready();
    });
    await live;
    await other.close();
    expect(kinds).toContain('closed');
    expect(other.clientPids()).toEqual([]);
  });

  it('closes cleanly while an event client is still starting', async () => {
    const other = t.control(new MemoryLogger());
    await other.run(['list-windows', '-t', mainSession]);
    other.onPaneEvent(otherPane, () => undefined);
    await other.close();
    expect(other.clientPids()).toEqual([]);
    // Only the other engine's clients remain attached (nothing of `other` started late).
    const mine = () => e.clientPids().map(String);
    await until(() =>
      t
        .tmux('list-clients', '-F', '#{client_pid}')
        .split('\n')
        .every((p) => mine().includes(p)),
    );
  });

  it('logs no warning or error', () => {
    expect(log.at('warn')).toEqual([]);
    expect(log.at('error')).toEqual([]);
  });
});
