import { join } from 'node:path';
import type { ServerConfig } from '../../config/server-config';
import { createEngineFactory } from '../../tmux/engine.factory';
import { ProcessRunner } from '../../tmux/process-runner';
import { locateExecutable, tmuxVersion, whyNotRun } from '../preflight';
import type { CheckReport } from './check.report';

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

/** The tmux section of `--check`: the binary (found on PATH, its version) and the default server. */
export async function probeTmux(config: ServerConfig, report: CheckReport): Promise<void> {
  const out = report.section('tmux');
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
    report.problem(`tmux binary ${config.tmuxBin} (${config.sources?.tmuxBin ?? 'default'}): ${why}`);
    out.row('binary', `${config.tmuxBin}: ${why}`);
  } else out.row('binary', `${located ?? config.tmuxBin}, ${tmux.version}`);
  out.row('default server', server);
}
