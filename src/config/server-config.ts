import { token } from '../framework/tokens';
import type { CallerEnvironment, SettingValues } from './settings.table';

export type { EngineMode } from './settings.table';

/**
 * Everything configurable, resolved once at start from flags and environment
 * (docs/reference/configuration.md#settings): a field for each setting of settings.table.ts, of
 * the type its row reads, and the caller's environment.
 */
export interface ServerConfig extends SettingValues, CallerEnvironment {
  /**
   * Where each setting came from (`--flag`, `TMUX_MCP_X`, `LIBTMUX_X` or `default`), by
   * ServerConfig key, for `--check` and messages (docs/reference/configuration.md#check).
   */
  sources?: Readonly<Record<string, string>>;
  /** Warnings found while parsing (logged once the logger exists). */
  warnings: string[];
}

export const SERVER_CONFIG = token<ServerConfig>('server-config');
/** run_command's `suppress_history` default for this server (a `defaultFrom` token, docs/reference/protocol.md#configuration-defaults). */
export const SUPPRESS_HISTORY_DEFAULT = token<boolean>('suppress-history-default');
