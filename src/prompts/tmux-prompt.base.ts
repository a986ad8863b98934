import { injectable } from 'tsyringe';
import type { PromptArgumentDef, PromptProvider } from '../framework/protocol/prompts.handlers';
import type { CompletionContext } from '../framework/protocol/resources.handlers';
import { TmuxCompletionService } from '../services/tmux-completion.service';

/** Arguments completed from live tmux state (docs/reference/resources-and-prompts.md#completions): the others are free text. */
const COMPLETABLE = new Set(['pane_id', 'session_name']);

/**
 * Decorated so its constructor's parameter types are emitted: subclasses without a constructor
 * of their own inherit them through the prototype chain.
 */
const injectableBase = injectable() as unknown as ClassDecorator;

/** Shared wiring of the tmux prompts: completion of pane ids and session names. */
@injectableBase
export abstract class TmuxPrompt implements PromptProvider {
  abstract readonly name: string;
  abstract readonly title: string;
  abstract readonly description: string;
  abstract readonly arguments: readonly PromptArgumentDef[];

  constructor(private readonly completions: TmuxCompletionService) {}

  abstract render(args: Readonly<Record<string, string>>): string;

  async complete(argument: string, _value: string, context: CompletionContext): Promise<string[]> {
    return COMPLETABLE.has(argument) ? this.completions.complete(argument, context) : [];
  }
}
