import { Field } from '../framework/decorators/param.decorator';

/** One machine of list_hosts (docs/reference/tools.md#hostinfo). */
export class HostInfo {
  @Field({ type: 'string', description: "'local' for this machine, else the configured ssh destination" }) host!: string;
  @Field({ type: 'boolean' }) reachable!: boolean;
  @Field({ type: 'string', nullable: true }) tmux_version!: string | null;
  @Field({ type: 'string', nullable: true }) error!: string | null;
}
