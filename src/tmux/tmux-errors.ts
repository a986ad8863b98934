/**
 * Domain errors thrown by the engine and the resolvers (SPEC C13). They are plain errors with a
 * static `errorType`; TmuxErrorMapper turns them into agent-facing texts with suggestions, and
 * the retry layer (which runs inside the mapper's layer) sees them raw.
 */
export class LibTmuxException extends Error {
  static readonly errorType: string = 'LibTmuxException';
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** tmux answered that no server runs on the socket (list tools turn this into `[]`). */
export class TmuxNoServer extends LibTmuxException {}

/** The tmux server died or dropped our connection while a call was in flight. */
export class TmuxConnectionLost extends LibTmuxException {}

export class TmuxObjectDoesNotExist extends LibTmuxException {
  static override readonly errorType: string = 'TmuxObjectDoesNotExist';
}

/** No session at all on the server (SPEC C19): reported as is, with a create_session suggestion. */
export class NoSessionExists extends TmuxObjectDoesNotExist {}

export class PaneNotFound extends TmuxObjectDoesNotExist {
  static override readonly errorType: string = 'PaneNotFound';
}

export class MultipleObjectsReturned extends LibTmuxException {
  static override readonly errorType: string = 'MultipleObjectsReturned';
}

export class TmuxSessionExists extends LibTmuxException {
  static override readonly errorType: string = 'TmuxSessionExists';
}

export class BadSessionName extends LibTmuxException {
  static override readonly errorType: string = 'BadSessionName';
}

export class NoWindowsExist extends LibTmuxException {
  static override readonly errorType: string = 'NoWindowsExist';
}

/** The tmux binary could not be executed (not expected: the host is broken). */
export class TmuxCommandNotFound extends Error {
  static readonly errorType: string = 'TmuxCommandNotFound';
}

/** Errors the readonly retry layer must never retry (SPEC §3 item 5). */
export const NON_RETRYABLE = [
  TmuxObjectDoesNotExist,
  MultipleObjectsReturned,
  NoWindowsExist,
  BadSessionName,
  TmuxSessionExists,
  TmuxCommandNotFound,
  TmuxNoServer,
];

/** Recognizes tmux's "no server" answers on stderr. */
export function isNoServerText(stderr: string): boolean {
  return /no server running on|error connecting to .*\((No such file or directory|Connection refused)\)|server exited unexpectedly/.test(
    stderr,
  );
}
