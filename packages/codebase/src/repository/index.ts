/** The repository under investigation as one value: root, files, package name, index on demand. */
export { type OpenRepositoryOptions, openRepository, type Repository } from './repository.js';
