import { Param } from '../../../src/framework/decorators/param.decorator';
import { Tool } from '../../../src/framework/decorators/tool.decorator';
import { ExpectedToolError } from '../../../src/framework/errors/tool-errors';
import { definePlugin } from '../../../src/framework/plugins/plugin';
import { TOOL_CLASSES } from '../../../src/framework/tokens';
import { HOSTS_FEATURE } from '../../../src/tools/common/common-params';

/** Test-only tools of every tier, so the batch rules do not depend on other families' progress. */
class KeysInput {
  @Param({ type: 'string' }) keys!: string;
  @Param({ type: 'string', nullable: true, default: null }) pane_id!: string | null;
  /** Only with hosts configured (docs/reference/protocol.md#features): else an unknown argument. */
  @Param({ type: 'string', nullable: true, default: null, feature: HOSTS_FEATURE }) via!: string | null;
}

@Tool('mutating', { title: 'Fake Mutate' })
export class FakeMutateTool {
  static toolName = 'fake_mutate';
  static description = 'Mutating test tool with a sensitive keys argument.';
  static Input = KeysInput;
  static Output = String;
  async execute(i: KeysInput): Promise<string> {
    return `sent ${i.keys.length} chars`;
  }
}

@Tool('destructive', { title: 'Fake Destroy' })
export class FakeDestroyTool {
  static toolName = 'fake_destroy';
  static description = 'Destructive test tool.';
  static Input = class {};
  static Output = String;
  async execute(): Promise<string> {
    return 'destroyed';
  }
}

@Tool('readonly', { title: 'Fake Wait', tags: ['self-bounded'] })
export class FakeWaitTool {
  static toolName = 'fake_wait';
  static description = 'Self-bounded test tool.';
  static Input = class {};
  static Output = String;
  async execute(): Promise<string> {
    return 'waited';
  }
}

@Tool('readonly', { title: 'Fake Fail' })
export class FakeFailTool {
  static toolName = 'fake_fail';
  static description = 'Always fails with an expected error.';
  static Input = class {};
  static Output = String;
  async execute(): Promise<string> {
    throw new ExpectedToolError('fake failure', { suggestion: 'Do something else.' });
  }
}

class BigInput {
  @Param({ type: 'integer' }) size!: number;
}

@Tool('readonly', { title: 'Fake Big' })
export class FakeBigTool {
  static toolName = 'fake_big';
  static description = 'Returns a large string (no response limit of its own).';
  static Input = BigInput;
  static Output = String;
  async execute(i: BigInput): Promise<string> {
    return 'b'.repeat(i.size);
  }
}

class FeaturedInput {
  /** A nullable enum: `{"type": ["string", "null"], "enum": ["a", "b", null]}` (docs/reference/protocol.md#nullable-parameters). */
  @Param({ enum: ['a', 'b'], nullable: true, default: null }) mode!: 'a' | 'b' | null;
}

/** Listed and callable only with hosts configured (docs/reference/protocol.md#features). */
@Tool('readonly', { title: 'Fake Featured', feature: HOSTS_FEATURE })
export class FakeFeaturedTool {
  static toolName = 'fake_featured';
  static description = 'Readonly test tool that needs the hosts feature.';
  static Input = FeaturedInput;
  static Output = String;
  async execute(i: FeaturedInput): Promise<string> {
    return `mode ${String(i.mode)}`;
  }
}

export const fakesPlugin = definePlugin({
  name: 'batch-test-fakes',
  register(container) {
    for (const t of [FakeMutateTool, FakeDestroyTool, FakeWaitTool, FakeFailTool, FakeBigTool, FakeFeaturedTool])
      container.register(TOOL_CLASSES, { useValue: t });
  },
});
