import { formatName } from './format.js';

const supported = typeof globalThis.fetch === 'function';

export default supported && (async (user) => {
  const response = await globalThis.fetch(`/users/${user.id}`);
  return formatName(response.first, response.last);
});
