/**
 * @sightline/codebase/testing — test doubles for code that shows repository text: a hostile
 * repository with planted (fake) secrets, links outside and forged names, and a leak detector.
 */

export {
  createHostileRepository,
  type HostileRepository,
  type PlantedSecret,
  wrongGuess,
} from './hostile-repository.js';
