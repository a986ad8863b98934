import { HandleErrors } from '../../framework/decorators/handle-errors.decorator';
import { Tool } from '../../framework/decorators/tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-dispatcher';
import { ServerInfo } from '../../models/server-info.model';
import { TmuxErrorMapper } from '../../services/tmux-error.mapper';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { GetServerInfoInput } from './get-server-info.input';
import { probeServer } from './server-info.probe';

@Tool('readonly', { title: 'Get tmux Server Info' })
@HandleErrors(TmuxErrorMapper)
export class GetServerInfoTool implements ToolHandler<GetServerInfoInput, ServerInfo> {
  static readonly toolName = 'get_server_info';
  static readonly description = "Get a tmux server's state: alive, version, socket, session count.";
  static readonly Input = GetServerInfoInput;
  static readonly Output = ServerInfo;

  constructor(private readonly pool: TmuxServerPool) {}

  async execute(input: GetServerInfoInput): Promise<ServerInfo> {
    const engine = this.pool.engine(input.socket_name, input.host);
    // socket_name/socket_path as configured for this call (null = tmux's default),
    // docs/reference/tools.md#get_server_info. A server that does not answer is the command
    // deadline's error, not `is_alive: false` (a stopped server is alive and holds its sessions).
    return probeServer(engine, { socket_name: engine.key.socketName, socket_path: engine.key.socketPath }, { unansweredIsError: true });
  }
}
