import { injectable } from 'tsyringe';
import { sessionNameArg } from './prompt-args';
import { pyRepr } from './python-repr';
import { TmuxPrompt } from './tmux-prompt.base';

/**
 * build_dev_workspace (docs/reference/resources-and-prompts.md#build_dev_workspace): editor on top,
 * shell bottom-left, logs bottom-right, targeted by pane ids.
 */
@injectable()
export class BuildDevWorkspacePrompt extends TmuxPrompt {
  readonly name = 'build_dev_workspace';
  readonly title = 'Build a Dev Workspace';
  readonly description =
    'Create a three-pane tmux development session: an editor on top, a shell at the bottom left and a log command at the bottom right.';
  readonly arguments = [
    { name: 'session_name', description: 'Name of the new session.', required: true },
    {
      name: 'log_command',
      description: "Command for the logs pane (default 'watch -n 1 date'; e.g. 'tail -f /var/log/syslog' on Linux).",
      required: false,
    },
  ];

  render(args: Readonly<Record<string, string>>): string {
    const name = pyRepr(sessionNameArg(args.session_name));
    const logCommand = pyRepr(args.log_command ?? 'watch -n 1 date');
    return [
      `Set up a three-pane development workspace in a new tmux session named ${name}: an editor on`,
      'top, a shell at the bottom left and a log command at the bottom right.',
      '',
      `1. \`create_session(session_name=${name})\`: the session starts with one pane (pane A, the`,
      '   editor). Keep the returned `active_pane_id` as %A.',
      "2. `split_window(pane_id='%A', direction='below')`: the bottom half becomes pane B (the shell).",
      '   Keep the returned `pane_id` as %B.',
      "3. `split_window(pane_id='%B', direction='right')`: the right half of pane B becomes pane C (the",
      '   logs). Keep the returned `pane_id` as %C.',
      "4. Start the programs with `send_keys`: `send_keys(pane_id='%A', keys='vim')` and",
      `   \`send_keys(pane_id='%C', keys=${logCommand})\`. Leave pane B at its shell prompt. No wait is`,
      "   needed first: tmux queues keystrokes in the pane's terminal even while the shell is starting.",
      '5. Optionally confirm that each program drew something with',
      "   `wait_for_text(pane_id='%A', patterns=null, timeout=3.0)` (and the same for %C). Without",
      '   patterns it returns on any new output, whatever the program shows, so no prompt regex is needed.',
      '',
      'Target panes by their ids (%A, %B and %C stand for the ids you kept) from then on: pane ids stay',
      'stable when the layout changes; window names do not.',
      '',
    ].join('\n');
  }
}
