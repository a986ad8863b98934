import type { EngineLogger } from './control-client';
import { ControlEngine } from './control-engine';
import { ExecEngine } from './exec-engine';
import type { TmuxEngine, TmuxServerKey } from './tmux-engine';

/** The logger name of the engine (docs/reference/engine.md#engine-logs). */
export const ENGINE_LOGGER = 'tmux_mcp.engine';

/**
 * Builds one engine per tmux server: the control-mode engine, or the subprocess engine when
 * `TMUX_MCP_ENGINE=exec` forces the strictly invisible mode
 * (docs/reference/engine.md#strictly-invisible-mode).
 */
export function createEngineFactory(mode: 'control' | 'exec', loggers: (name: string) => EngineLogger): (key: TmuxServerKey) => TmuxEngine {
  if (mode === 'exec') return (key) => new ExecEngine(key);
  return (key) => new ControlEngine(key, { logger: loggers(ENGINE_LOGGER) });
}
