import { Writable } from 'node:stream';
import { container } from 'tsyringe';
import winston from 'winston';
import type { ServerConfig } from '../../../src/config/server-config';
import { Field } from '../../../src/framework/decorators/param.decorator';
import { loggerFactoryFor } from '../../../src/framework/logging/logger.factory';
import { getParams } from '../../../src/framework/metadata/param-metadata';
import { normalizeModel, serializeResult } from '../../../src/framework/output/result-serializer';
import type { ToolCall } from '../../../src/framework/pipeline/tool-interceptor';
import type { ToolResult } from '../../../src/framework/pipeline/tool-result';
import { AuditInterceptor } from '../../../src/interceptors/audit.interceptor';
import { TimingInterceptor } from '../../../src/interceptors/timing.interceptor';
import { formatOf, PANE_FIELDS, parseRows, SEP } from '../../../src/services/tmux-formats';

/**
 * The per-call paths (bench 1, bench 6) keep their results: model normalizers and row parsing,
 * the cached param lists, and per-call log lines that cost nothing while their level is off.
 */

class Leaf {
  @Field({ type: 'string' }) name!: string;
}

class Model {
  @Field({ type: 'string' }) id!: string;
  @Field({ type: 'integer', nullable: true }) count!: number | null;
  @Field({ model: Leaf, nullable: true }) leaf!: Leaf | null;
  @Field({ listOf: Leaf }) leaves!: Leaf[];
  @Field({ listOf: Leaf, nullable: true }) maybe!: Leaf[] | null;
  @Field({ type: 'string', optional: true }) ['odd "key"\n']!: string;
}

class Base {
  @Field({ type: 'string' }) a!: string;
}
class Derived extends Base {
  @Field({ type: 'string', optional: true }) b!: string;
}

