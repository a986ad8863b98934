import { injectable } from 'tsyringe';
import { paneIdArg } from './prompt-args';
import { pyRepr } from './python-repr';
import { TmuxPrompt } from './tmux-prompt.base';

/**
 * diagnose_failing_pane (docs/reference/resources-and-prompts.md#diagnose_failing_pane): read
 * everything in one call, then plan without executing.
 */
@injectable()
export class DiagnoseFailingPanePrompt extends TmuxPrompt {
  readonly name = 'diagnose_failing_pane';
  readonly title = 'Diagnose a Failing Pane';
  readonly description =
    'Gather the state of a tmux pane with snapshot_pane (content, cursor, mode and scroll state in one call) and propose a root-cause hypothesis before running anything.';
  readonly arguments = [{ name: 'pane_id', description: "The pane to diagnose, e.g. '%1'.", required: true }];

  render(args: Readonly<Record<string, string>>): string {
    const pane = pyRepr(paneIdArg(args.pane_id));
    return [
      `Something went wrong in tmux pane ${args.pane_id}. Diagnose it before changing anything:`,
      '',
      `1. Call \`snapshot_pane(pane_id=${pane})\`: one call returns the screen content, the cursor`,
      '   position, the pane mode and the scroll state.',
      '2. If `content_truncated` is true, call it again with `max_lines=None` to get everything.',
      `3. To watch the pane over more than one turn, call \`capture_since(pane_id=${pane})\`, keep the`,
      '   returned `cursor`, and pass it to each later `capture_since(cursor=...)` call.',
      '4. Identify the last command that ran (the prompt line and the line above it) and its last',
      '   non-empty output line.',
      '5. Propose a root-cause hypothesis and one minimal command that would confirm it. Do NOT',
      '   execute anything yet: produce the plan first.',
      '',
    ].join('\n');
  }
}
