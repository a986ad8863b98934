import type { EngineLogger } from './control-client';
import { ControlEngine } from './control-engine';
import { ExecEngine } from './exec-engine';
import type { ProcessRunner } from './process-runner';
import type { TmuxEngine, TmuxServerKey } from './tmux-engine';

/** The logger name of the engine (docs/reference/engine.md#engine-logs). */
export const ENGINE_LOGGER = 'tmux_mcp.engine';

/**
 * Builds one engine per tmux server: the control-mode engine, or the subprocess engine when
 * `TMUX_MCP_ENGINE=exec` forces the strictly invisible mode
 * (docs/reference/engine.md#strictly-invisible-mode). Either starts its processes through the
 * runner, on the host of its key (docs/reference/engine.md#processes).
 */
export function createEngineFactory(
  mode: 'control' | 'exec',
  loggers: (name: string) => EngineLogger,
  runner: ProcessRunner,
): (key: TmuxServerKey, subprocess?: boolean) => TmuxEngine {
  // `subprocess`: one-off probes of servers we must not attach to (docs/reference/engine.md#invisibility).
  return (key, subprocess) => {
    const exec = new ExecEngine(key, runner);
    return mode === 'exec' || subprocess ? exec : new ControlEngine(key, { logger: loggers(ENGINE_LOGGER), runner, exec });
  };
}
