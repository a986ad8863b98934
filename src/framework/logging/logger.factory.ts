import winston from 'winston';
import { StderrGuard } from './stderr-guard.stream';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';
export type LoggerFactory = (name: string) => winston.Logger;

/**
 * Root logger: every level goes to stderr (stdout is the JSON-RPC channel: docs/reference/protocol.md#server-logs).
 * Children carry a `logger` name such as `tmux_mcp.audit` (docs/reference/protocol.md#logger-names).
 */
export function createRootLogger(level: LogLevel): winston.Logger {
  return winston.createLogger({
    level,
    format: winston.format.combine(
      winston.format.timestamp(),
      winston.format.printf(
        (i) =>
          `${String(i.timestamp)} ${i.level.toUpperCase()} ${typeof i.logger === 'string' ? i.logger : 'tmux_mcp'}: ${String(i.message)}`,
      ),
    ),
    // Every level to stderr, through a guard: a failing write never ends the server
    // (docs/reference/protocol.md#server-logs).
    transports: [new winston.transports.Stream({ stream: new StderrGuard() })],
  });
}

/**
 * One cached child per name. winston formats a record (timestamp, printf, object copies, a trip
 * through its streams) before its transport drops it by level, so lines written on every call
 * (timing, audit) ask `isLevelEnabled` at the call site first; the answer follows the root level,
 * also when it is changed at run time.
 */
export function loggerFactoryFor(root: winston.Logger): LoggerFactory {
  const cache = new Map<string, winston.Logger>();
  return (name) => {
    let l = cache.get(name);
    if (!l) {
      l = root.child({ logger: name });
      cache.set(name, l);
    }
    return l;
  };
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
