import { LibTmuxException } from '../../tmux/tmux-errors';
import { HandleErrors } from '../../framework/decorators/handle-errors.decorator';
import { Tool } from '../../framework/decorators/tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-dispatcher';
import { OptionSetResult } from '../../models/option-set-result.model';
import { OptionScopeService } from '../../services/option-scope.service';
import { OptionValueService } from '../../services/option-value.service';
import { TmuxErrorMapper } from '../../tmux/tmux-error.mapper';
import { TmuxServerPool } from '../../tmux/tmux-server-pool';
import { SetOptionInput } from './set-option.input';

@Tool('mutating', { title: 'Set tmux Option' })
@HandleErrors(TmuxErrorMapper)
export class SetOptionTool implements ToolHandler<SetOptionInput, OptionSetResult> {
  static readonly toolName = 'set_option';
  static readonly description =
    'Set a tmux option at server, session, window or pane scope (tmux set-option). tmux validates the name and value; its error text is returned (with the value itself left out).';
  static readonly Input = SetOptionInput;
  static readonly Output = OptionSetResult;

  constructor(
    private readonly pool: TmuxServerPool,
    private readonly scopes: OptionScopeService,
    private readonly options: OptionValueService,
  ) {}

  async execute(input: SetOptionInput): Promise<OptionSetResult> {
    const engine = this.pool.engine(input.socket_name);
    const flags = await this.scopes.flags(engine, input, 'option');
    try {
      await this.options.write(engine, flags, input.option, input.value);
    } catch (err) {
      // tmux quotes a rejected value in its error; `value` is a sensitive argument (SPEC §3, C12).
      if (err instanceof LibTmuxException && input.value && err.message.includes(input.value))
        throw new LibTmuxException(err.message.split(input.value).join('<value>'));
      throw err;
    }
    return { option: input.option, value: input.value, status: 'set' };
  }
}
