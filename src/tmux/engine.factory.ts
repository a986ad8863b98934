import type { EngineLogger } from './control-client';
import { ControlEngine } from './control-engine';
import { ExecEngine } from './exec-engine';
import type { TmuxEngine, TmuxServerKey } from './tmux-engine';
import { LOCAL_HOST, type TmuxHost } from './tmux-host';

/** The logger name of the engine (docs/reference/engine.md#engine-logs). */
export const ENGINE_LOGGER = 'tmux_mcp.engine';

/**
 * Builds one engine per tmux server: the control-mode engine, or the subprocess engine when
 * `TMUX_MCP_ENGINE=exec` forces the strictly invisible mode
 * (docs/reference/engine.md#strictly-invisible-mode). A key with a host runs its tmux there
 * (docs/reference/engine.md#hosts).
 */
export function createEngineFactory(
  mode: 'control' | 'exec',
  loggers: (name: string) => EngineLogger,
  remote: (host: string) => TmuxHost = () => {
    throw new Error('no remote hosts configured');
  },
): (key: TmuxServerKey) => TmuxEngine {
  const hostOf = (key: TmuxServerKey): TmuxHost => (key.host === null ? LOCAL_HOST : remote(key.host));
  if (mode === 'exec') return (key) => new ExecEngine(key, hostOf(key));
  return (key) => new ControlEngine(key, { logger: loggers(ENGINE_LOGGER), host: hostOf(key) });
}
