// An ESM plugin adding an interceptor: a per-tool rate limit.
//
// Loaded with `tmux-mcp --plugin ./examples/plugin-interceptor/index.mjs`. Plain JavaScript: an
// interceptor needs no decorators. It sits between the audit layer (400) and the readonly-retry
// layer (500), so refused calls are still audited and become isError results with _meta.
//
// RATE_LIMIT_PER_MINUTE (default 60) bounds calls per tool name in any sliding 60 s window.

/** @type {import('tmux-mcp-ts').McpPlugin} */
const plugin = {
  name: 'example-rate-limit',
  register(container, api) {
    // `api` carries the server's own copy of the framework
    // (docs/reference/configuration.md#what-a-plugin-receives): use it, not an import.
    const { ORDER, ExpectedToolError, tokens } = api;
    const limit = Number(process.env.RATE_LIMIT_PER_MINUTE ?? 60);
    const windowMs = 60_000;

    class RateLimitInterceptor {
      order = (ORDER.AUDIT + ORDER.READONLY_RETRY) / 2;
      /** @type {Map<string, number[]>} */
      seen = new Map();

      async intercept(call, next) {
        const now = Date.now();
        const stamps = (this.seen.get(call.tool.name) ?? []).filter((t) => now - t < windowMs);
        if (stamps.length >= limit) {
          throw new ExpectedToolError(`Rate limit: '${call.tool.name}' was called ${limit} times in the last minute.`, {
            suggestion: 'Wait a little, or batch the work into fewer calls.',
          });
        }
        stamps.push(now);
        this.seen.set(call.tool.name, stamps);
        return next();
      }
    }
    container.register(tokens.INTERCEPTORS, { useValue: new RateLimitInterceptor() });
  },
};

export default plugin;
