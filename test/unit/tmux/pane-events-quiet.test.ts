import { PaneEventHub } from '../../../src/tmux/pane-events';
import { fakeEventSource, recordingClient } from '../../helpers/pane-event-fakes';

/**
 * Quiet panes (docs/reference/engine.md#quiet-panes): while a client's output is on, a pane of its
 * session that nobody watches is paused on that client at its first output, stays paused when it
 * falls behind, and is continued before a watch of it goes live.
 */
describe('PaneEventHub quiet panes', () => {
  const sent: string[][] = [];
  const client = recordingClient(sent);
  const source = fakeEventSource(client);
  const pauses = (pane: string) => sent.filter((a) => a.join(' ') === `refresh-client -A ${pane}:pause`).length;
  const continues = (pane: string) => sent.filter((a) => a.join(' ') === `refresh-client -A ${pane}:continue`).length;

  beforeEach(() => {
    sent.length = 0;
  });

  it('pauses a pane nobody watches once, and never one that is watched', async () => {
    const hub = new PaneEventHub(source);
    const watched = hub.tap('%1', () => undefined);
    await expect(watched.ready).resolves.toBe(true);
    hub.notify('$0', client, '%output %2 flood');
    hub.notify('$0', client, '%extended-output %2 5 : more');
    hub.notify('$0', client, '%output %1 watched');
    expect(pauses('%2')).toBe(1);
    expect(pauses('%1')).toBe(0);
    // Paused by us, its %pause is not continued.
    hub.notify('$0', client, '%pause %2');
    expect(continues('%2')).toBe(0);
    // A watched pane that fell behind is continued, as before.
    hub.notify('$0', client, '%pause %1');
    expect(continues('%1')).toBe(1);
    hub.close();
  });

  it('continues a quiet pane before a watch of it goes live', async () => {
    const hub = new PaneEventHub(source);
    await hub.tap('%1', () => undefined).ready;
    hub.notify('$0', client, '%output %2 flood');
    expect(pauses('%2')).toBe(1);
    const got: (string | null)[] = [];
    const tap = hub.tap('%2', (d) => got.push(d));
    await expect(tap.ready).resolves.toBe(true);
    const at = sent.findIndex((a) => a.join(' ') === 'refresh-client -A %2:continue');
    expect(at).toBeGreaterThan(sent.findIndex((a) => a.join(' ') === 'refresh-client -A %2:pause'));
    // Its own pause arriving late (sent before the watch) lost nothing the tap was promised.
    expect(got).toEqual([]);
    hub.notify('$0', client, '%output %2 now');
    expect(got).toEqual(['now']);
    expect(pauses('%2')).toBe(1);
    // Its last watch ends: its next output pauses it again.
    tap.off();
    hub.notify('$0', client, '%output %2 later');
    expect(pauses('%2')).toBe(2);
    hub.close();
  });

  it('a pane that fell behind while nobody watched it is continued when a watch begins', async () => {
    const hub = new PaneEventHub(source);
    await hub.tap('%1', () => undefined).ready;
    hub.notify('$0', client, '%pause %3');
    expect(continues('%3')).toBe(0);
    await hub.tap('%3', () => undefined).ready;
    expect(continues('%3')).toBe(1);
    hub.close();
  });

  it('forgets a quiet pane once it is gone', async () => {
    const alive = fakeEventSource(client, { '%1': '$0', '%5': '$0' });
    let checked = 0;
    const hub = new PaneEventHub({
      ...alive,
      allPanes: () => {
        checked++;
        return alive.allPanes();
      },
    });
    await hub.tap('%1', () => undefined).ready;
    hub.notify('$0', client, '%output %5 flood');
    hub.notify('$0', client, '%output %6 flood');
    // A structural change: %6 is gone, %5 is still there (and paused on the client).
    hub.notify('$0', client, '%window-close @3');
    await new Promise((r) => setImmediate(r));
    expect(checked).toBe(1);
    hub.notify('$0', client, '%output %5 still paused, a late line');
    // Forgotten: a line of it that was still on its way is paused again (harmless).
    hub.notify('$0', client, '%output %6 a late line');
    expect(pauses('%5')).toBe(1);
    expect(pauses('%6')).toBe(2);
    hub.close();
  });

  it('leaves a pane held for a respawn to the respawn guard', async () => {
    const hub = new PaneEventHub(source);
    await hub.tap('%1', () => undefined).ready;
    hub.hold('%4');
    hub.notify('$0', client, '%output %4 before the pause landed');
    hub.notify('$0', client, '%pause %4');
    expect(pauses('%4')).toBe(0);
    expect(continues('%4')).toBe(0);
    hub.release('%4');
    // The engine continued it on its clients; printing unwatched, it is paused again.
    hub.notify('$0', client, '%output %4 after the respawn');
    expect(pauses('%4')).toBe(1);
    hub.close();
  });
});
