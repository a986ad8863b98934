import type { Next, ToolCall, ToolInterceptor } from './tool-interceptor';
import type { ToolResult } from './tool-result';

/** Composes interceptors (already sorted outer → inner) around a terminal step. */
export function runChain(
  interceptors: readonly ToolInterceptor[],
  call: ToolCall,
  terminal: (call: ToolCall) => Promise<ToolResult>,
): Promise<ToolResult> {
  const step =
    (i: number): Next =>
    () =>
      i < interceptors.length ? interceptors[i].intercept(call, step(i + 1)) : terminal(call);
  return step(0)();
}

export function sortInterceptors<T extends ToolInterceptor>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.order - b.order);
}
