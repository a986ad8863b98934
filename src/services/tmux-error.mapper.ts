import { injectable } from 'tsyringe';
import { ErrorMapper, ExpectedToolError, ToolError } from '../framework/errors/tool-errors';
import { safeRepr } from '../framework/validation/safe-repr';
import {
  BadSessionName,
  HostConnectionLost,
  HostTmuxNotFound,
  HostUnreachable,
  LibTmuxException,
  MultipleObjectsReturned,
  NoSessionExists,
  PaneNotFound,
  TmuxCommandNotFound,
  TmuxObjectDoesNotExist,
  SshCommandNotFound,
  TmuxSessionExists,
  TmuxTimeout,
} from '../tmux/tmux-errors';

const PANE_PREFIX = 'Pane not found: ';
export const SUGGEST_LIST = 'Call list_sessions / list_windows / list_panes to discover valid ids.';
export const SUGGEST_CREATE = 'Call create_session to start one.';
export const SUGGEST_PANES = 'Call list_panes to discover valid pane ids.';
export const SUGGEST_AMBIGUOUS =
  'A window shared between sessions is listed once per session that holds it, so a name or index can match more than one row. Target it by id (session_id / window_id / pane_id) instead.';

/**
 * tmux's own error text, as it may appear in a message (docs/reference/errors.md#tmux-errors):
 * control characters escaped, at most 200 code points. Quotes stay as tmux wrote them.
 */
export function tmuxText(text: string): string {
  const cps = Array.from(text);
  const body = cps
    .slice(0, 200)
    .map((ch) => {
      const c = ch.codePointAt(0)!;
      return c < 0x20 || c === 0x7f || (c >= 0x80 && c < 0xa0) ? `\\x${c.toString(16).padStart(2, '0')}` : ch;
    })
    .join('');
  return cps.length > 200 ? `${body}...` : body;
}

/**
 * Maps the engine's and resolvers' errors to the texts of docs/reference/errors.md#tmux-errors (libtmux-mcp's
 * `_map_exception_to_tool_error`).
 */
@injectable()
export class TmuxErrorMapper implements ErrorMapper {
  map(error: unknown): ToolError | undefined {
    const host = hostError(error);
    if (host) return host;
    if (error instanceof SshCommandNotFound) return new ToolError(error.message, { cause: error });
    if (error instanceof TmuxCommandNotFound)
      return new ToolError('tmux binary not found. Ensure tmux is installed and in PATH.', { cause: error });
    if (error instanceof TmuxSessionExists || error instanceof BadSessionName)
      return new ExpectedToolError(error.message, { cause: error });
    if (error instanceof NoSessionExists) return new ExpectedToolError(error.message, { cause: error, suggestion: SUGGEST_CREATE });
    // The resolver's texts already read `Pane not found: …`: said once (docs/reference/errors.md#tmux-errors).
    if (error instanceof PaneNotFound)
      return new ExpectedToolError(error.message.startsWith(PANE_PREFIX) ? error.message : `${PANE_PREFIX}${error.message}`, {
        cause: error,
        suggestion: SUGGEST_PANES,
      });
    if (error instanceof TmuxObjectDoesNotExist)
      return new ExpectedToolError(`Object not found: ${error.message}`, { cause: error, suggestion: SUGGEST_LIST });
    if (error instanceof MultipleObjectsReturned)
      return new ExpectedToolError(`Ambiguous target: ${error.message}`, { cause: error, suggestion: SUGGEST_AMBIGUOUS });
    if (error instanceof TmuxTimeout)
      return new ExpectedToolError(error.message, {
        cause: error,
        suggestion:
          'The tmux server (or its host) is stopped, overloaded or hung. Try again once it answers; check what an interrupted mutating call had done before repeating it.',
      });
    if (error instanceof LibTmuxException) return new ExpectedToolError(`tmux error: ${tmuxText(error.message)}`, { cause: error });
    return undefined;
  }
}

/**
 * The texts of a remote host's failures (docs/reference/errors.md#remote-host-errors), the host
 * named through the safe repr. Also used by the resource reader.
 */
export function hostError(error: unknown): ExpectedToolError | undefined {
  if (error instanceof HostUnreachable)
    return new ExpectedToolError(`Host ${safeRepr(error.host)} is unreachable: ${tmuxText(error.detail)}`, {
      cause: error,
      suggestion: 'Check it with list_hosts: ssh must reach it and log in without a prompt (BatchMode), with a known host key.',
    });
  if (error instanceof HostTmuxNotFound)
    return new ExpectedToolError(`tmux was not found on host ${safeRepr(error.host)}`, {
      cause: error,
      suggestion: "Install tmux there, or set TMUX_MCP_REMOTE_TMUX_BIN to its path (the remote shell's PATH decides otherwise).",
    });
  if (error instanceof HostConnectionLost)
    return new ExpectedToolError(`Connection to host ${safeRepr(error.host)} was lost`, {
      cause: error,
      suggestion: 'The next call reconnects; check what the interrupted call had done before repeating it.',
    });
  return undefined;
}