describe('normalizeModel', () => {
  it('keeps declared fields in order and fills absent ones with null or []', () => {
    const out = normalizeModel(Model, { id: 'x', extra: 1, leaves: [{ name: 'a', junk: true }], maybe: null });
    expect(Object.keys(out)).toEqual(['id', 'count', 'leaf', 'leaves', 'maybe', 'odd "key"\n']);
    expect(out).toEqual({ id: 'x', count: null, leaf: null, leaves: [{ name: 'a' }], maybe: null, 'odd "key"\n': null });
  });

  it('absent nullable lists become [] (only an explicit null stays null), nested models normalize', () => {
    const out = normalizeModel(Model, { id: 'y', leaf: { name: 'n', other: 2 }, ['odd "key"\n']: 'v' });
    expect(out.maybe).toEqual([]);
    expect(out.leaf).toEqual({ name: 'n' });
    expect(out['odd "key"\n']).toBe('v');
    expect(normalizeModel(Model, undefined)).toMatchObject({ id: null, leaves: [] });
  });

  it('a field named __proto__ stays an own property and never sets the prototype', () => {
    class Odd {
      @Field({ type: 'string' }) a!: string;
      @Field({ type: 'string', optional: true }) ['__proto__']!: string;
    }
    const empty = normalizeModel(Odd, {});
    expect(Object.keys(empty)).toEqual(['a', '__proto__']);
    expect(Object.getPrototypeOf(empty)).toBe(Object.prototype);
    const src = JSON.parse('{"a":"x","__proto__":{"polluted":true}}') as unknown;
    const out = normalizeModel(Odd, src);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe('{"a":"x","__proto__":{"polluted":true}}');
    expect((out as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('serializeResult: list text is the compact JSON of the normalized list', () => {
    const r = serializeResult([Leaf], [{ name: 'a', x: 1 }, {}]);
    expect(r.structuredContent).toEqual({ result: [{ name: 'a' }, { name: null }] });
    expect(r.content).toEqual([{ type: 'text', text: '[{"name":"a"},{"name":null}]' }]);
  });
});

describe('getParams (cached)', () => {
  it('lists inherited params base first and is recomputed after a new param is recorded', () => {
    expect(getParams(Derived).map((p) => p.name)).toEqual(['a', 'b']);
    expect(getParams(Derived)).toBe(getParams(Derived));
    // A decorator applied later (another copy of the package, a late subclass) is seen.
    Field({ type: 'string' })(Derived.prototype, 'c');
    expect(getParams(Derived).map((p) => p.name)).toEqual(['a', 'b', 'c']);
  });
});

describe('parseRows', () => {
  it('maps fields in order and pads missing ones with empty strings', () => {
    const fields = ['pane_id', 'pane_title', 'pane_index'];
    const rows = parseRows([`%1${SEP}t${SEP}0`, `%2${SEP}u`], fields);
    expect(rows).toEqual([
      { pane_id: '%1', pane_title: 't', pane_index: '0' },
      { pane_id: '%2', pane_title: 'u', pane_index: '' },
    ]);
  });

  it('a field listed twice appears once, with its last value', () => {
    const rows = parseRows([`%1${SEP}a${SEP}b`], ['pane_id', 'pane_title', 'pane_title']);
    expect(rows).toEqual([{ pane_id: '%1', pane_title: 'b' }]);
    expect(Object.keys(rows[0])).toEqual(['pane_id', 'pane_title']);
  });

  it('folds a separator inside a free-text value back into that field', () => {
    const rows = parseRows([`%1${SEP}a${SEP}b${SEP}0`], ['pane_id', 'pane_title', 'pane_index']);
    expect(rows).toEqual([{ pane_id: '%1', pane_title: `a${SEP}b`, pane_index: '0' }]);
  });

  it('rejects field names that are not plain format names', () => {
    expect(() => parseRows(['x'], ['bad-name'])).toThrow(/invalid tmux format field/);
    expect(() => formatOf(['x}#{y'])).toThrow(/invalid tmux format field/);
  });

  it('the default pane fields parse a full row', () => {
    const values = PANE_FIELDS.map((f, i) => `${f}=${i}`);
    const [row] = parseRows([values.join(SEP)], PANE_FIELDS);
    expect(Object.keys(row)).toEqual([...PANE_FIELDS]);
    expect(row.session_id).toBe(`session_id=${PANE_FIELDS.length - 1}`);
  });
});

describe('per-call log lines', () => {
  function harness(level: string) {
    const lines: string[] = [];
    let formatted = 0;
    const root = winston.createLogger({
      level,
      format: winston.format.printf((i) => {
        formatted++;
        return `${i.level} ${String(i.logger)}: ${String(i.message)}`;
      }),
      transports: [
        new winston.transports.Stream({
          stream: new Writable({
            write(chunk: Buffer, _enc: string, cb: () => void) {
              lines.push(chunk.toString().trim());
              cb();
            },
          }),
        }),
      ],
    });
    return { root, loggers: loggerFactoryFor(root), lines, formatted: () => formatted };
  }

  const ok: ToolResult = { content: [{ type: 'text', text: 'ok' }] };
  const call = {
    tool: { name: 'list_panes', meta: { input: class {} } },
    args: {},
    ctx: { clientId: null, requestId: 7 },
  } as unknown as ToolCall;
  const noAuditFile = { auditLog: null } as unknown as ServerConfig;

  it('timing and audit format nothing while info is off, and write one line each when it is on', async () => {
    const h = harness('warn');
    const timing = new TimingInterceptor(h.loggers);
    const audit = new AuditInterceptor(h.loggers, noAuditFile, container.createChildContainer());
    const run = () => timing.intercept(call, () => audit.intercept(call, async () => ok));
    await expect(run()).resolves.toBe(ok);
    expect(h.formatted()).toBe(0);
    h.root.level = 'info';
    await run();
    expect(h.lines).toHaveLength(2);
    expect(h.lines[0]).toMatch(
      /^info tmux_mcp\.audit: tool=list_panes outcome=ok duration_ms=[\d.]+ client_id=None request_id=7 args=\{\}$/,
    );
    expect(h.lines[1]).toMatch(/^info tmux_mcp\.timing: Request tools\/call completed in [\d.]+ms$/);
  });

  it('children are cached per name, follow the root level at run time, and log with their name', () => {
    const h = harness('warn');
    const log = h.loggers('tmux_mcp.timing');
    expect(h.loggers('tmux_mcp.timing')).toBe(log);
    expect(log.isLevelEnabled('info')).toBe(false);
    log.warn('loud');
    h.root.level = 'info';
    expect(log.isLevelEnabled('info')).toBe(true);
    log.info('now on');
    log.child({ extra: 1 }).info('grandchild');
    expect(h.lines).toEqual(['warn tmux_mcp.timing: loud', 'info tmux_mcp.timing: now on', 'info tmux_mcp.timing: grandchild']);
  });
});
