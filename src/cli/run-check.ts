import 'reflect-metadata';
import { join } from 'node:path';
import winston from 'winston';
import type { ServerConfig } from '../config/server-config';
import type { McpPlugin } from '../framework/plugins/plugin';
import { ToolRegistry } from '../framework/registry/tool-registry';
import { resolveToken } from '../framework/tokens';
import { hostError } from '../services/tmux-error.mapper';
import { createServer, type PluginAdditions } from '../server/create-server';
import { VERSION } from '../server/version';
import { PROCESS_RUNNER } from '../services/tmux-server-pool.service';
import { createEngineFactory } from '../tmux/engine.factory';
import { ProcessRunner } from '../tmux/process-runner';
import { checkToolsets } from './check-toolsets';
import type { PreparedCli } from './cli-prepare';
import { locateExecutable, tmuxVersion, whyNotRun } from './cli-prepare';
import { loadPlugins } from './load-plugins';

/** One screen: a heading, then `label  value  (source)` rows. */
class Screen {
  private readonly lines: string[] = [];
  heading(text: string): void {
    this.lines.push('', text);
  }
  row(label: string, value: string, note = ''): void {
    const l = label.length < 22 ? label.padEnd(22) : `${label} `;
    this.lines.push(`  ${l}${note ? `${value.padEnd(28)} ${note}` : value}`);
  }
  text(line: string): void {
    this.lines.push(line);
  }
  toString(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

const SETTINGS: [keyof ServerConfig, string, (c: ServerConfig) => string][] = [
  ['safety', 'safety (tier)', (c) => c.safety],
  ['socketName', 'socket name', (c) => c.socketName ?? "(tmux's default)"],
  ['socketPath', 'socket path', (c) => c.socketPath ?? '—'],
  ['tmuxBin', 'tmux binary', (c) => c.tmuxBin],
  ['waitMaxSeconds', 'wait ceiling', (c) => `${c.waitMaxSeconds} s`],
  ['suppressHistory', 'suppress history', (c) => (c.suppressHistory ? '1' : '0')],
  ['promptsAsTools', 'prompts as tools', (c) => (c.promptsAsTools ? 'on' : 'off')],
  ['engine', 'engine', (c) => c.engine],
  ['logLevel', 'log level', (c) => c.logLevel],
  ['auditLog', 'audit log', (c) => c.auditLog ?? '—'],
  ['plugins', 'plugins', (c) => (c.plugins.length ? c.plugins.join(', ') : '—')],
  ['hosts', 'remote hosts', (c) => (c.hosts.length ? c.hosts.join(', ') : '—')],
  ['sshConfig', 'ssh config', (c) => c.sshConfig ?? "(the user's)"],
  ['sshBin', 'ssh binary', (c) => c.sshBin],
  ['remoteTmuxBin', 'remote tmux binary', (c) => c.remoteTmuxBin],
  ['sshConnectTimeout', 'ssh connect timeout', (c) => `${c.sshConnectTimeout} s`],
  ['commandTimeout', 'command deadline', (c) => `${c.commandTimeout} s`],
  ['toolsets', 'toolsets', (c) => c.toolsets.join(', ')],
];

const silentEngineLog = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The default server: its socket and whether it runs, asked of tmux itself (a subprocess: nothing
 * attaches). With a tmux that does not run, nothing is known of the server (docs/reference/configuration.md#check).
 */
async function defaultServer(config: ServerConfig, tmuxRuns: Promise<boolean>): Promise<string> {
  const runner = new ProcessRunner({ commandTimeoutMs: config.commandTimeout * 1000 });
  const key = { host: null, socketName: config.socketName, socketPath: config.socketPath, tmuxBin: config.tmuxBin };
  const engine = createEngineFactory('exec', () => silentEngineLog, runner)(key, true);
  try {
    const [path] = await engine.run(['display-message', '-p', '#{socket_path}']);
    const sessions = await engine.run(['list-sessions', '-F', '#{session_id}']);
    return `${path}: running, ${sessions.length} session${sessions.length === 1 ? '' : 's'}`;
  } catch {
    const uid = typeof process.geteuid === 'function' ? process.geteuid() : 0;
    const where = config.socketPath ?? join(config.tmuxTmpdir ?? '/tmp', `tmux-${uid}`, config.socketName ?? 'default');
    const socket = config.socketPath || config.socketName || !config.tmuxEnv ? where : `the server of $TMUX`;
    if (!(await tmuxRuns)) return `${socket}: unknown (could not ask tmux)`;
    return `${socket}: not running (listings answer [] until a session exists)`;
  }
}

/**
 * `tmux-mcp --check` (docs/reference/configuration.md#check): loads the configuration and the
 * plugins exactly as the server would, prints one screen and exits 1 on any problem.
 */
export async function runCheck({ config }: PreparedCli): Promise<void> {
  const out = new Screen();
  const problems = [...config.warnings];
  out.text(`tmux-mcp ${VERSION}: configuration check (Node ${process.version}, ${process.platform} ${process.arch})`);

  out.heading('Settings (value, and where it came from)');
  for (const [key, label, show] of SETTINGS) out.row(label, show(config), `(${config.sources?.[key] ?? 'default'})`);

  out.heading('tmux');
  const version = tmuxVersion(config);
  const [tmux, server] = await Promise.all([
    version,
    defaultServer(
      config,
      version.then((v) => !v.error),
    ),
  ]);
  const located = locateExecutable(config.tmuxBin, process.env.PATH);
  if (tmux.error) {
    const w = whyNotRun(tmux.error);
    const why = w === 'ENOENT' ? 'not found' : w;
    problems.push(`tmux binary ${config.tmuxBin} (${config.sources?.tmuxBin ?? 'default'}): ${why}`);
    out.row('binary', `${config.tmuxBin}: ${why}`);
  } else out.row('binary', `${located ?? config.tmuxBin}, ${tmux.version}`);
  out.row('default server', server);

  // Plugins as the server loads them (docs/reference/configuration.md#plugin-specifiers).
  const loaded = await loadPlugins(config.plugins, (message) => problems.push(message));
  const plugins: McpPlugin[] = loaded.map((l) => l.plugin);
  const fileOf = new Map(loaded.map((l) => [l.plugin.name, l.file]));
  const added: [string, PluginAdditions][] = [];
  const silent = winston.createLogger({ silent: true });
  let app;
  try {
    app = await createServer({ resolved: config, plugins, logger: silent, onPlugin: (name, a) => added.push([name, a]) });
  } catch (err) {
    problems.push((err as Error).message);
  }

  if (app && config.hosts.length) {
    out.heading('Remote hosts');
    const runner = resolveToken(app.container, PROCESS_RUNNER);
    const probes = await Promise.all(config.hosts.map((h) => runner.version({ host: h, tmuxBin: config.remoteTmuxBin })));
    config.hosts.forEach((h, i) => {
      const r = probes[i];
      if (r.error) {
        const text = hostError(r.error)?.message ?? r.error.message;
        problems.push(text);
        out.row(h, text);
      } else out.row(h, `reachable, ${r.version ?? 'tmux'}`);
    });
  }

  out.heading('Plugins (what each registered)');
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
    out.row(file ? `${name} from ${file}` : name, parts.join(', '));
  });

  if (app) {
    // Every class a call builds, built now: a plugin with its own tsyringe fails here, not on each call.
    problems.push(...app.dispatcher.unresolvable());
    out.heading('Tools');
    const all = new ToolRegistry(app.container).all();
    const per = (t: string) => all.filter((d) => d.meta.tier === t).length;
    // What clients are shown: the tier filter and any a plugin's interceptor adds.
    const visible = app.dispatcher.list().length;
    out.row(
      `${all.length} tools`,
      `${per('readonly')} readonly, ${per('mutating')} mutating, ${per('destructive')} destructive; ${visible} visible at tier ${config.safety}`,
    );
    out.heading(
      `Toolsets (* selected; tools listed at tier ${config.safety}, tokens a model is shown: name, description, input schema; o200k_base)`,
    );
    try {
      await checkToolsets(out, config, app);
    } catch (err) {
      problems.push(`toolset token counts: ${(err as Error).message}`);
    }
    await app.close();
  }

  out.heading(problems.length ? `${problems.length} problem${problems.length === 1 ? '' : 's'}:` : 'No problems found.');
  for (const p of problems) out.text(`  - ${p}`);
  const code = problems.length ? 1 : 0;
  // Exit once the screen is written: an idle ssh master or a timer must not keep the check alive.
  process.stdout.write(out.toString(), () => process.exit(code));
}
