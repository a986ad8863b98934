import type { ServerInfo } from '../../models/server-info.model';
import type { RunOptions, TmuxEngine } from '../../tmux/tmux-engine';
import { isHostError } from '../../tmux/tmux-errors';

/** A remote host that cannot be asked is the call's error, not a dead server (docs/reference/tools.md#host). */
const hostFailure = (err: unknown): null => {
  if (isHostError(err)) throw err;
  return null;
};

/** How the reported ServerInfo names its server (what a caller would pass back). */
export interface ServerAddress {
  socket_name: string | null;
  socket_path: string | null;
}

/**
 * The probe of get_server_info (docs/reference/tools.md#get_server_info): is_alive from a
 * `list-sessions` probe (its rows are the session count: every session, nothing excluded), version
 * from `display-message -p '#{version}'` (null on failure). A dead or unreachable server is a
 * result, never an error; a remote host that cannot be reached is.
 */
export async function probeServer(engine: TmuxEngine, address: ServerAddress, opts: RunOptions = {}): Promise<ServerInfo> {
  const [sessions, version] = await Promise.all([
    engine.run(['list-sessions', '-F', '#{session_id}'], opts).then((lines) => lines.filter(Boolean), hostFailure),
    engine.run(['display-message', '-p', '#{version}'], opts).then(([line]) => line || null, hostFailure),
  ]);
  return {
    is_alive: sessions !== null,
    socket_name: address.socket_name,
    socket_path: address.socket_path,
    session_count: sessions?.length ?? 0,
    version: sessions !== null ? version : null,
  };
}
