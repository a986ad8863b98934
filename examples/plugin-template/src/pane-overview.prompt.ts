import { PromptArgumentError, type PromptArgumentDef, type PromptProvider } from 'tmux-mcp-ts';

/**
 * A prompt: a ready-made instruction the client offers its user (`prompts/get`). The framework
 * checks argument names, types and presence before `render` runs
 * (docs/reference/resources-and-prompts.md#prompt-arguments).
 */
export class PaneOverviewPrompt implements PromptProvider {
  readonly name = 'pane_overview';
  readonly title = 'Pane Overview';
  readonly description = 'Find out what runs in each pane of a tmux session, without typing into any of them.';
  readonly arguments: readonly PromptArgumentDef[] = [{ name: 'session_name', description: 'The session to look at.', required: true }];

  render(args: Readonly<Record<string, string>>): string {
    const name = args.session_name;
    // Prompt text is read as instructions, so a value that becomes part of it is checked rather
    // than escaped, and a rejected value is never quoted back: PromptArgumentError becomes
    // JSON-RPC -32602 with this message (docs/reference/resources-and-prompts.md#prompt-errors).
    if (!name || /[\x00-\x1f\x7f:.'"\\]/.test(name))
      throw new PromptArgumentError("session_name may not be empty or contain control characters, quotes, backslashes, ':' or '.'.");
    return [
      `Find out what runs in the tmux session '${name}':`,
      '',
      `1. \`count_panes(session_name='${name}')\` tells how many panes to expect.`,
      `2. \`list_panes(session_name='${name}')\` gives each pane's id and current command.`,
      '3. `capture_pane(pane_id=...)` shows what a pane displays, where the command alone does not say.',
      '',
      'Report one line per pane: its id, its command and what it is doing. Do not type into any pane.',
    ].join('\n');
  }
}
