import { PromptArgumentError } from '../framework/protocol/prompts.handlers';

/**
 * Prompt arguments land in prose the model reads as instructions, so identifiers are validated
 * rather than escaped: a pane id with a newline would start a line of its own instructions. A
 * rejected value is never quoted back (docs/reference/resources-and-prompts.md#prompt-arguments).
 */
export function paneIdArg(value: string): string {
  if (!/^%\d+$/.test(value))
    throw new PromptArgumentError(
      "pane_id must look like '%1'. Prompt text is read as instructions, so a value that is not a pane id would become part of them.",
    );
  return value;
}

/** Session names are nearly free-form; refuse only what tmux refuses or what would restructure the text. */
export function sessionNameArg(value: string): string {
  if (!value || /[\u0000-\u001f\u007f]/.test(value) || /[:.]/.test(value))
    throw new PromptArgumentError("session_name may not be empty or contain control characters, ':' or '.'.");
  return value;
}

/** A positive finite number of seconds. */
export function secondsArg(name: string, value: string): number {
  const n = Number(value.trim());
  if (!value.trim() || !Number.isFinite(n) || n <= 0) throw new PromptArgumentError(`${name} must be a positive number of seconds`);
  return n;
}
