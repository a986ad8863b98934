import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { WindowInfo } from '../../models/window-info.model';
import { ModelSerializer } from '../../services/model-serializer.service';
import { TargetResolver } from '../../services/target-resolver.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { GetWindowInfoInput } from './get-window-info.input';

@TmuxTool('readonly', { title: 'Get tmux Window Info' })
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
    const engine = this.pool.engineOf(input);
    return this.serializer.window(await this.resolver.window(engine, input));
  }
}
