import { inject, injectable } from 'tsyringe';
import { SERVER_CONFIG, ServerConfig } from '../config/server-config';
import { TmuxCompletionService } from '../services/tmux-completion.service';
import { paneIdArg, secondsArg } from './prompt-args';
import { pyRepr, shortNumber } from './python-repr';
import { TmuxPrompt } from './tmux-prompt.base';

/**
 * run_and_wait (docs/reference/resources-and-prompts.md#run_and_wait): teaches run_command, the
 * one-call authored-command primitive, and wait_for_run for a run that outlives its call. The body never names the low-level channel tool nor a
 * typed-keys-then-poll-the-screen loop.
 */
@injectable()
export class RunAndWaitPrompt extends TmuxPrompt {
  readonly name = 'run_and_wait';
  readonly title = 'Run a Command and Wait';
  readonly description =
    'Run a shell command in a tmux pane and wait for it to finish, using run_command: it sends the command, waits for completion and returns the exit status and output in one typed result.';
  readonly arguments = [
    { name: 'command', description: 'The shell command to run.', required: true },
    { name: 'pane_id', description: "Target pane id, e.g. '%1'.", required: true },
    { name: 'timeout', description: 'Seconds to wait for the command to finish (default 60).', required: false },
  ];

  constructor(
    completions: TmuxCompletionService,
    @inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {
    super(completions);
  }

  render(args: Readonly<Record<string, string>>): string {
    const pane = paneIdArg(args.pane_id);
    const command = args.command;
    const timeout = args.timeout === undefined ? 60 : secondsArg('timeout', args.timeout);
    // A multi-line command cannot be kept out of shell history (the leading-space trick works per line).
    const multiline = /[\n\r]/.test(command);
    const lines = [
      `Run a shell command in tmux pane ${pane}, wait until it finishes, and read the typed result:`,
      '',
      '```python',
      'result = run_command(',
      `    pane_id=${pyRepr(pane)},`,
      `    command=${pyRepr(command)},`,
      ...(multiline ? ['    suppress_history=False,'] : []),
      `    timeout=${shortNumber(timeout)},`,
      '    max_lines=100,',
      ')',
      '```',
      ...(multiline
        ? ['', 'This command spans several lines, so shell-history suppression is off for it: it may be recorded by the shell.']
        : []),
      '',
      'Decide what happened from `result.state`, `result.exit_status` and `result.output`. `run_command`',
      'waits for completion itself and keeps the tail of the output, so do not type the command and then',
      'poll the screen for it.',
      '',
      `The wait is capped by the server's wait ceiling (${shortNumber(this.config.waitMaxSeconds)} s), so read`,
      '`result.effective_timeout` instead of assuming the timeout above was honoured. If the command needs',
      "longer (`result.state == 'running'`), it keeps running in the pane: collect it with",
      '`wait_for_run(run_id=result.run_id)`, as often as needed. Never run it again to get its result.',
      "If `result.state == 'waiting_for_input'`, the command asks a question (`result.prompt`): answer it",
      'with `send_keys`, then `wait_for_run(run_id=result.run_id)`.',
      '',
      'For persistent shell state or keystrokes to a full-screen program (TUI), use `send_keys` or',
      '`send_keys_batch` instead, and follow the later output with `capture_since`.',
      '',
    ];
    return lines.join('\n');
  }
}
