import 'reflect-metadata';
import { IsInt, IsString, Min } from 'class-validator';
import { Default } from '../../../src/framework/decorators/dto.decorators';
import { Field, Param } from '../../../src/framework/decorators/param.decorator';
import { TrailingFields } from '../../../src/framework/decorators/trailing-fields.decorator';
import { getParams } from '../../../src/framework/metadata/param-metadata';
import { dtoPlan } from '../../../src/framework/validation/dto-plan';
import { objectSchema } from '../../../src/framework/validation/dto-schema';
import { validateDto } from '../../../src/framework/validation/dto-validator';

/** Fragments that end the classes extending them (docs/architecture.md#field-order). */

const opt = { type: 'string', nullable: true, default: null } as const;

class ServerFirst {
  @Param(opt) socket_name!: string | null;
  @Param({ ...opt, description: 'ssh host' }) host!: string | null;
}
@TrailingFields()
class Server extends ServerFirst {}

class PaneFirst extends Server {
  @Param(opt) pane_id!: string | null;
  @Param(opt) session_name!: string | null;
  @Param(opt) session_id!: string | null;
  @Param(opt) window_id!: string | null;
}
@TrailingFields()
class Pane extends PaneFirst {}

@TrailingFields()
class Window extends Server {
  @Param(opt) window_id!: string | null;
  @Param(opt) window_index!: string | null;
  @Param(opt) session_name!: string | null;
  @Param(opt) session_id!: string | null;
}

/** A tail with a field after the server. */
@TrailingFields()
class Listing extends ServerFirst {
  @Param({ type: 'string-map-or-json', nullable: true, default: null }) filters!: unknown;
}

class ClearPane extends Pane {}
class RenameWindow extends Window {
  @Param({ type: 'string' }) new_name!: string;
}
class Snapshot extends PaneFirst {
  @Param({ type: 'integer', nullable: true, default: 500, minimum: 1 }) max_lines!: number | null;
}
class ListWindows extends Listing {
  @Param(opt) session_name!: string | null;
}
/** Plain class-validator decorators, two levels below a fragment. */
class Base extends Server {
  @IsString() a!: string;
}
class Derived extends Base {
  @IsInt() @Min(1) @Default(3) b!: number;
}

const PANE = ['pane_id', 'session_name', 'session_id', 'window_id'];
const SERVER = ['socket_name', 'host'];
const names = (cls: new () => object) => dtoPlan(cls).fields.map((f) => f.name);
const schemaKeys = (cls: new () => object) => Object.keys((objectSchema(cls) as { properties: object }).properties);

describe('@TrailingFields() (docs/architecture.md#field-order)', () => {
  it("puts a trailing fragment's fields after the subclass's own, most-derived fragment first", () => {
    expect(names(Server)).toEqual(SERVER);
    expect(names(ClearPane)).toEqual([...PANE, ...SERVER]);
    expect(names(RenameWindow)).toEqual(['new_name', 'window_id', 'window_index', 'session_name', 'session_id', ...SERVER]);
    expect(names(Derived)).toEqual(['a', 'b', ...SERVER]);
  });

  it("a class that is not marked puts its fields before its subclasses' and keeps the trailing ones last", () => {
    expect(names(PaneFirst)).toEqual([...PANE, ...SERVER]);
    expect(names(Snapshot)).toEqual([...PANE, 'max_lines', ...SERVER]);
    // a trailing fragment made of a leading class: its whole list trails, in its own order
    expect(names(Listing)).toEqual([...SERVER, 'filters']);
    expect(names(ListWindows)).toEqual(['session_name', ...SERVER, 'filters']);
  });

  it('a field declared again keeps its place and takes the new options', () => {
    class Described extends Pane {
      @Param({ ...opt, description: 'Wins over direction' }) override pane_id: string | null = null;
      @Param({ type: 'string' }) direction!: string;
    }
    expect(names(Described)).toEqual(['direction', ...PANE, ...SERVER]);
    const s = objectSchema(Described) as { properties: Record<string, { description?: string }> };
    expect(s.properties.pane_id.description).toBe('Wins over direction');
    expect(Object.keys(s.properties)).toEqual(names(Described));
  });

  it('the schema, validation and defaults agree on the order and the inherited constraints', () => {
    for (const cls of [ClearPane, RenameWindow, Snapshot, ListWindows, Derived]) expect(schemaKeys(cls)).toEqual(names(cls));
    // class-validator checks the fragment's fields on the subclass; violations come in schema order
    const bad = validateDto(RenameWindow, { host: 1, zz: 1, window_index: 2 });
    expect(bad.violations.map((v) => [v.loc.join('.'), v.type])).toEqual([
      ['zz', 'extra_forbidden'],
      ['new_name', 'missing'],
      ['window_index', 'string_type'],
      ['host', 'string_type'],
    ]);
    expect(validateDto(Derived, { a: 'x', b: 0 }).violations).toEqual([
      expect.objectContaining({ loc: ['b'], type: 'greater_than_equal' }),
    ]);
    const ok = validateDto(Derived, { a: 'x', socket_name: 's' });
    expect(ok.violations).toEqual([]);
    expect(ok.value).toBeInstanceOf(Derived);
    expect(ok.value).toMatchObject({ a: 'x', b: 3, socket_name: 's', host: null });
    expect((objectSchema(Derived) as { required: string[] }).required).toEqual(['a']);
  });

  it('orders output model fields the same way', () => {
    @TrailingFields()
    class Stamp {
      @Field({ type: 'string' }) at!: string;
    }
    class Row extends Stamp {
      @Field({ type: 'string' }) id!: string;
      @Field({ type: 'integer' }) n!: number;
    }
    expect(getParams(Row).map((p) => p.name)).toEqual(['id', 'n', 'at']);
    expect(getParams(Stamp).map((p) => p.name)).toEqual(['at']);
  });
});
