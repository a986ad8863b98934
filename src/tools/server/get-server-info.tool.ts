import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { ServerInfo } from '../../models/server-info.model';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { GetServerInfoInput } from './get-server-info.input';
import { probeServer } from './server-info.probe';

@TmuxTool({
  name: 'get_server_info',
  tier: 'readonly',
  title: 'Get tmux Server Info',
  description: "Get a tmux server's state: alive, version, socket, session count.",
  input: GetServerInfoInput,
  output: ServerInfo,
})
export class GetServerInfoTool implements ToolHandler<GetServerInfoInput, ServerInfo> {
  constructor(private readonly pool: TmuxServerPool) {}

  async execute(input: GetServerInfoInput): Promise<ServerInfo> {
    const engine = this.pool.engineOf(input);
    // socket_name/socket_path as configured for this call (null = tmux's default),
    // docs/reference/tools.md#get_server_info. A server that does not answer is the command
    // deadline's error, not `is_alive: false` (a stopped server is alive and holds its sessions).
    return probeServer(engine, { socket_name: engine.key.socketName, socket_path: engine.key.socketPath }, { unansweredIsError: true });
  }
}
