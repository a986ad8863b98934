import type { Tier } from '../framework/metadata/tool-metadata';
import type { LogLevel } from '../framework/logging/logger.factory';
import { token } from '../framework/tokens';

export type EngineMode = 'control' | 'exec';

/** Everything configurable, resolved once at start from flags and environment (SPEC B2, C16). */
export interface ServerConfig {
  safety: Tier;
  socketName: string | null;
  socketPath: string | null;
  tmuxBin: string;
  /** Wait ceiling in seconds, clamped to [1, 120] (SPEC §4). */
  waitMaxSeconds: number;
  /** run_command's default `suppress_history`. */
  suppressHistory: boolean;
  promptsAsTools: boolean;
  engine: EngineMode;
  logLevel: LogLevel;
  auditLog: string | null;
  plugins: string[];
  /** Caller identity source (normally process.env.TMUX / TMUX_PANE). */
  tmuxEnv: string | null;
  tmuxPane: string | null;
  /** TMUX_TMPDIR, if set. */
  tmuxTmpdir: string | null;
  /** Warnings found while parsing (logged once the logger exists). */
  warnings: string[];
}

export const SERVER_CONFIG = token<ServerConfig>('server-config');
/** run_command's `suppress_history` default for this server (a `defaultFrom` token, SPEC §1.2/§4). */
export const SUPPRESS_HISTORY_DEFAULT = token<boolean>('suppress-history-default');
