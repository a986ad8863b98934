import type { Logger } from 'winston';
import type { Token } from '../types';

export type ClientLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error';

/** Sends MCP progress notifications for the current call; a no-op when the client gave no token. */
export interface ProgressReporter {
  readonly enabled: boolean;
  report(progress: number, total?: number, message?: string): Promise<void>;
}

/**
 * What a tool sees of the call besides its input (docs/reference/configuration.md#tool-call-context: no tmux
 * engine here; the tmux layer provides engines through its own services).
 */
export interface ToolCallContext {
  readonly toolName: string;
  readonly requestId: string | number | null;
  readonly clientId: string | null;
  /** Name/version the client gave in `initialize`, if any. */
  readonly client?: { name?: string; version?: string };
  /** Aborted when the client cancels the request or the server shuts down. */
  readonly signal: AbortSignal;
  readonly progress: ProgressReporter;
  /** Logger for this call (stderr). */
  readonly logger: Logger;
  /** Nesting depth: 0 for a direct call, 1 inside a batch wrapper. */
  readonly depth: number;
  /** Sends an MCP `notifications/message` to the client (e.g. a wait's warning). */
  notify(level: ClientLogLevel, message: string): Promise<void>;
  /** Resolves a token from the per-call child container. */
  get<T>(token: Token<T> | symbol | (new (...a: never[]) => T)): T;
}
