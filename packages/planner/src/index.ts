export { checkPlan } from './check.js';
export { PlannerInputError } from './model.js';
export { checkSolomonRoutes, euclidean, parseSolomon, type SolomonInstance, solomonProblem } from './solomon.js';
export { solve } from './solve.js';
export type * from './types.js';
export { generatePdpDay, type GeneratedDayOptions } from './generate.js';
export { type CurrentRoute, type InsertionOffer, planInsertion } from './insert.js';
export { checkLiLimRoutes, type LiLimInstance, liLimProblem, parseLiLim } from './lilim.js';
export { generateCourierDay, type CourierDayOptions } from './generate.js';
