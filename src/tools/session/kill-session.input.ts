import { SessionTarget } from '../common/target.inputs';

export class KillSessionInput extends SessionTarget {}
