import { definePlugin } from '../../src/framework/plugins/plugin';
import { resolveToken } from '../../src/framework/tokens';
import { ENGINE_FACTORY, type EngineFactory } from '../../src/services/tmux-server-pool.service';

/**
 * Counts, per pane, the engine's pane-event listeners that are live (subscribed, not yet
 * unsubscribed): the honest view of "nothing is kept for panes nobody watches"
 * (docs/reference/resources-and-prompts.md#pane-content-updates). On the control engine such a
 * listener keeps the pane's event source alive; the subprocess engine's poll timer lives and
 * ends with it.
 */
export function listenerCounter() {
  const live = new Map<string, number>();
  const plugin = definePlugin({
    name: 'count-pane-listeners',
    register(container) {
      const inner = resolveToken(container, ENGINE_FACTORY);
      const counting: EngineFactory = (key, subprocess) => {
        const engine = inner(key, subprocess);
        const subscribe = engine.onPaneEvent.bind(engine);
        engine.onPaneEvent = (paneId, listener) => {
          live.set(paneId, (live.get(paneId) ?? 0) + 1);
          const off = subscribe(paneId, listener);
          let done = false;
          return () => {
            if (!done) live.set(paneId, (live.get(paneId) ?? 0) - 1);
            done = true;
            off();
          };
        };
        return engine;
      };
      container.register(ENGINE_FACTORY, { useValue: counting });
    },
  });
  return { plugin, listeners: (paneId: string) => live.get(paneId) ?? 0 };
}
