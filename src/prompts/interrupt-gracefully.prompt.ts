import { injectable } from 'tsyringe';
import { paneIdArg } from './prompt-args';
import { pyRepr } from './python-repr';
import { TmuxPrompt } from './tmux-prompt.base';

/**
 * interrupt_gracefully (docs/reference/resources-and-prompts.md#interrupt_gracefully): C-c, wait
 * for a prompt with NO stop list (the terminal echoes ^C whenever SIGINT is delivered, so stopping
 * on it marks success as failure), re-check the command, never escalate on its own.
 */
@injectable()
export class InterruptGracefullyPrompt extends TmuxPrompt {
  readonly name = 'interrupt_gracefully';
  readonly title = 'Interrupt Gracefully';
  readonly description =
    'Interrupt the command running in a tmux pane with C-c and verify that the shell prompt came back, without escalating to SIGQUIT or kill.';
  readonly arguments = [{ name: 'pane_id', description: "Target pane id, e.g. '%1'.", required: true }];

  render(args: Readonly<Record<string, string>>): string {
    const pane = pyRepr(paneIdArg(args.pane_id));
    return [
      `Interrupt whatever is running in tmux pane ${args.pane_id} and verify that control returns to the shell:`,
      '',
      `1. \`get_pane_info(pane_id=${pane})\`: note \`pane_current_command\`, the program you want to stop.`,
      '   Comparing it before and after is the reliable check.',
      `2. \`send_keys(pane_id=${pane}, keys="C-c", literal=False, enter=False)\`: tmux sends C-c as the`,
      '   interrupt key (SIGINT).',
      `3. \`wait_for_text(pane_id=${pane}, patterns=["\\\\$", "#", "%", ">"], regex=True, timeout=5.0)\`:`,
      "   waits for a common shell prompt character; adjust the patterns to the user's prompt. Give no",
      '   `stop` list, and in particular do not stop on `^C`: the terminal echoes `^C` whenever the',
      '   interrupt is delivered, even when the program then exits, so it would mark success as failure.',
      `4. Call \`get_pane_info(pane_id=${pane})\` again. If \`pane_current_command\` is a shell again, the`,
      '   interrupt worked, whatever the wait returned (it can time out on a prompt you did not predict).',
      '5. Only if `pane_current_command` is unchanged is the program ignoring the interrupt. Stop and ask',
      '   the user how to proceed: do NOT escalate on your own to `C-\\` (SIGQUIT) or to kill.',
      '',
    ].join('\n');
  }
}
