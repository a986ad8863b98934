import { openSync, closeSync } from 'node:fs';
import { DependencyContainer, inject, injectable } from 'tsyringe';
import { LOCAL_HOST_NAME } from '../config/settings.table';
import { SERVER_CONFIG, ServerConfig } from '../config/server-config';
import { errorTypeOf } from '../framework/errors/tool-errors';
import type { LoggerFactory } from '../framework/logging/logger.factory';
import type { ToolCallContext } from '../framework/pipeline/call-context';
import { CallValidation, Next, ORDER, ToolCall, ToolInterceptor } from '../framework/pipeline/tool-interceptor';
import type { ToolResult } from '../framework/pipeline/tool-result';
import { TOOL_DISPATCHER } from '../framework/pipeline/tool-dispatcher';
import { CONTAINER, LOGGER_FACTORY, resolveToken } from '../framework/tokens';
import { pyTypeName } from '../services/filter.service';
import { AuditFileWriter } from './audit-file.writer';
import { type Loc, type NestedReading, rejectedLocs, summarizeArgs } from './audit-redaction';
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
  /** The call asked the user first (docs/reference/safety.md#confirmation): whether they said yes. Never their answer's text. */
  confirmed?: boolean;
}

/** One call as the audit record sees it: built once, from the call and how it ended. */
interface AuditedCall {
  readonly tool: string;
  /** The tool's input class; undefined for a name no tool has. */
  readonly input: Class | undefined;
  readonly args: Record<string, unknown>;
  readonly ctx: ToolCallContext;
  readonly t0: number;
  readonly outcome: 'ok' | 'error';
  readonly errorType?: string;
  /** The validation layer's outcome (docs/architecture.md#validation-outcome); undefined if validation never ran. */
  readonly validation?: CallValidation;
  /** The confirmation layer's outcome; undefined if the call asked nothing. */
  readonly confirmed?: boolean;
}

/** Raised at start when the audit file cannot be opened (exit 1, docs/reference/configuration.md#start-up-failures). */
export class AuditFileError extends Error {}

/**
 * One record per tool call, including denied, invalid and unknown-tool calls
 * (docs/reference/safety.md#audit-log). Sits inside the error-result layer so it sees the raw
 * exception type. Which arguments were rejected it reads from the validation layer's outcome on
 * the call; it validates only the arguments validation never saw (docs/architecture.md#validation-outcome).
 */
