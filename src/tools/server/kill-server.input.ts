import { ServerTarget } from '../common/target.inputs';

export class KillServerInput extends ServerTarget {}
