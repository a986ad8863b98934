import 'reflect-metadata';
import winston from 'winston';
import type { ServerConfig } from '../../config/server-config';
import type { McpPlugin } from '../../framework/plugins/plugin';
import { ToolRegistry } from '../../framework/registry/tool-registry';
import { createServer, type PluginAdditions } from '../create-server';
import { loadPlugins } from '../load-plugins';
import { CheckReport } from './check.report';
import { probeHosts } from './hosts.probe';
import { probeTmux } from './tmux.probe';
import { probeToolsets } from './toolsets.probe';

/**
 * `--check`'s diagnosis (docs/reference/configuration.md#check): tmux and its default server, then
 * the plugins loaded and the server built exactly as the server would, the remote hosts asked
 * through it, what each plugin registered, the tools and the toolsets. Every problem is collected,
 * none stops it; the configuration's own warnings are the caller's to list.
 */
export async function diagnose(config: ServerConfig): Promise<CheckReport> {
  const report = new CheckReport();
  await probeTmux(config, report);

  // Plugins as the server loads them (docs/reference/configuration.md#plugin-specifiers).
  const loaded = await loadPlugins(config.plugins, (message) => report.problem(message));
  const plugins: McpPlugin[] = loaded.map((l) => l.plugin);
  const fileOf = new Map(loaded.map((l) => [l.plugin.name, l.file]));
  const added: [string, PluginAdditions][] = [];
  const silent = winston.createLogger({ silent: true });
  let app;
  try {
    app = await createServer({ resolved: config, plugins, logger: silent, onPlugin: (name, a) => added.push([name, a]) });
  } catch (err) {
    report.problem((err as Error).message);
  }

  if (app && config.hosts.length) await probeHosts(app, config, report);

  const registered = report.section('Plugins (what each registered)');
  added.forEach(([name, a], index) => {
    const file = fileOf.get(name);
    // The core plugin comes first; its tools are the catalog (docs/reference/tools.md#catalog).
    const names = index > 0 && a.tools.length ? ` (${a.tools.join(', ')})` : '';
    const parts = [
      `${a.tools.length} tool${a.tools.length === 1 ? '' : 's'}${names}`,
      `${a.interceptors} interceptor${a.interceptors === 1 ? '' : 's'}`,
      `${a.errorMappers} error mapper${a.errorMappers === 1 ? '' : 's'}`,
      `${a.resources} resource${a.resources === 1 ? '' : 's'}`,
      `${a.prompts} prompt${a.prompts === 1 ? '' : 's'}`,
    ];
    registered.row(file ? `${name} from ${file}` : name, parts.join(', '));
  });

  if (app) {
    // Every class a call builds, built now: a plugin with its own tsyringe fails here, not on each call.
    for (const p of app.dispatcher.unresolvable()) report.problem(p);
    const all = new ToolRegistry(app.container).all();
    const per = (t: string) => all.filter((d) => d.meta.tier === t).length;
    // What clients are shown: the tier filter and any a plugin's interceptor adds.
    const visible = app.dispatcher.list().length;
    report
      .section('Tools')
      .row(
        `${all.length} tools`,
        `${per('readonly')} readonly, ${per('mutating')} mutating, ${per('destructive')} destructive; ${visible} visible at tier ${config.safety}`,
      );
    const toolsets = report.section(
      `Toolsets (* selected; tools listed at tier ${config.safety}, tokens a model is shown: name, description, input schema; o200k_base)`,
    );
    try {
      await probeToolsets(toolsets, config, app);
    } catch (err) {
      report.problem(`toolset token counts: ${(err as Error).message}`);
    }
    await app.close();
  }
  return report;
}
