import type { CallResult, McpHarness } from './mcp-harness';

/** Shape checks shared by the hardening suites. */

/** An isError result with an expected, non-empty, agent-readable text (docs/reference/errors.md#error-types), never a crash text. */
export function expectClearError(r: CallResult, what = 'call'): string {
  const text = r.content?.[0]?.text ?? '';
  if (!r.isError) throw new Error(`${what}: expected an isError result, got ${JSON.stringify(r).slice(0, 300)}`);
  const meta = r._meta ?? {};
  if (meta.expected !== true || !text.trim() || /^Unexpected error/.test(text))
    throw new Error(`${what}: not a clear expected error: ${JSON.stringify({ text: text.slice(0, 300), meta })}`);
  return text;
}

/** A settled call is fine when it succeeded or failed with a clear expected error. */
export function expectOkOrClearError(r: CallResult, what = 'call'): void {
  if (r.isError) expectClearError(r, what);
}

/** Calls a tool and reports the first progress notification (the wait has started). */
export function callWithProgress(
  h: McpHarness,
  name: string,
  args: Record<string, unknown>,
  signal?: AbortSignal,
): { result: Promise<CallResult>; started: Promise<void> } {
  let onStart!: () => void;
  const started = new Promise<void>((r) => (onStart = r));
  const result = h.call(name, args, { signal, onprogress: () => onStart() });
  // A call that ends before any progress still counts as "started" for the caller's sequencing.
  void result.then(onStart, onStart);
  return { result, started };
}
