// The public API of game/: pure rules, provably-fair dice, the room machine and the wire format.
export * from './board';
export * from './dice';
export * from './game-state';
export * from './log';
export * from './messages';
export * from './payout';
export * from './protocol';
export * from './replay';
export * from './room-options';
export * from './room-context';
export * from './room-machine';
export * from './rules';
export * from './statement';
export * from './timing';
export * from './view';
export * from './lesson';
export * from './bots';
