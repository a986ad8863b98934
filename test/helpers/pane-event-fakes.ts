import type { ControlClient } from '../../src/tmux/control-client';
import type { PaneEventSource } from '../../src/tmux/pane-events';

/** A control client that answers every command at once with no lines, recording each argv in `sent`. */
export function recordingClient(sent: string[][]): ControlClient {
  return {
    exited: false,
    send: async (argv: readonly string[]) => {
      sent.push([...argv]);
      return [];
    },
  } as unknown as ControlClient;
}

/**
 * The hub's engine side, every client being `client` and the command client's session `$0`:
 * `panes` maps the panes that exist to their session; without it every pane exists, in `$0`.
 */
export function fakeEventSource(client: ControlClient, panes?: Record<string, string>): PaneEventSource {
  const state = (id: string) => ({ session: panes ? panes[id] : '$0', dead: false, pid: id.slice(1) });
  return {
    paneState: async (id) => (!panes || panes[id] ? state(id) : null),
    allPanes: async () => new Map(Object.keys(panes ?? {}).map((id) => [id, [state(id)]])),
    mainClient: () => ({ client, session: '$0' }),
    openEventClient: async () => client,
    closeEventClient: async () => undefined,
    logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  };
}
