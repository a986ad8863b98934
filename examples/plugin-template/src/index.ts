import { definePlugin, ERROR_MAPPERS, INTERCEPTORS, PROMPTS, RESOURCES, TOOL_CLASSES } from 'tmux-mcp-ts';
import { CallStats } from './call-stats';
import { CallStatsInterceptor } from './call-stats.interceptor';
import { CallStatsResource } from './call-stats.resource';
import { CountPanesTool } from './count-panes.tool';
import { PaneOverviewPrompt } from './pane-overview.prompt';
import { UnknownSessionMapper } from './unknown-session.mapper';

/**
 * The plugin: its default export, made with definePlugin, is what `--plugin /abs/path/dist/index.js`
 * loads (docs/reference/configuration.md#plugin-modules). `register` runs once at start, after the
 * core plugin; each registration below adds to a multi-token, so the core's tools, mappers,
 * resources, prompts and interceptors stay (docs/reference/configuration.md#what-a-plugin-receives).
 * A plugin that fails here stops the server with one line naming it
 * (docs/reference/configuration.md#plugin-failures).
 */
export default definePlugin({
  name: 'plugin-template',
  register(container, api) {
    // One store, shared by the interceptor that fills it and the resource that reads it.
    const stats = new CallStats();

    // A tool class: the server builds one per call from the container, injecting its services.
    container.register(TOOL_CLASSES, { useValue: CountPanesTool });

    // A global error mapper class, tried after each tool's own @HandleErrors mappers.
    container.register(ERROR_MAPPERS, { useValue: UnknownSessionMapper });

    // A resource template provider and a prompt provider: objects, used as given.
    container.register(RESOURCES, { useValue: new CallStatsResource(stats) });
    container.register(PROMPTS, { useValue: new PaneOverviewPrompt() });

    // An interceptor between the audit layer and the readonly-retry layer (why there: call-stats.interceptor.ts).
    // `api` carries the server's own ORDER, tokens, decorators and error classes, typed; a plain
    // JavaScript plugin that does not import the package uses them from here.
    container.register(INTERCEPTORS, { useValue: new CallStatsInterceptor(stats, (api.ORDER.AUDIT + api.ORDER.READONLY_RETRY) / 2) });
  },
});
