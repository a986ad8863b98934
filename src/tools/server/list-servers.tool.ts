import { TmuxTool } from '../common/tmux-tool.decorator';
import { inject } from 'tsyringe';
import { SERVER_CONFIG, ServerConfig } from '../../config/server-config';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { ServerInfo } from '../../models/server-info.model';
import { HostRegistry } from '../../services/host-registry.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { ListServersInput } from './list-servers.input';
import { probeServer } from './server-info.probe';
import { SocketDiscoveryService } from './socket-discovery.service';

const REMOTE_PROBES_AT_ONCE = 3;

@TmuxTool({
  name: 'list_servers',
  tier: 'readonly',
  title: 'List tmux Servers',
  description: 'Discover running tmux servers by scanning socket directories (TMUX_TMPDIR, /tmp) plus extra_socket_paths.',
  input: ListServersInput,
  output: [ServerInfo],
})
export class ListServersTool implements ToolHandler<ListServersInput, ServerInfo[]> {
  constructor(
    private readonly discovery: SocketDiscoveryService,
    @inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly hosts: HostRegistry,
    private readonly pool: TmuxServerPool,
  ) {}

  async execute(input: ListServersInput): Promise<ServerInfo[]> {
    const host = this.hosts.resolve(input.host);
    if (host !== null) return this.remote(host, input.extra_socket_paths);
    const sockets = await this.discovery.discover(input.extra_socket_paths);
    // One subprocess engine per discovered socket, addressed by its full path: never the pool's
    // control engine, which would attach a client to every tmux server the user has
    // (docs/reference/engine.md#invisibility). A server that never answers is bounded by the
    // command deadline (docs/reference/configuration.md#command-deadline).
    return Promise.all(
      sockets.map(({ path, address }) =>
        probeServer(this.pool.subprocessFor({ host: null, socketName: null, socketPath: path, tmuxBin: this.config.tmuxBin }), address),
      ),
    );
  }

  /** The scan on a remote host, each socket probed there through the shared connection; dead ones left out. */
  private async remote(host: string, extra: string[] | null): Promise<ServerInfo[]> {
    const tmuxBin = this.config.remoteTmuxBin;
    const addresses = await this.discovery.discoverRemote(host, tmuxBin, extra);
    // A few at a time: each probe is an ssh session, and sshd caps the sessions of one connection
    // (MaxSessions, 10 by default), which the control client and waits share.
    const infos: ServerInfo[] = [];
    for (let i = 0; i < addresses.length; i += REMOTE_PROBES_AT_ONCE) {
      const batch = addresses.slice(i, i + REMOTE_PROBES_AT_ONCE);
      infos.push(
        ...(await Promise.all(
          batch.map((a) =>
            probeServer(this.pool.subprocessFor({ host, socketName: a.socket_name, socketPath: a.socket_path, tmuxBin }), a),
          ),
        )),
      );
    }
    return infos.filter((i) => i.is_alive);
  }
}
