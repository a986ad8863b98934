import type { ProcessRunner } from './process-runner';

/** Identifies one tmux server: the key of the server pool (docs/reference/engine.md#server-pool). */
export interface TmuxServerKey {
  /** The configured remote destination, or null for this machine (docs/reference/engine.md#hosts). */
  readonly host: string | null;
  readonly socketName: string | null;
  readonly socketPath: string | null;
  readonly tmuxBin: string;
}

/** One string per tmux server: the key of every per-server map (engines, held buffers). */
export const serverKeyId = (key: TmuxServerKey): string => JSON.stringify([key.host, key.socketName, key.socketPath, key.tmuxBin]);

export interface RunOptions {
  /** Abort the command (the subprocess is killed; a control-mode reply is discarded). */
  signal?: AbortSignal;
  /**
   * Give up after this many milliseconds with a TmuxTimeout (default: the command deadline,
   * docs/reference/configuration.md#command-deadline).
   */
  timeoutMs?: number;
  /**
   * Bytes for the command's stdin (`load-buffer -b NAME -`): the command then runs as a
   * subprocess, which is how text reaches a remote tmux without a file (docs/reference/engine.md#buffers).
   */
  input?: string | Buffer;
  /**
   * For `runList`: the commands are one tmux command list (docs/reference/engine.md#command-batches):
   * tmux runs them back to back, with no pane output read in between, and stops at the first that
   * fails (the later ones never run). Without it a control client pipelines them as separate lines.
   */
  atomic?: boolean;
  /**
   * The caller vouches that this blocking `if-shell`/`run-shell` (without `-b`) ends within
   * milliseconds: a control engine may run it on its connection, which it holds that long, instead
   * of a subprocess (docs/reference/engine.md#subprocess-commands). The input probe's look on a
   * remote host uses it (docs/reference/engine.md#waiting-for-input).
   */
  briefJob?: boolean;
}

/**
 * An output event of one pane (docs/reference/engine.md#output-events): only ever a wake-up;
 * readers re-capture. `lost`: the connection to the pane's host dropped
 * (docs/reference/engine.md#connection-loss); `error` says so, and a wait ends with it.
 */
export interface PaneEvent {
  readonly paneId: string;
  readonly kind: 'output' | 'exited' | 'respawned' | 'closed' | 'lost';
  readonly error?: Error;
}

/**
 * Every tmux call goes through this interface. Implementations: the subprocess engine (argv,
 * never a shell) and the control-mode engine. Arguments are passed exactly as a subprocess argv
 * would carry them (docs/reference/engine.md#quoting-parity).
 */
export interface TmuxEngine {
  readonly key: TmuxServerKey;
  /** Starts every process of this engine, on the key's host (docs/reference/engine.md#processes). */
  readonly runner: ProcessRunner;
  /** 'exec' or 'control' — what actually served the last call (for logs and tests). */
  readonly mode: 'exec' | 'control';

  /**
   * Runs one tmux command and resolves with its stdout split into lines (a final newline does
   * not make an empty last line). Throws LibTmuxException (tmux's error text), TmuxNoServer,
   * TmuxConnectionLost or TmuxCommandNotFound.
   */
  run(args: readonly string[], opts?: RunOptions): Promise<string[]>;

  /**
   * Runs several commands as one batch and resolves with each one's output lines, in order: one
   * subprocess for the subprocess engine (a tmux command list), pipelined writes on a control
   * client (one command list on one line with `atomic`). If a command fails the batch rejects
   * with its error, like `run` would; later commands may or may not have run (with `atomic` they
   * never ran). Engines without it run the commands one by one (see `runList` below).
   */
  runList?(commands: readonly (readonly string[])[], opts?: RunOptions): Promise<string[][]>;

  /** Like `run` but returns stdout exactly (for `show-buffer`, where a final newline matters). */
  runRaw(args: readonly string[], opts?: RunOptions): Promise<string>;

  /**
   * The tmux argv of this server as the machine it runs on sees it (`[bin, '-u', '-L', name]` …):
   * what run_command's wrapper types into a pane, and what the runner starts for subprocesses
   * such as killable `wait-for` children.
   */
  argvPrefix(): string[];

  /**
   * Subscribes to wake-ups for a pane. Engines without events never call the listener: callers
   * must also re-check on a timer (the subprocess engine's `interval`).
   */
  onPaneEvent(paneId: string, listener: (ev: PaneEvent) => void): () => void;

  /** True when this engine delivers pane events (callers may then skip polling). */
  readonly hasEvents: boolean;

  /**
   * Taps a pane's output bytes, where the engine sees them (the control engine's `%output`):
   * `onData` gets each chunk, or null when bytes may have been missed; `ready` resolves true once
   * every later byte reaches the tap (docs/reference/engine.md#in-band-run-end). Absent: the
   * engine cannot.
   */
  tapOutput?(paneId: string, onData: (data: string | null) => void): { readonly ready: Promise<boolean>; off(): void };

  /** Closes connections and child processes. */
  close(): Promise<void>;
}

/** Runs a batch of commands on any engine: in one round trip where the engine can. */
export async function runList(engine: TmuxEngine, commands: readonly (readonly string[])[], opts?: RunOptions): Promise<string[][]> {
  if (engine.runList) return engine.runList(commands, opts);
  if (!opts?.atomic) return Promise.all(commands.map((c) => engine.run(c, opts)));
  // No list of its own: one after the other, stopping at the first failure (not atomic in time).
  const out: string[][] = [];
  for (const c of commands) out.push(await engine.run(c, opts));
  return out;
}