@injectable()
export class AuditInterceptor implements ToolInterceptor {
  readonly order = ORDER.AUDIT;
  private readonly log;
  private readonly file: string | null;
  private readonly fileWriter: AuditFileWriter | null;
  private readonly hosts: readonly string[];
  /**
   * The validation outcome of each nested call of a batch wrapper, by its arguments object (the
   * very object of the wrapper's `operations[i].arguments`): the wrapper's record, written after
   * its operations ran, reads them here. Weak: an entry goes with its request.
   */
  private readonly nestedOutcomes = new WeakMap<object, { readonly tool: string; readonly validation: CallValidation }>();

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
    this.fileWriter = this.file ? new AuditFileWriter(this.file, this.log) : null;
  }

  intercept(call: ToolCall, next: Next): Promise<ToolResult> {
    // Nobody reads the record (info off, no audit file): no extra async frame per call.
    if (!this.reads()) return next();
    return this.audited(call, next);
  }

  /** Someone reads the records: the stderr line at info, or the audit file (written whatever the level: docs/reference/safety.md#audit-file). */
  private reads(): boolean {
    return this.file !== null || this.log.isLevelEnabled('info');
  }

  private async audited(call: ToolCall, next: Next): Promise<ToolResult> {
    const t0 = performance.now();
    const audited = (outcome: 'ok' | 'error', errorType: string | undefined): AuditedCall => {
      // A nested call leaves its outcome for its wrapper's record, which is written after it.
      if (call.ctx.depth > 0 && call.validation) this.nestedOutcomes.set(call.args, { tool: call.tool.name, validation: call.validation });
      return {
        tool: call.tool.name,
        input: call.tool.meta.input,
        args: call.args,
        ctx: call.ctx,
        t0,
        outcome,
        errorType,
        validation: call.validation,
        confirmed: call.confirmed,
      };
    };
    let r: ToolResult;
    try {
      r = await next();
    } catch (err) {
      const errorType = errorTypeOf(err) === 'UnexpectedError' && err instanceof Error ? err.name : errorTypeOf(err);
      this.record(audited('error', errorType));
      throw err;
    }
    const reported = r._meta?.error_type;
    this.record(r.isError ? audited('error', typeof reported === 'string' ? reported : 'ToolError') : audited('ok', undefined));
    return r;
  }

  onUnknownTool(name: string, args: Record<string, unknown>, ctx: ToolCallContext): void {
    this.record({ tool: name, input: undefined, args, ctx, t0: performance.now(), outcome: 'error', errorType: 'NotFoundError' });
  }

  /** `host` values a call may name: this machine or a configured destination (others are digested). */
  private hostAccepted = (host: string): boolean => host === LOCAL_HOST_NAME || this.hosts.includes(host);

  /**
   * A batch operation's `arguments`, read with the named tool's input class and what that tool
   * rejected: the nested call's own validation outcome when the operation ran; validated here
   * only when it did not (refused by the wrapper, after a stop, or the wrapper itself was invalid).
   */
  private nestedReading = (tool: string, args: Record<string, unknown>): NestedReading => {
    const input = resolveToken(this.container, TOOL_DISPATCHER).descriptor(tool)?.meta.input;
    const seen = this.nestedOutcomes.get(args);
    if (input && seen?.tool === tool) return { input, rejected: rejectedOf(seen.validation) };
    return { input, rejected: rejectedLocs(input, args) };
  };

  /**
   * Writes the call's record; never throws. The audit step never replaces a tool's result
   * (docs/reference/safety.md#audit-log): if the redaction fails, the failure is logged (its type
   * only) and the record is still written, every argument reduced to its type.
   */
  private record(call: AuditedCall): void {
    // Redaction and formatting only when someone reads the record.
    if (!this.reads()) return;
    try {
      this.write(call, this.summary(call), this.hostOf(call.args));
    } catch (err) {
      this.log.error(`could not summarize the arguments of a ${call.tool} call: ${err instanceof Error ? err.name : typeof err}`);
      try {
        // The typed stand-ins are written as they are, nothing checked again; no host is read from them.
        const typed = Object.fromEntries(Object.entries(call.args ?? {}).map(([k, v]) => [k, { type: pyTypeName(v), redacted: true }]));
        this.write(call, typed, null);
      } catch (again) {
        this.log.error(`could not write the audit record of a ${call.tool} call: ${again instanceof Error ? again.name : typeof again}`);
      }
    }
  }

  /**
   * Only a configured destination: a host the call named but the operator did not list reached
   * nothing (the argument itself is in args, redacted like any other).
   */
  private hostOf(args: Record<string, unknown> | undefined): string | null {
    return typeof args?.host === 'string' && this.hosts.includes(args.host) ? args.host : null;
  }

  /** The one record of a call, on the stderr line and in the audit file. */
  private write(call: AuditedCall, args: Record<string, unknown>, host: string | null): void {
    const rec: AuditRecord = {
      tool: call.tool,
      outcome: call.outcome,
      ...(call.errorType ? { error_type: call.errorType } : {}),
      duration_ms: Number((performance.now() - call.t0).toFixed(2)),
      client_id: call.ctx.clientId,
      request_id: call.ctx.requestId,
      host,
      args,
      ...(call.confirmed !== undefined && { confirmed: call.confirmed }),
    };
    if (this.log.isLevelEnabled('info')) {
      const et = rec.error_type ? ` error_type=${rec.error_type}` : '';
      this.log.info(
        `tool=${rec.tool} outcome=${rec.outcome}${et} duration_ms=${rec.duration_ms.toFixed(2)} client_id=${rec.client_id ?? 'None'} request_id=${rec.request_id ?? 'None'}${rec.host === null ? '' : ` host=${rec.host}`}${rec.confirmed === undefined ? '' : ` confirmed=${rec.confirmed}`} args=${JSON.stringify(rec.args)}`,
      );
    }
    // Synchronous, whole records only, one warning per failing stretch (docs/reference/safety.md#audit-file).
    this.fileWriter?.append(JSON.stringify(rec));
  }

  /**
   * The record's `args`. A successful call had every argument accepted; a failed one may not
   * have: validation's outcome says which, and a call validation never saw (refused by the tier
   * gate before it ran, an unknown tool) has its arguments checked here.
   */
  private summary(call: AuditedCall): Record<string, unknown> {
    const rejected = call.outcome === 'ok' ? [] : call.validation ? rejectedOf(call.validation) : rejectedLocs(call.input, call.args ?? {});
    return summarizeArgs(call.args ?? {}, {
      input: call.input,
      rejected,
      failed: call.outcome === 'error',
      nested: this.nestedReading,
      hostAccepted: this.hostAccepted,
    });
  }
}

/** The arguments validation rejected: none if it passed (the call failed later), else those its error names. */
function rejectedOf(v: CallValidation): readonly Loc[] {
  return v.error ? v.error.rejected.map((r) => r.loc) : [];
}
