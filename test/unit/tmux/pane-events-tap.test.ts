import type { ControlClient } from '../../../src/tmux/control-client';
import { PaneEventHub } from '../../../src/tmux/pane-events';
import { fakeEventSource, recordingClient } from '../../helpers/pane-event-fakes';

/**
 * Output taps of the event hub (docs/reference/engine.md#in-band-run-end): live only once the
 * pane's source is, each byte once (from the pane's own session), a gap said as null.
 */
describe('PaneEventHub taps', () => {
  const sent: string[][] = [];
  const client = recordingClient(sent);
  const source = (panes: Record<string, string>) => fakeEventSource(client, panes);

  it('is live once output is on, and hears each byte of its pane once, decoded', async () => {
    const hub = new PaneEventHub(source({ '%1': '$0' }));
    const got: (string | null)[] = [];
    const tap = hub.tap('%1', (d) => got.push(d));
    await expect(tap.ready).resolves.toBe(true);
    // The command client's output was switched on before the tap was live.
    expect(sent).toContainEqual(['refresh-client', '-f', '!no-output']);
    hub.notify('$0', client, '%output %1 a\\015\\012\\033Pid\\134');
    hub.notify('$0', client, '%output %2 other pane');
    // The same pane through another session's client (a linked window): not twice.
    hub.notify('$1', client, '%output %1 again');
    hub.notify('$0', client, '%extended-output %1 12 : b');
    expect(got).toEqual(['a\r\n\x1bPid\\', 'b']);
    hub.notify('$0', client, '%pause %1');
    expect(got.at(-1)).toBeNull();
    tap.off();
    hub.notify('$0', client, '%output %1 after');
    expect(got.at(-1)).toBeNull();
    hub.close();
  });

  it('a tap given up before its pane is live says so, and waits no more', async () => {
    // A client that never answers: the pane's output is never switched on.
    const stuck = { exited: false, send: () => new Promise<string[]>(() => undefined) } as unknown as ControlClient;
    const hub = new PaneEventHub({
      ...source({ '%1': '$0' }),
      mainClient: () => ({ client: stuck, session: '$0' }),
      openEventClient: async () => stuck,
    });
    /** What `ready` says once pending callbacks ran, or undefined while it waits. */
    const answerNow = async (ready: Promise<boolean>) => {
      let answer: boolean | undefined;
      void ready.then((ok) => (answer = ok));
      await new Promise((r) => setImmediate(r));
      return answer;
    };
    const first = hub.tap('%1', () => undefined);
    const second = hub.tap('%1', () => undefined);
    expect(await answerNow(first.ready)).toBeUndefined();
    first.off();
    await expect(first.ready).resolves.toBe(false);
    // The other tap still waits for the pane; the hub's close answers it.
    expect(await answerNow(second.ready)).toBeUndefined();
    hub.close();
    await expect(second.ready).resolves.toBe(false);
  });

  it('is never live for a pane that does not exist, and a closed hub says so', async () => {
    const hub = new PaneEventHub(source({}));
    await expect(hub.tap('%9', () => undefined).ready).resolves.toBe(false);
    const open = new PaneEventHub(source({ '%1': '$0' }));
    const got: (string | null)[] = [];
    const tap = open.tap('%1', (d) => got.push(d));
    await tap.ready;
    open.close();
    expect(got).toEqual([null]);
    await expect(open.tap('%1', () => undefined).ready).resolves.toBe(false);
  });
});
