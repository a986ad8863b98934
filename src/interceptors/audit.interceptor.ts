import { appendFileSync, openSync, closeSync } from 'node:fs';
import { DependencyContainer, inject, injectable } from 'tsyringe';
import { LOCAL_HOST_NAME } from '../config/config.parser';
import { SERVER_CONFIG, ServerConfig } from '../config/server-config';
import { errorTypeOf, ValidationError } from '../framework/errors/tool-errors';
import type { LoggerFactory } from '../framework/logging/logger.factory';
import type { ToolCallContext } from '../framework/pipeline/call-context';
import { Next, ORDER, ToolCall, ToolInterceptor } from '../framework/pipeline/tool-interceptor';
import type { ToolResult } from '../framework/pipeline/tool-result';
import { TOOL_DISPATCHER } from '../framework/pipeline/tool-dispatcher';
import { CONTAINER, LOGGER_FACTORY, resolveToken } from '../framework/tokens';
import { pyTypeName } from '../services/filter.service';
import { rejectedLocs, summarizeArgs } from './audit-redaction';
import type { Class } from '../framework/types';

export interface AuditRecord {
  tool: string;
  outcome: 'ok' | 'error';
  error_type?: string;
  duration_ms: number;
  client_id: string | null;
  request_id: string | number | null;
  /** The remote destination the call targeted, or null for this machine (docs/reference/safety.md#audit-log). */
  host: string | null;
  args: Record<string, unknown>;
}

/** Raised at start when the audit file cannot be opened (exit 1, docs/reference/configuration.md#start-up-failures). */
export class AuditFileError extends Error {}

/**
 * One record per tool call, including denied, invalid and unknown-tool calls
 * (docs/reference/safety.md#audit-log). Sits inside the error-result layer so it sees the raw
 * exception type.
 */
@injectable()
export class AuditInterceptor implements ToolInterceptor {
  readonly order = ORDER.AUDIT;
  private readonly log;
  private readonly file: string | null;
  private readonly hosts: readonly string[];

  constructor(
    @inject(LOGGER_FACTORY) loggers: LoggerFactory,
    @inject(SERVER_CONFIG) config: ServerConfig,
    @inject(CONTAINER) private readonly container: DependencyContainer,
  ) {
    this.log = loggers('tmux_mcp.audit');
    this.file = config.auditLog;
    this.hosts = config.hosts;
    if (this.file) {
      try {
        // Owner-only when created: the file records every call (docs/reference/safety.md#audit-file).
        // An existing file keeps the mode its owner gave it.
        closeSync(openSync(this.file, 'a', 0o600));
      } catch (err) {
        throw new AuditFileError(`cannot open audit log ${this.file}: ${(err as Error).message}`);
      }
    }
  }

  intercept(call: ToolCall, next: Next): Promise<ToolResult> {
    // Nobody reads the record (info off, no audit file): no extra async frame per call.
    if (!this.file && !this.log.isLevelEnabled('info')) return next();
    return this.audited(call, next);
  }

  private async audited(call: ToolCall, next: Next): Promise<ToolResult> {
    const t0 = performance.now();
    let r: ToolResult;
    try {
      r = await next();
    } catch (err) {
      const errorType = errorTypeOf(err) === 'UnexpectedError' && err instanceof Error ? err.name : errorTypeOf(err);
      this.record(call.tool.name, call.tool.meta.input, call.args, call.ctx, t0, 'error', errorType, err, call.input !== undefined);
      throw err;
    }
    const reported = r._meta?.error_type;
    const errorType = r.isError ? (typeof reported === 'string' ? reported : 'ToolError') : undefined;
    this.record(
      call.tool.name,
      call.tool.meta.input,
      call.args,
      call.ctx,
      t0,
      r.isError ? 'error' : 'ok',
      errorType,
      undefined,
      call.input !== undefined,
    );
    return r;
  }

  onUnknownTool(name: string, args: Record<string, unknown>, ctx: ToolCallContext): void {
    this.record(name, undefined, args, ctx, performance.now(), 'error', 'NotFoundError');
  }

