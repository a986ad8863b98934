import { HandleErrors } from '../../framework/decorators/handle-errors.decorator';
import { Tool } from '../../framework/decorators/tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-dispatcher';
import { WindowInfo } from '../../models/window-info.model';
import { ModelSerializer } from '../../services/model-serializer.service';
import { TargetResolver } from '../../services/target-resolver.service';
import { TmuxErrorMapper } from '../../services/tmux-error.mapper';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { GetWindowInfoInput } from './get-window-info.input';

@Tool('readonly', { title: 'Get tmux Window Info' })
@HandleErrors(TmuxErrorMapper)
export class GetWindowInfoTool implements ToolHandler<GetWindowInfoInput, WindowInfo> {
  static readonly toolName = 'get_window_info';
  static readonly description = 'Get one tmux window: index, session, pane count, layout, size, active pane.';
  static readonly Input = GetWindowInfoInput;
  static readonly Output = WindowInfo;

  constructor(
    private readonly pool: TmuxServerPool,
    private readonly resolver: TargetResolver,
    private readonly serializer: ModelSerializer,
  ) {}

  async execute(input: GetWindowInfoInput): Promise<WindowInfo> {
    const engine = this.pool.engine(input.socket_name, input.host);
    return this.serializer.window(await this.resolver.window(engine, input));
  }
}
