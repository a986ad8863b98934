import 'reflect-metadata';
import { container as rootContainer, inject, injectable } from 'tsyringe';
import { HandleErrors } from '../../../src/framework/decorators/handle-errors.decorator';
import { Param } from '../../../src/framework/decorators/param.decorator';
import { Tool } from '../../../src/framework/decorators/tool.decorator';
import { UseInterceptors } from '../../../src/framework/decorators/use-interceptors.decorator';
import type { ErrorMapper } from '../../../src/framework/errors/tool-errors';
import { ToolRegistrationError, ToolRegistry } from '../../../src/framework/registry/tool-registry';
import { ERROR_MAPPERS, token, TOOL_CLASSES } from '../../../src/framework/tokens';

/**
 * The start-up check for missing decorator metadata (docs/reference/configuration.md#plugin-projects):
 * a class the container builds, whose constructor takes parameters the metadata does not name,
 * stops the server at registration, naming the class and the compiler setting — instead of
 * `TypeInfo not known for "X"` at the tool's first call.
 *
 * Jest compiles these tests with swc's decorator metadata on, so a class written with `@Tool`
 * syntax carries `design:paramtypes`; applying the decorator by hand to an undecorated class
 * reproduces what tsx, esbuild and swc emit by default (decorators applied, no metadata).
 */

class Pool {
  readonly id = 'pool';
}
const POOL = token<Pool>('test-injection-check-pool');

class In {
  @Param({ type: 'string', nullable: true, default: null }) socket_name!: string | null;
}

const statics = (name: string) => ({ toolName: name, description: 'Counts.', Input: In, Output: String });

function registryWith(...tools: unknown[]): () => ToolRegistry {
  const c = rootContainer.createChildContainer();
  for (const t of tools) c.register(TOOL_CLASSES, { useValue: t as never });
  return () => new ToolRegistry(c);
}

describe('start-up check: decorator metadata for constructor injection', () => {
  it('refuses a tool class whose constructor parameters have no metadata, naming the class and the setting', () => {
    class CountPanesTool {
      constructor(readonly pool: Pool) {}
      async execute(): Promise<string> {
        return this.pool.id;
      }
    }
    Object.assign(CountPanesTool, statics('count_panes_nometa'));
    Tool('readonly')(CountPanesTool); // applied by hand: no design:paramtypes, as tsx/esbuild/swc emit it

    const build = registryWith(CountPanesTool);
    expect(build).toThrow(ToolRegistrationError);
    expect(build).toThrow(
      'tool class CountPanesTool cannot be built: its constructor parameter #0 has no type in the decorator metadata ' +
        '(design:paramtypes), so the services to inject are unknown. Compile it with "experimentalDecorators": true and ' +
        '"emitDecoratorMetadata": true in tsconfig.json — tsx, esbuild and swc do not emit decorator metadata by default — ' +
        'or give every constructor parameter an @inject(token)',
    );
  });

  it('accepts the same class compiled with metadata, and one whose parameters all have @inject tokens', () => {
    @Tool('readonly')
    class WithMetadata {
      static toolName = 'with_metadata';
      static description = 'Counts.';
      static Input = In;
      static Output = String;
      constructor(readonly pool: Pool) {}
      async execute(): Promise<string> {
        return this.pool.id;
      }
    }
    expect(Reflect.getMetadata('design:paramtypes', WithMetadata)).toEqual([Pool]); // the premise

    class WithTokens {
      constructor(readonly pool: Pool) {}
      async execute(): Promise<string> {
        return this.pool.id;
      }
    }
    Object.assign(WithTokens, statics('with_tokens'));
    inject(POOL)(WithTokens, undefined, 0);
    Tool('readonly')(WithTokens);

    class NoParameters {
      async execute(): Promise<string> {
        return 'none';
      }
    }
    Object.assign(NoParameters, statics('no_parameters'));
    Tool('readonly')(NoParameters);

    expect(
      registryWith(WithMetadata, WithTokens, NoParameters)()
        .all()
        .map((d) => d.name),
    ).toEqual(['with_metadata', 'with_tokens', 'no_parameters']);
  });

  it('names only the parameters that lack both a type and a token', () => {
    class Mixed {
      constructor(
        readonly a: Pool,
        readonly b: Pool,
      ) {}
      async execute(): Promise<string> {
        return this.a.id + this.b.id;
      }
    }
    Object.assign(Mixed, statics('mixed_tokens'));
    inject(POOL)(Mixed, undefined, 1);
    Tool('readonly')(Mixed);
    expect(registryWith(Mixed)).toThrow(/^tool class Mixed cannot be built: its constructor parameter #0 has no type/);
  });

  it('checks the mappers of @HandleErrors and the classes of @UseInterceptors, and says they need a decorator', () => {
    class NeedsPoolMapper implements ErrorMapper {
      constructor(readonly pool: Pool) {}
      map(): undefined {
        return undefined;
      }
    }
    @Tool('readonly')
    @HandleErrors(NeedsPoolMapper)
    class MappedTool {
      static toolName = 'mapped_tool';
      static description = 'Counts.';
      static Input = In;
      static Output = String;
      async execute(): Promise<string> {
        return 'x';
      }
    }
    expect(registryWith(MappedTool)).toThrow(
      /^error mapper \(@HandleErrors of MappedTool\) NeedsPoolMapper cannot be built: .*tsconfig\.json \(TypeScript emits it only for a decorated class: add tsyringe's @injectable\(\)\)/,
    );

    class NeedsPoolInterceptor {
      readonly order = 0;
      constructor(readonly pool: Pool) {}
      async intercept(): Promise<never> {
        throw new Error('unused');
      }
    }
    @Tool('readonly')
    @UseInterceptors(NeedsPoolInterceptor)
    class InterceptedTool {
      static toolName = 'intercepted_tool';
      static description = 'Counts.';
      static Input = In;
      static Output = String;
      async execute(): Promise<string> {
        return 'x';
      }
    }
    expect(registryWith(InterceptedTool)).toThrow(
      /^interceptor \(@UseInterceptors of InterceptedTool\) NeedsPoolInterceptor cannot be built/,
    );
  });

  it('checks the global ERROR_MAPPERS classes; an @injectable() mapper passes', () => {
    class GlobalMapper implements ErrorMapper {
      constructor(readonly pool: Pool) {}
      map(): undefined {
        return undefined;
      }
    }
    @injectable()
    class InjectableMapper implements ErrorMapper {
      constructor(readonly pool: Pool) {}
      map(): undefined {
        return undefined;
      }
    }
    const c = rootContainer.createChildContainer();
    c.register(ERROR_MAPPERS, { useValue: InjectableMapper });
    expect(() => new ToolRegistry(c)).not.toThrow();
    c.register(ERROR_MAPPERS, { useValue: GlobalMapper });
    expect(() => new ToolRegistry(c)).toThrow(/^error mapper \(ERROR_MAPPERS\) GlobalMapper cannot be built: its constructor parameter #0/);
  });
});
