/**
 * Argument encoding for the two ways of handing tmux a command
 * (docs/reference/engine.md#quoting-parity): both must deliver every argument to tmux's argument
 * parser byte-identical to the string the caller gave.
 */

/** Words tmux's control-mode lexer reads literally when unquoted (no `~ $ # ; { } ' " \`). */
const BARE = /^[A-Za-z0-9_@%:.,/+^-]+$/;
/**
 * A bare word tmux's lexer reads as a token although it starts with `%`: only `%` and digits
 * (a pane id such as `%12`). Any other bare word starting with `%` is a directive to tmux's
 * parser (`%if`, `%elif`, `%else`, `%endif`, `%hidden`) or a syntax error
 * (docs/reference/engine.md#quoting-parity).
 */
const PERCENT_TOKEN = /^%[%0-9]*$/;
/** Characters that force the double-quoted form: C0 controls and DEL cannot travel raw. */
const CONTROL = /[\x00-\x1f\x7f]/;

/**
 * Quotes one argument for a control-mode command line (tmux's own cmd-parse lexer reads it):
 * - safe words stay bare (readable logs), except a word starting with `%` that is not a pane id;
 * - otherwise single quotes, inside which tmux expands nothing (`$`, `~`, `\`, `#` literal);
 * - a value with `'` or control characters uses double quotes, escaping `\ " $` and a `~`
 *   (tmux expands `~` at the start of a quoted run) and writing controls as octal `\ooo`,
 *   so no raw newline (which would end the command) ever reaches the line.
 * The empty or blank string is quoted too: an empty stdin line would detach the client.
 */
export function quoteControlArg(value: string): string {
  if (value.includes('\0')) {
    // Same failure the subprocess engine gets from Node's argv check (a C string cannot hold NUL).
    throw new TypeError('The argument contains a null byte (NUL), which tmux cannot receive');
  }
  if (BARE.test(value) && (value[0] !== '%' || PERCENT_TOKEN.test(value))) return value;
  if (!value.includes("'") && !CONTROL.test(value)) return `'${value}'`;
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === '"' || ch === '$' || ch === '~') out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** One control-mode command line (no trailing newline). */
export function formatControlLine(args: readonly string[]): string {
  if (args.length === 0) throw new TypeError('empty tmux command');
  return args.map(quoteControlArg).join(' ');
}

/**
 * Protects an argument on a subprocess argv. tmux (3.3a `cmd_parse_from_arguments`) treats an
 * argv word ending in `;` as a command separator and drops the `;` (and turns a final `\;`
 * into `;`), so `set @x 'a;'` stores `a`. Writing the final `;` as `\;` makes tmux keep the
 * word exactly as given; nothing else in an argv word is special to tmux.
 */
export function escapeExecArg(value: string): string {
  return value.endsWith(';') ? `${value.slice(0, -1)}\\;` : value;
}
