import winston from 'winston';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';
export type LoggerFactory = (name: string) => winston.Logger;

/**
 * Root logger: every level goes to stderr (stdout is the JSON-RPC channel, SPEC B13).
 * Children carry a `logger` name such as `tmux_mcp.audit` (SPEC C15).
 */
export function createRootLogger(level: LogLevel): winston.Logger {
  return winston.createLogger({
    level,
    format: winston.format.combine(
      winston.format.timestamp(),
      winston.format.printf(
        (i) => `${String(i.timestamp)} ${i.level.toUpperCase()} ${String(i.logger ?? 'tmux_mcp')}: ${String(i.message)}`,
      ),
    ),
    transports: [
      new winston.transports.Console({
        stderrLevels: ['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly'],
      }),
    ],
  });
}

export function loggerFactoryFor(root: winston.Logger): LoggerFactory {
  const cache = new Map<string, winston.Logger>();
  return (name) => {
    let l = cache.get(name);
    if (!l) {
      l = gateLevels(root, root.child({ logger: name }));
      cache.set(name, l);
    }
    return l;
  };
}

/**
 * winston formats every record (timestamp, printf, object copies, a trip through its streams)
 * and only then lets the transport drop it by level. The timing and audit lines run on every
 * tool call (SPEC §3), so a disabled level must cost nothing: the child's level methods ask
 * `isLevelEnabled` first. The check is live, so a level changed at run time still applies.
 */
function gateLevels(root: winston.Logger, child: winston.Logger): winston.Logger {
  const target = child as unknown as Record<string, unknown>;
  for (const level of Object.keys(root.levels)) {
    const write = target[level];
    if (typeof write !== 'function') continue;
    target[level] = function (this: unknown, ...args: unknown[]) {
      return root.isLevelEnabled(level) ? (write as (...a: unknown[]) => unknown).apply(this ?? child, args) : child;
    };
  }
  const log = child.log;
  target.log = function (this: unknown, ...args: unknown[]) {
    if (typeof args[0] === 'string' && !root.isLevelEnabled(args[0])) return child;
    return (log as (...a: unknown[]) => unknown).apply(this ?? child, args);
  };
  return child;
}

/** Resolves once every transport of `logger` has written what it was given. */
export function flushLogger(logger: winston.Logger, timeoutMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    logger.on('finish', () => {
      clearTimeout(timer);
      resolve();
    });
    logger.end();
  });
}
