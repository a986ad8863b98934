/**
 * Where a tmux server runs, and how a process that talks to it is started
 * (docs/reference/engine.md#hosts): on this machine tmux is executed directly; on a remote host
 * through `ssh` (see ssh-host.ts). Only the ProcessRunner starts processes, from these specs.
 */

/** What to execute for one tmux invocation. */
export interface SpawnSpec {
  readonly file: string;
  readonly args: readonly string[];
  /** Environment of the local process (undefined: ours). */
  readonly env?: NodeJS.ProcessEnv;
}

export interface SpawnOptions {
  /** A control-mode client of the engine: marked with TERM=tmux-mcp-engine, no $TMUX. */
  readonly engineClient?: boolean;
  /**
   * A blocking command (`wait-for`): on a remote host it must end when our side of the
   * connection goes away, or it would stay blocked there.
   */
  readonly blocking?: boolean;
}

/** How a process started through a host ended, as far as the host can tell. */
export interface ProcessEnd {
  readonly code: number | null;
  /** The command itself started: the host's output marker was seen (always true locally). */
  readonly started: boolean;
  /** stderr after the marker: the command's own. */
  readonly stderr: string;
  /** stderr before the marker: ssh's and the remote shell's. */
  readonly preamble: string;
}

export interface TmuxHost {
  /** The destination as configured, or null for this machine. */
  readonly name: string | null;
  /** The executable and arguments that run `argv` (tmux binary first) on that machine. */
  spawn(argv: readonly string[], opts?: SpawnOptions): SpawnSpec;
  /**
   * A line printed on stdout and stderr just before the command starts, or null when output
   * starts with the command's own. Everything up to it is the remote shell's (rc files may
   * print) and is dropped.
   */
  readonly marker: string | null;
  /** The error for a process that failed before or outside tmux (ssh, a missing binary), or null: tmux's own failure. */
  failure(end: ProcessEnd): Error | null;
  /** A remote command whose marker has not come after this long is given up as unreachable. */
  readonly connectLimitMs?: number;
}

/** This machine: tmux is executed directly, never through a shell. */
export const LOCAL_HOST: TmuxHost = {
  name: null,
  marker: null,
  spawn(argv, opts = {}) {
    if (!opts.engineClient) return { file: argv[0], args: argv.slice(1) };
    // The engine's own clients: `#{client_termname}` tells them apart
    // (docs/reference/engine.md#invisibility), and $TMUX must not point them at another server.
    const env: NodeJS.ProcessEnv = { ...process.env, TERM: ENGINE_CLIENT_TERM };
    delete env.TMUX;
    delete env.TMUX_PANE;
    return { file: argv[0], args: argv.slice(1), env };
  },
  failure: () => null,
};

/** Marks the engine's own clients (docs/reference/engine.md#invisibility): tmux reports it as `#{client_termname}`. */
export const ENGINE_CLIENT_TERM = 'tmux-mcp-engine';

/**
 * Splits a captured stream at the host's marker line: what came before it (the remote shell's)
 * and the command's own output. Without a marker everything is the command's.
 */
export function splitAtMarker(text: string, marker: string | null): { preamble: string; body: string; started: boolean } {
  if (marker === null) return { preamble: '', body: text, started: true };
  const line = `${marker}\n`;
  const at = text.startsWith(line) ? 0 : text.indexOf(`\n${line}`);
  if (at < 0) return { preamble: text, body: '', started: false };
  const cut = at === 0 ? 0 : at + 1;
  return { preamble: text.slice(0, cut), body: text.slice(cut + line.length), started: true };
}
