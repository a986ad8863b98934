/**
 * Calls and failed calls per tool name, since the server started: one store, filled by
 * CallStatsInterceptor (call-stats.interceptor.ts) and read by CallStatsResource
 * (call-stats.resource.ts). index.ts makes it and hands it to both.
 */
export class CallStats {
  private readonly byTool = new Map<string, { calls: number; errors: number }>();

  record(tool: string, failed: boolean): void {
    const s = this.byTool.get(tool) ?? { calls: 0, errors: 0 };
    s.calls++;
    if (failed) s.errors++;
    this.byTool.set(tool, s);
  }

  get(tool: string): { calls: number; errors: number } | undefined {
    return this.byTool.get(tool);
  }

  tools(): string[] {
    return [...this.byTool.keys()];
  }
}
