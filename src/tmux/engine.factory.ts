import type { LoggerFactory } from '../framework/logging/logger.factory';
import { ExecEngine } from './exec-engine';
import type { TmuxEngine, TmuxServerKey } from './tmux-engine';

/**
 * Chooses the engine per server. Placeholder until the control-mode engine lands: every mode
 * uses the subprocess engine.
 */
export function createEngineFactory(_mode: 'control' | 'exec', _loggers: LoggerFactory): (key: TmuxServerKey) => TmuxEngine {
  return (key) => new ExecEngine(key);
}
