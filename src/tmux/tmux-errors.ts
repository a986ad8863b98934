/**
 * Errors the engine and the resolvers throw (docs/reference/errors.md#error-types). They are
 * plain errors: each class has a static `errorType` (bundlers rename classes, so the name cannot
 * be trusted) and says whether trying the same read again may succeed (`retryable`). The engine
 * knows nothing of the MCP framework; a service (TmuxErrorMapper) turns these into agent-facing
 * texts, and the retry layer reads `retryable`.
 */
export class LibTmuxException extends Error {
  static readonly errorType: string = 'LibTmuxException';
  /** tmux said something went wrong; the same read may work a moment later. */
  readonly retryable: boolean = true;
  constructor(message: string) {
    super(message);
    // The stable type name, not the class name: the bundle minifies class names.
    this.name = (new.target as unknown as { errorType: string }).errorType;
  }
}

/** tmux answered that no server runs on the socket (list tools turn this into `[]`). */
export class TmuxNoServer extends LibTmuxException {
  override readonly retryable: boolean = false;
}

/** The tmux server died or dropped our connection while a call was in flight. */
export class TmuxConnectionLost extends LibTmuxException {}

/** A session, window or pane that does not exist: asking again gives the same answer. */
export class TmuxObjectDoesNotExist extends LibTmuxException {
  static override readonly errorType: string = 'TmuxObjectDoesNotExist';
  override readonly retryable: boolean = false;
}

/** No session at all on the server: reported as is, with a create_session suggestion. */
export class NoSessionExists extends TmuxObjectDoesNotExist {}

/** A call that names an object of a tmux server that is not running (docs/reference/tools.md#no-server-running). */
export class NoServerRunning extends NoSessionExists {}

export class PaneNotFound extends TmuxObjectDoesNotExist {
  static override readonly errorType: string = 'PaneNotFound';
}

/** A name or index that matches more than one object (a window linked into several sessions). */
export class MultipleObjectsReturned extends LibTmuxException {
  static override readonly errorType: string = 'MultipleObjectsReturned';
  override readonly retryable: boolean = false;
}

export class TmuxSessionExists extends LibTmuxException {
  static override readonly errorType: string = 'TmuxSessionExists';
  override readonly retryable: boolean = false;
}

export class BadSessionName extends LibTmuxException {
  static override readonly errorType: string = 'BadSessionName';
  override readonly retryable: boolean = false;
}

/** The tmux binary could not be executed (not expected: the host is broken). */
export class TmuxCommandNotFound extends Error {
  static readonly errorType: string = 'TmuxCommandNotFound';
  readonly retryable: boolean = false;
  constructor(message: string) {
    super(message);
    this.name = TmuxCommandNotFound.errorType;
  }
}

/**
 * A tmux (or ssh) process, or a control-mode reply, did not come within its deadline
 * (docs/reference/errors.md#command-deadline): a stopped or overloaded tmux server, a hung host.
 * The process was killed; the next call works once tmux answers again. The retry layer does not
 * repeat it (that would double the bound); the agent may.
 */
export class TmuxTimeout extends LibTmuxException {
  static override readonly errorType: string = 'TmuxTimeout';
  override readonly retryable: boolean = false;
  constructor(readonly seconds: number) {
    super(`tmux did not answer within ${Math.round(seconds * 1000) / 1000} s`);
  }
}

/** Recognizes tmux's "no server" answers on stderr. */
export function isNoServerText(stderr: string): boolean {
  return /no server running on|error connecting to .*\((No such file or directory|Connection refused)\)|server exited unexpectedly/.test(
    stderr,
  );
}

/**
 * A remote host could not be reached (docs/reference/errors.md#remote-host-errors): ssh failed
 * before the remote command started. `detail` is ssh's last stderr line.
 */
export class HostUnreachable extends LibTmuxException {
  static override readonly errorType: string = 'HostUnreachable';
  override readonly retryable: boolean = false;
  constructor(
    readonly host: string,
    readonly detail: string,
  ) {
    super(`host unreachable: ${detail}`);
  }
}

/** The remote host has no tmux the remote shell can run. */
export class HostTmuxNotFound extends LibTmuxException {
  static override readonly errorType: string = 'HostTmuxNotFound';
  override readonly retryable: boolean = false;
  constructor(readonly host: string) {
    super('tmux was not found on the remote host');
  }
}

/** The ssh connection to a remote host dropped while a call was in flight; the next call reconnects. */
export class HostConnectionLost extends TmuxConnectionLost {
  static override readonly errorType: string = 'HostConnectionLost';
  override readonly retryable: boolean = false;
  constructor(readonly host: string) {
    super('the connection to the remote host was lost');
  }
}

/** The ssh binary (TMUX_MCP_SSH_BIN) could not be executed: the setup is broken, not the host. */
export class SshCommandNotFound extends Error {
  static readonly errorType: string = 'SshCommandNotFound';
  readonly retryable: boolean = false;
  constructor(message: string) {
    super(message);
    this.name = SshCommandNotFound.errorType;
  }
}

/** A remote host's own failure: callers pass it on unchanged, never as "tmux said …". */
export function isHostError(err: unknown): err is HostUnreachable | HostTmuxNotFound | HostConnectionLost {
  return err instanceof HostUnreachable || err instanceof HostTmuxNotFound || err instanceof HostConnectionLost;
}