  /** `host` values a call may name: this machine or a configured destination (others are digested). */
  private hostAccepted = (host: string): boolean => host === LOCAL_HOST_NAME || this.hosts.includes(host);

  /** The input class of a tool a batch operation names (undefined: no such tool). */
  private nestedInput = (tool: string): Class | undefined => resolveToken(this.container, TOOL_DISPATCHER).descriptor(tool)?.meta.input;

  /**
   * Writes the call's record; never throws. The audit step never replaces a tool's result
   * (docs/reference/safety.md#audit-log): if the redaction fails, the failure is logged (its type
   * only) and the record is still written, every argument reduced to its type.
   */
  private record(...a: Parameters<AuditInterceptor['write']>): void {
    try {
      this.write(...a);
    } catch (err) {
      this.log.error(`could not summarize the arguments of a ${a[0]} call: ${err instanceof Error ? err.name : typeof err}`);
      try {
        const [tool, , args, ctx, t0, outcome, errorType] = a;
        const typed = Object.fromEntries(Object.entries(args ?? {}).map(([k, v]) => [k, { type: pyTypeName(v), redacted: true }]));
        // validated=true: the typed stand-ins are written as they are, nothing checked again.
        this.write(tool, undefined, typed, ctx, t0, outcome, errorType, undefined, true);
      } catch (again) {
        this.log.error(`could not write the audit record of a ${a[0]} call: ${again instanceof Error ? again.name : typeof again}`);
      }
    }
  }

  private write(
    tool: string,
    input: Class | undefined,
    args: Record<string, unknown>,
    ctx: ToolCallContext,
    t0: number,
    outcome: 'ok' | 'error',
    errorType?: string,
    err?: unknown,
    /** Validation passed (the call has its input instance): no argument was rejected. */
    validated = false,
  ): void {
    // Redaction and formatting only when someone reads the record: the stderr line at info,
    // or the audit file (written whatever the log level: docs/reference/safety.md#audit-file).
    const toLog = this.log.isLevelEnabled('info');
    if (!toLog && !this.file) return;
    const rec: AuditRecord = {
      tool,
      outcome,
      ...(errorType ? { error_type: errorType } : {}),
      duration_ms: Number((performance.now() - t0).toFixed(2)),
      client_id: ctx.clientId,
      request_id: ctx.requestId,
      // Only a configured destination: a host the call named but the operator did not list
      // reached nothing (the argument itself is in args, redacted like any other).
      host: typeof args?.host === 'string' && this.hosts.includes(args.host) ? args.host : null,
      args: this.summary(input, args ?? {}, outcome, err, validated),
    };
    if (toLog) {
      const et = errorType ? ` error_type=${errorType}` : '';
      this.log.info(
        `tool=${tool} outcome=${outcome}${et} duration_ms=${rec.duration_ms.toFixed(2)} client_id=${rec.client_id ?? 'None'} request_id=${rec.request_id ?? 'None'}${rec.host === null ? '' : ` host=${rec.host}`} args=${JSON.stringify(rec.args)}`,
      );
    }
    if (this.file) {
      try {
        // Synchronous append: a record is never lost to a crash or a fast exit (docs/reference/safety.md#audit-file).
        appendFileSync(this.file, JSON.stringify(rec) + '\n');
      } catch (err) {
        this.log.warn(`could not write the audit file: ${(err as Error).message}`);
      }
    }
  }

  /**
   * A successful call had every argument accepted; a failed one may not have (its validation
   * error says which, else validation may not have run, e.g. a call refused by the tier gate, and
   * the arguments are checked here, unless validation passed before the call failed).
   */
  private summary(
    input: Class | undefined,
    args: Record<string, unknown>,
    outcome: 'ok' | 'error',
    err: unknown,
    validated: boolean,
  ): Record<string, unknown> {
    const rejected =
      outcome === 'ok' || validated ? [] : err instanceof ValidationError ? err.rejected.map((r) => r.loc) : rejectedLocs(input, args);
    return summarizeArgs(args, {
      input,
      rejected,
      failed: outcome === 'error',
      nestedInput: this.nestedInput,
      hostAccepted: this.hostAccepted,
    });
  }
}
