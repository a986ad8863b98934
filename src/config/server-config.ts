import type { Tier } from '../framework/metadata/tool-metadata';
import type { LogLevel } from '../framework/logging/logger.factory';
import { token } from '../framework/tokens';

export type EngineMode = 'control' | 'exec';

/** Everything configurable, resolved once at start from flags and environment (docs/reference/configuration.md#settings). */
export interface ServerConfig {
  safety: Tier;
  socketName: string | null;
  socketPath: string | null;
  tmuxBin: string;
  /** Wait ceiling in seconds, clamped to [1, 120] (docs/reference/configuration.md#wait-ceiling). */
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
  /** Remote ssh destinations the server may reach (docs/reference/configuration.md#remote-hosts). */
  hosts: string[];
  /** A file for `ssh -F`, or null for the user's ssh configuration. */
  sshConfig: string | null;
  sshBin: string;
  /** tmux on remote hosts (found by the remote shell's PATH unless a path). */
  remoteTmuxBin: string;
  /** ssh's ConnectTimeout in whole seconds, 1 to 120. */
  sshConnectTimeout: number;
  /**
   * The command deadline in seconds, 1 to 600 (docs/reference/configuration.md#command-deadline):
   * a tmux or ssh process, and a call without a timeout of its own, that has not answered by then
   * fails with `tmux did not answer within N s`.
   */
  commandTimeout: number;
  /**
   * The toolsets whose tools are listed (docs/reference/configuration.md#toolsets): names as given,
   * blanks and repeats dropped, `['all']` when unset. Checked against the table by
   * src/tools/toolsets.ts selectedToolNames.
   */
  toolsets: string[];
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
