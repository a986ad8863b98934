import type { ServerInfo } from '../../models/server-info.model';
import type { RunOptions, TmuxEngine } from '../../tmux/tmux-engine';
import { isHostError, TmuxTimeout } from '../../tmux/tmux-errors';

export interface ProbeOptions extends RunOptions {
  /**
   * A server that does not answer within the command deadline fails the probe with its
   * TmuxTimeout (get_server_info: a stopped server is not a dead one,
   * docs/reference/configuration.md#command-deadline). Without it, it counts as not alive, so
   * list_servers still lists the other servers.
   */
  unansweredIsError?: boolean;
}

/** How the reported ServerInfo names its server (what a caller would pass back). */
export interface ServerAddress {
  socket_name: string | null;
  socket_path: string | null;
}

/**
 * The probe of get_server_info (docs/reference/tools.md#get_server_info): is_alive from a
 * `list-sessions` probe (its rows are the session count: every session, nothing excluded), version
 * from `display-message -p '#{version}'` (null on failure). A dead or unreachable server is a
 * result, never an error; a remote host that cannot be reached is, and with `unansweredIsError` a
 * server that does not answer.
 */
export async function probeServer(engine: TmuxEngine, address: ServerAddress, opts: ProbeOptions = {}): Promise<ServerInfo> {
  const { unansweredIsError, ...run } = opts;
  // A remote host that cannot be asked is the call's error, not a dead server (docs/reference/tools.md#host).
  const failure = (err: unknown): null => {
    if (isHostError(err) || (unansweredIsError && err instanceof TmuxTimeout)) throw err;
    return null;
  };
  const [sessions, version] = await Promise.all([
    engine.run(['list-sessions', '-F', '#{session_id}'], run).then((lines) => lines.filter(Boolean), failure),
    engine.run(['display-message', '-p', '#{version}'], run).then(([line]) => line || null, failure),
  ]);
  return {
    is_alive: sessions !== null,
    socket_name: address.socket_name,
    socket_path: address.socket_path,
    session_count: sessions?.length ?? 0,
    version: sessions !== null ? version : null,
  };
}
