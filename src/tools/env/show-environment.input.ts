import { SessionTarget } from '../common/target.inputs';

export class ShowEnvironmentInput extends SessionTarget {}
