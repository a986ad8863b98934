import winston from 'winston';
import { Field } from '../../../src/framework/decorators/param.decorator';
import { loggerFactoryFor } from '../../../src/framework/logging/logger.factory';
import { getParams } from '../../../src/framework/metadata/param-metadata';
import { normalizeModel, serializeResult } from '../../../src/framework/output/result-serializer';
import { formatOf, PANE_FIELDS, parseRows, SEP } from '../../../src/services/tmux-formats';

/**
 * The per-call paths rewritten for speed (bench 1, bench 6) keep their old results: generated
 * normalizers and row builders, the cached param lists, and level-gated loggers.
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

describe('normalizeModel (generated per model)', () => {
  it('keeps declared fields in order, fills null and [] like the generic loop did', () => {
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

describe('parseRows (generated row builders)', () => {
  it('maps fields in order and pads missing ones with empty strings', () => {
    const fields = ['pane_id', 'pane_title', 'pane_index'];
    const rows = parseRows([`%1${SEP}t${SEP}0`, `%2${SEP}u`], fields);
    expect(rows).toEqual([
      { pane_id: '%1', pane_title: 't', pane_index: '0' },
      { pane_id: '%2', pane_title: 'u', pane_index: '' },
    ]);
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
    expect(row.session_name).toBe(`session_name=${PANE_FIELDS.length - 1}`);
  });
});

describe('level-gated loggers', () => {
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
          stream: new (require('node:stream').Writable)({
            write(chunk: Buffer, _enc: string, cb: () => void) {
              lines.push(chunk.toString().trim());
              cb();
            },
          }),
        }),
      ],
    });
    return { root, lines, formatted: () => formatted };
  }

  it('a disabled level is never formatted; enabled levels log as before, with the child name', () => {
    const h = harness('warn');
    const log = loggerFactoryFor(h.root)('tmux_mcp.audit');
    log.info('quiet');
    log.debug('quiet');
    log.log('info', 'quiet');
    expect(h.formatted()).toBe(0);
    expect(log.isLevelEnabled('info')).toBe(false);
    log.warn('loud');
    log.log('error', 'louder');
    expect(h.lines).toEqual(['warn tmux_mcp.audit: loud', 'error tmux_mcp.audit: louder']);
  });

  it('follows a level changed at run time, and children of children still log', () => {
    const h = harness('warn');
    const log = loggerFactoryFor(h.root)('tmux_mcp.timing');
    h.root.level = 'info';
    log.info('now on');
    log.child({ extra: 1 }).info('grandchild');
    expect(h.lines).toEqual(['info tmux_mcp.timing: now on', 'info tmux_mcp.timing: grandchild']);
  });
});
