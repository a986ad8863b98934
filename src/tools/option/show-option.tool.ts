import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { OptionResult } from '../../models/option-result.model';
import { OptionScopeService } from '../../services/option-scope.service';
import { OptionValueService } from '../../services/option-value.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { ShowOptionInput } from './show-option.input';

@TmuxTool({
  name: 'show_option',
  tier: 'readonly',
  title: 'Show tmux Option',
  description: 'Show one tmux option at a scope: digits as integers, on/off as booleans, arrays as lists, unset as null.',
  input: ShowOptionInput,
  output: OptionResult,
})
export class ShowOptionTool implements ToolHandler<ShowOptionInput, OptionResult> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly scopes: OptionScopeService,
    private readonly options: OptionValueService,
  ) {}

  async execute(input: ShowOptionInput): Promise<OptionResult> {
    const engine = this.pool.engineOf(input);
    const flags = await this.scopes.flags(engine, input, 'option');
    return { option: input.option, value: await this.options.read(engine, flags, input.option) };
  }
}
