import { TmuxTool } from '../common/tmux-tool.decorator';
import { LibTmuxException } from '../../tmux/tmux-errors';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { OptionSetResult } from '../../models/option-set-result.model';
import { OptionScopeService } from '../../services/option-scope.service';
import { OptionValueService } from '../../services/option-value.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { SetOptionInput } from './set-option.input';

@TmuxTool({
  name: 'set_option',
  tier: 'mutating',
  title: 'Set tmux Option',
  description: 'Set a tmux option at server, session, window or pane scope; tmux checks name and value.',
  input: SetOptionInput,
  output: OptionSetResult,
})
export class SetOptionTool implements ToolHandler<SetOptionInput, OptionSetResult> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly scopes: OptionScopeService,
    private readonly options: OptionValueService,
  ) {}

  async execute(input: SetOptionInput): Promise<OptionSetResult> {
    const engine = this.pool.engineOf(input);
    const flags = await this.scopes.flags(engine, input, 'option');
    try {
      await this.options.write(engine, flags, input.option, input.value);
    } catch (err) {
      // tmux quotes a rejected value in its error; `value` is never echoed
      // (docs/reference/tools.md#set_option).
      if (err instanceof LibTmuxException) {
        const redacted = redactValue(err.message, input.value);
        if (redacted !== err.message) throw new LibTmuxException(redacted);
      }
      throw err;
    }
    return { option: input.option, value: input.value, status: 'set' };
  }
}

/**
 * tmux 3.3a names a rejected value last, after `<reason>: ` (`unknown value: x`, `value is
 * invalid: x`, `invalid style: x`, `unknown command: <first word>` for command options), and the
 * engines trim its text, so a value's trailing whitespace is gone there. Replace that tail as a
 * whole: splitting the message on a short value (`e`) would mangle tmux's own words, and an
 * exact-match search misses a trimmed value or a part of it.
 */
export function redactValue(message: string, value: string): string {
  if (value.trim() === '') return message;
  for (let i = message.indexOf(': '); i >= 0; i = message.indexOf(': ', i + 1)) {
    const tail = message.slice(i + 2);
    if (tail.trim() !== '' && value.includes(tail)) return `${message.slice(0, i + 2)}<value>`;
  }
  // Anywhere else tmux might quote it.
  const found = [value, value.trim()].find((f) => message.includes(f));
  return found === undefined ? message : message.split(found).join('<value>');
}
